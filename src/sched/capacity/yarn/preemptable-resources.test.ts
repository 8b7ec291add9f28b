/**
 * The proportional capacity preemption policy's arithmetic against the
 * cases of Hadoop's TestProportionalCapacityPreemptionPolicy. Each case is
 * a queue tree given as Hadoop's tables give it, in units of 1 MB: per
 * queue in pre-order its absolute capacity, absolute maximum capacity,
 * usage, pending demand and number of children; each leaf with a job holds
 * one-unit containers. Hadoop's tests take back the whole ideal amount in
 * one round (total_preemption_per_round and natural_termination_factor
 * 1.0) and ignore 10% over capacity; the expected numbers are how many
 * containers of each leaf's job it asks to preempt.
 */
import { describe, expect, it } from 'vitest';
import type { Resources } from '../../../model/resources.js';
import { resourcesToObtain, selectCandidates, type PreemptionPace, type QueueSnapshot } from './preemptable-resources.js';
import { DEFAULT_CALCULATOR, DOMINANT_CALCULATOR } from './resource-calculator.js';

const MB = 2 ** 20;
const units = (n: number): Resources => ({ memory: n * MB, vcores: n });

interface Case {
  readonly test: string;
  readonly abs: readonly number[];
  readonly maxCap: readonly number[];
  readonly used: readonly number[];
  readonly pending: readonly number[];
  readonly subqueues: readonly number[];
  /** Queue names in pre-order, the root first. */
  readonly names: readonly string[];
  readonly disabled?: readonly string[];
  readonly pace?: Partial<PreemptionPace>;
  /** Containers preempted per leaf; leaves left out lose none. */
  readonly preempted: Readonly<Record<string, number>>;
}

const FLAT3 = { subqueues: [3, 0, 0, 0], names: ['root', 'A', 'B', 'C'] };
const HIER = { subqueues: [2, 2, 0, 0, 2, 0, 0], names: ['root', 'A', 'B', 'C', 'D', 'E', 'F'] };
const BROAD = { subqueues: [3, 2, 0, 0, 2, 0, 0, 2, 0, 0], names: ['root', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] };
const INHERIT = { subqueues: [2, 3, 0, 0, 0, 3, 0, 0, 0], names: ['root', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] };
const HIER_USE = { abs: [200, 100, 50, 50, 100, 10, 90], maxCap: [200, 200, 200, 200, 200, 200, 200], used: [200, 110, 60, 50, 90, 90, 0], pending: [10, 0, 0, 0, 10, 0, 10] };
const BROAD_USE = {
  abs: [1000, 350, 150, 200, 400, 200, 200, 250, 100, 150],
  maxCap: Array<number>(10).fill(1000),
  used: [1000, 400, 200, 200, 400, 250, 150, 200, 150, 50],
  pending: [50, 0, 0, 0, 50, 0, 50, 0, 0, 0],
};
const INHERIT_USE = {
  abs: [1000, 500, 200, 200, 100, 500, 200, 200, 100],
  maxCap: Array<number>(9).fill(1000),
  used: [1000, 700, 0, 350, 350, 300, 0, 200, 100],
  pending: [200, 0, 0, 0, 0, 200, 200, 0, 0],
};
const FOUR = { abs: [100, 10, 40, 20, 30], maxCap: [100, 100, 100, 100, 100], used: [100, 30, 60, 10, 0], pending: [45, 20, 5, 20, 0] };
const CYCLE = { abs: [100, 40, 40, 20], maxCap: [100, 100, 100, 100], used: [100, 0, 60, 40], pending: [10, 10, 0, 0] };
const IMBALANCE = { abs: [100, 40, 40, 20], maxCap: [100, 100, 100, 100], used: [100, 55, 45, 0], pending: [20, 10, 10, 0] };

const CASES: readonly Case[] = [
  { test: 'testIgnore: no demand, no correction', ...FLAT3, abs: [100, 40, 40, 20], maxCap: [100, 100, 100, 100], used: [100, 0, 60, 40], pending: [0, 0, 0, 0], preempted: {} },
  { test: 'testProportionalPreemption', subqueues: [4, 0, 0, 0, 0], names: ['root', 'A', 'B', 'C', 'D'], ...FOUR, preempted: { A: 10 } },
  { test: 'testMaxCap: B at its maximum, A not preempted', ...FLAT3, abs: [100, 40, 40, 20], maxCap: [100, 100, 45, 100], used: [100, 55, 45, 0], pending: [20, 10, 10, 0], preempted: {} },
  { test: 'testPreemptCycle', ...FLAT3, ...CYCLE, preempted: { C: 10 } },
  { test: 'testDeadzone: within 10% over capacity', ...FLAT3, abs: [100, 40, 40, 20], maxCap: [100, 100, 100, 100], used: [100, 39, 43, 21], pending: [10, 10, 0, 0], preempted: {} },
  {
    test: 'testPerQueueDisablePreemption, B disabled',
    ...FLAT3,
    abs: [100, 55, 25, 20],
    maxCap: [100, 100, 100, 100],
    used: [100, 0, 54, 46],
    pending: [10, 10, 0, 0],
    disabled: ['B'],
    preempted: { C: 10 },
  },
  { test: 'testPerQueueDisablePreemption, B enabled', ...FLAT3, abs: [100, 55, 25, 20], maxCap: [100, 100, 100, 100], used: [100, 0, 54, 46], pending: [10, 10, 0, 0], preempted: { B: 4, C: 6 } },
  { test: 'testHierarchical: from B under over-capacity A, not E under D', ...HIER, ...HIER_USE, preempted: { B: 10 } },
  { test: 'testPerQueueDisablePreemptionHierarchical, B disabled', ...HIER, ...HIER_USE, disabled: ['B'], preempted: { E: 10 } },
  { test: 'testPerQueueDisablePreemptionBroadHierarchical', ...BROAD, ...BROAD_USE, preempted: { B: 27, E: 23 } },
  { test: 'testPerQueueDisablePreemptionBroadHierarchical, B disabled', ...BROAD, ...BROAD_USE, disabled: ['B'], preempted: { E: 50 } },
  { test: 'testPerQueueDisablePreemptionBroadHierarchical, B and E disabled', ...BROAD, ...BROAD_USE, disabled: ['B', 'E'], preempted: {} },
  { test: 'testPerQueueDisablePreemptionInheritParent', ...INHERIT, ...INHERIT_USE, preempted: { C: 17, D: 183 } },
  { test: 'testPerQueueDisablePreemptionInheritParent, A and its children disabled', ...INHERIT, ...INHERIT_USE, disabled: ['A', 'B', 'C', 'D'], preempted: {} },
  {
    test: 'testPerQueuePreemptionNotAllUntouchable',
    ...INHERIT,
    abs: [2000, 1000, 800, 100, 100, 1000, 500, 300, 200],
    maxCap: Array<number>(9).fill(2000),
    used: [2000, 1300, 300, 800, 200, 700, 500, 0, 200],
    pending: [300, 0, 0, 0, 0, 300, 0, 300, 0],
    disabled: ['C'],
    preempted: { D: 100 },
  },
  {
    test: 'testPerQueueDisablePreemptionRootDisablesAll',
    ...BROAD,
    abs: [1000, 500, 250, 250, 250, 100, 150, 250, 100, 150],
    maxCap: Array<number>(10).fill(1000),
    used: [1000, 20, 0, 20, 490, 240, 250, 490, 240, 250],
    pending: [200, 200, 200, 0, 0, 0, 0, 0, 0, 0],
    disabled: ['B', 'C', 'E', 'F', 'H', 'I'],
    preempted: {},
  },
  {
    test: 'testPerQueueDisablePreemptionOverAbsMaxCapacity: E over its maximum but D disabled',
    ...HIER,
    abs: [1000, 725, 360, 365, 275, 17, 258],
    maxCap: [1000, 1000, 1000, 1000, 550, 109, 1000],
    used: [1000, 741, 396, 345, 259, 110, 149],
    pending: [40, 20, 0, 20, 20, 20, 0],
    disabled: ['D', 'E', 'F'],
    preempted: {},
  },
  { test: 'testOverCapacityImbalance: not between over-capacity queues', ...FLAT3, ...IMBALANCE, preempted: {} },
  { test: 'testNaturalTermination', ...FLAT3, ...IMBALANCE, pace: { naturalTerminationFactor: 0.1 }, preempted: {} },
  {
    test: 'testZeroGuar: B without a guarantee, A not preempted',
    ...HIER,
    abs: [200, 100, 0, 99, 100, 10, 90],
    maxCap: [200, 200, 200, 200, 200, 200, 200],
    used: [170, 80, 60, 20, 90, 90, 0],
    pending: [10, 0, 0, 0, 10, 0, 10],
    preempted: {},
  },
];

/** The tree of a case, in pre-order. */
function snapshotOf(c: Case): QueueSnapshot {
  let next = 0;
  const build = (): QueueSnapshot => {
    const i = next++;
    const children = Array.from({ length: c.subqueues[i] }, build);
    return { name: c.names[i], guaranteed: units(c.abs[i]), maximum: units(c.maxCap[i]), used: units(c.used[i]), pending: units(c.pending[i]), preemptionDisabled: c.disabled?.includes(c.names[i]) ?? false, children };
  };
  return build();
}

const HADOOP_TEST_PACE: PreemptionPace = { totalPreemptionPerRound: 1, maxIgnoredOverCapacity: 0.1, naturalTerminationFactor: 1 };

/** Containers preempted per leaf: each leaf's job holds one-unit containers, as many as the leaf uses. */
function preemptedPerLeaf(c: Case): Record<string, number> {
  const root = snapshotOf(c);
  const cluster = root.guaranteed;
  const pace = { ...HADOOP_TEST_PACE, ...c.pace };
  const toObtain = resourcesToObtain(DEFAULT_CALCULATOR, cluster, root, pace);
  const usedOf = new Map(c.names.map((name, i) => [name, c.used[i]]));
  const candidates = (leaf: string) => Array.from({ length: usedOf.get(leaf)! }, () => ({ resources: units(1), ref: leaf }));
  const counts: Record<string, number> = {};
  for (const leaf of selectCandidates(DEFAULT_CALCULATOR, cluster, toObtain, candidates, pace)) counts[leaf] = (counts[leaf] ?? 0) + 1;
  return counts;
}

describe('proportional capacity preemption, as Hadoop’s tests pin it', () => {
  it.each(CASES)('$test', (c) => {
    expect(preemptedPerLeaf(c)).toEqual(c.preempted);
  });
});

describe('the pace of preemption', () => {
  const [cycle] = CASES.filter((c) => c.test === 'testPreemptCycle');

  it('takes back at most total_preemption_per_round of the cluster in a check', () => {
    // C should give back 10 of the 100-unit cluster; 5% per round allows 5.
    expect(preemptedPerLeaf({ ...cycle, pace: { totalPreemptionPerRound: 0.05 } })).toEqual({ C: 5 });
  });

  it('takes back natural_termination_factor of the excess, rounded up', () => {
    expect(preemptedPerLeaf({ ...cycle, pace: { naturalTerminationFactor: 0.2 } })).toEqual({ C: 2 });
    expect(preemptedPerLeaf({ ...cycle, pace: { naturalTerminationFactor: 0.25 } })).toEqual({ C: 3 });
  });

  it('skips a container larger than what is left of the round’s allowance, and takes the smaller ones after it', () => {
    const cluster = units(100);
    const toObtain = new Map([['C', units(10)]]);
    const candidates = [
      { resources: units(8), ref: 'big' },
      { resources: units(4), ref: 'first' },
      { resources: units(4), ref: 'second' },
      { resources: units(4), ref: 'third' },
    ];
    expect(selectCandidates(DEFAULT_CALCULATOR, cluster, toObtain, () => candidates, { totalPreemptionPerRound: 0.1 })).toEqual(['big']);
    expect(selectCandidates(DEFAULT_CALCULATOR, cluster, toObtain, () => candidates, { totalPreemptionPerRound: 0.07 })).toEqual(['first']);
    // Under 10% the 8-unit container does not fit; the 4-unit ones do until 10 units are taken back or the allowance runs out.
    expect(selectCandidates(DEFAULT_CALCULATOR, units(200), toObtain, () => candidates.slice(1), { totalPreemptionPerRound: 0.1 })).toEqual(['first', 'second', 'third']);
  });

  it('under the dominant calculator, keeps taking while vcores are still owed', () => {
    const cluster = { memory: 100 * MB, vcores: 100 };
    const owed = new Map([['C', { memory: 2 * MB, vcores: 6 }]]);
    const candidates = Array.from({ length: 5 }, (_, i) => ({ resources: { memory: 2 * MB, vcores: 2 }, ref: i }));
    expect(selectCandidates(DOMINANT_CALCULATOR, cluster, owed, () => candidates, { totalPreemptionPerRound: 1 })).toEqual([0, 1, 2]);
    expect(selectCandidates(DEFAULT_CALCULATOR, cluster, owed, () => candidates, { totalPreemptionPerRound: 1 })).toEqual([0]);
  });
});
