import { describe, expect, it } from 'vitest';
import { mapsRunningAt } from '../../test-support/attempt-rows.js';
import { conformanceScenario } from '../../experiment/conformance-scenarios.js';
import { parseScenarioText } from '../../input/load-scenario.js';
import { KIND_MAP, STATUS_KILLED, type RunRecord } from '../../model/run-record.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import { Random } from '../../util/random.js';
import { createScheduler } from '../create-scheduler.js';
import { fairScheduler } from './index.js';
import { compareDominantShares, compareMemory } from './yarn/resource-calculator.js';
import { containersToFree, divideMinShareStarvation, fairShareShortfall, minShareShortfall, starvedRequests, type PreemptionApp, type TaskContainer } from './yarn-preemption.js';

const GB = 2 ** 30;

/**
 * TestFairSchedulerPreemption's cluster and jobs: two nodes of 4 GB and 12
 * vcores; a greedy job of 8 maps of 1 GB and 1 vcore takes them all; a
 * starving job of 4 maps of 2 GB and 2 vcores comes at 10 s. Our jobs have
 * AMs (1 GB, 1 vcore), which Hadoop's test jobs do not: a third node holds
 * the two AMs and no task, so the two task nodes are the test's. Shares
 * count the AMs: each job's fair share is half of 10 GB.
 */
function preemptionScenario(greedyPool: string, starvingPool: string, fair: string, policy: 'fair' | 'drf' = 'fair') {
  return parseScenarioText(
    `
cluster:
  racks:
    - id: r1
      nodes:
        - { id: am, memory: 2 GB, vcores: 2 }
        - { id: n1, memory: 4 GB, vcores: 12 }
        - { id: n2, memory: 4 GB, vcores: 12 }
pools:
  - { id: preemptable }
  - { id: preemptable.child-1, minResources: { memory: 5 GB, vcores: 5 } }
  - { id: preemptable.child-2, minResources: { memory: 5 GB, vcores: 5 } }
  - { id: preemptable-sibling }
  - { id: nonpreemptable, allowPreemptionFrom: false }
  - { id: nonpreemptable.child-1, minResources: { memory: 5 GB, vcores: 5 } }
jobs:
  - { id: greedy, pool: ${greedyPool}, maps: 8, mapTime: 1000 s, mapContainer: { memory: 1 GB, vcores: 1 } }
  - { id: starving, pool: ${starvingPool}, submit: 10 s, maps: 4, mapTime: 1000 s, mapContainer: { memory: 2 GB, vcores: 2 } }
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 }
schedulerOptions:
  fair: { schedulingPolicy: ${policy}, assignMultiple: true${fair} }
`,
    'preemption.yaml',
  );
}

/** The test's fair-share mode: threshold 1, timeout 0. */
const FAIR_SHARE = ', preemption: true, fairSharePreemptionThreshold: 1, fairSharePreemptionTimeout: 0';
/** The test's min-share mode: the leaves' min shares (its 4 GB and 4 vcores, and the AM's), timeout 0 set on their parent. */
const MIN_SHARE = ', preemption: true, minSharePreemptionTimeouts: { preemptable: 0 }';

function run(scenario: ReturnType<typeof preemptionScenario>): RunRecord {
  const record = simulate(scenario, createScheduler(fairScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** [job, node, start, end] of each killed map attempt. */
function killed(record: RunRecord): [string, string, number, number][] {
  const a = record.attempts;
  const rows: [string, string, number, number][] = [];
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] === KIND_MAP && a.status[i] === STATUS_KILLED) {
      rows.push([record.scenario.jobs[a.job[i]].id, record.scenario.cluster.nodes[a.node[i]].id, a.start[i], a.end[i]]);
    }
  }
  return rows;
}


describe("YARN's Fair Scheduler preemption on a resource cluster (TestFairSchedulerPreemption)", () => {
  it('preempts nothing by default', () => {
    const record = run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', ''));
    expect(killed(record)).toEqual([]);
    expect(mapsRunningAt(record, 100)).toEqual([8, 0]);
  });

  for (const [mode, options] of [
    ['fair-share', FAIR_SHARE],
    ['min-share', MIN_SHARE],
  ] as const) {
    for (const policy of ['fair', 'drf'] as const) {
      it(`testPreemptionBetweenTwoSiblingLeafQueues (${mode}, ${policy}): 4 of the greedy job's containers go, the starving job runs 2`, () => {
        const record = run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', options, policy));
        // The check at 15 s finds the starving job 4 GB short (5 GB share, its AM's 1 GB used): two 2 GB containers.
        // Both fit on n1, the first node: its four maps, the greedy job left at its 5 GB share, killed at n1's
        // heartbeat at 15 s, which comes after the check.
        expect(killed(record)).toEqual(Array.from({ length: 4 }, () => ['greedy', 'n1', 0, 15]));
        expect(mapsRunningAt(record, 100)).toEqual([4, 2]);
      });
    }
  }

  it('testPreemptionBetweenNonSiblingQueues (both kinds): 4 containers from a leaf under another parent', () => {
    for (const options of [FAIR_SHARE, MIN_SHARE.replace('preemptable: 0', 'preemptable: 0, nonpreemptable: 0')]) {
      const record = run(preemptionScenario('preemptable.child-1', 'nonpreemptable.child-1', options));
      expect(killed(record)).toHaveLength(4);
      expect(mapsRunningAt(record, 100)).toEqual([4, 2]);
    }
  });

  it('waits out fairSharePreemptionTimeout: with 30 s, the first check past 10 + 30 s (at 45 s) preempts', () => {
    const record = run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', ', preemption: true, fairSharePreemptionThreshold: 1, fairSharePreemptionTimeout: 30'));
    expect(killed(record)).toEqual(Array.from({ length: 4 }, () => ['greedy', 'n1', 0, 45]));
  });

  it("takes a pool's own fair-share timeout and threshold, else its nearest parent's, before the tree's", () => {
    const fairShare = ', preemption: true, fairSharePreemptionThreshold: 0.5, fairSharePreemptionTimeout: 0';
    // The starving leaf's parent waits 30 s at threshold 1: the first check past 40 s preempts, as with those for the whole tree.
    const parent = run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', `${fairShare}, fairSharePreemptionTimeouts: { preemptable: 30 }, fairSharePreemptionThresholds: { preemptable: 1 }`));
    expect(killed(parent)).toEqual(Array.from({ length: 4 }, () => ['greedy', 'n1', 0, 45]));
    // The leaf's own timeout of 0 wins over its parent's 30 s.
    const own = run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', `${fairShare}, fairSharePreemptionTimeouts: { preemptable: 30, preemptable.child-2: 0 }, fairSharePreemptionThresholds: { preemptable: 1 }`));
    expect(killed(own)).toEqual(killed(run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', FAIR_SHARE))));
  });

  it('testNoPreemptionFromDisallowedQueue (both kinds): nothing is taken from a pool under one with allowPreemptionFrom false', () => {
    for (const options of [FAIR_SHARE, MIN_SHARE]) {
      const record = run(preemptionScenario('nonpreemptable.child-1', 'preemptable.child-1', options));
      expect(killed(record)).toEqual([]);
    }
  });

  it("preempts nothing at YARN's default threshold 0.5 here: 1.5 GB short of 2.5 GB holds no 2 GB container", () => {
    const record = run(preemptionScenario('preemptable.child-1', 'preemptable.child-2', ', preemption: true, fairSharePreemptionTimeout: 0'));
    expect(killed(record)).toEqual([]);
  });

  it('testPreemptionWithinSameLeafQueue: fair-share preemption takes 4 containers between two jobs of one leaf', () => {
    const record = run(preemptionScenario('preemptable.child-1', 'preemptable.child-1', FAIR_SHARE));
    expect(killed(record)).toHaveLength(4);
    expect(mapsRunningAt(record, 100)).toEqual([4, 2]);
  });

  it("testPreemptionWithinSameLeafQueue: min-share preemption takes none, the leaf's min share being met", () => {
    const record = run(preemptionScenario('preemptable.child-1', 'preemptable.child-1', MIN_SHARE));
    expect(killed(record)).toEqual([]);
  });

  it('testPreemptionBetweenSiblingQueuesWithParentAtFairShare, first half: a job in the parent\'s sibling gets half the cluster', () => {
    const record = run(preemptionScenario('preemptable.child-1', 'preemptable-sibling', FAIR_SHARE));
    expect(killed(record)).toHaveLength(4);
    expect(mapsRunningAt(record, 100)).toEqual([4, 2]);
  });
});

/** `memory` GB and `vcores`. */
function r(memory: number, vcores: number) {
  return { memory: memory * GB, vcores };
}

// The cluster of TestFairSchedulerPreemption with our AM node: 10 GB, 26 vcores.
const CLUSTER = r(10, 26);

describe('the starvation rules', () => {
  // FSAppAttempt.fairShareStarvation: below min(threshold × fair share, demand), and by how much.
  it.each([
    ['the starving job of TestFairSchedulerPreemption, threshold 1', r(1, 1), r(9, 9), r(5, 0), 1, compareMemory, true, r(4, 0)],
    ['the same at the default threshold 0.5: 2.5 GB wanted', r(1, 1), r(9, 9), r(5, 0), 0.5, compareMemory, true, r(1.5, 0)],
    ['demand below the share caps the target', r(1, 1), r(3, 3), r(5, 0), 1, compareMemory, true, r(2, 0)],
    ['the greedy job, above its share', r(9, 9), r(9, 9), r(5, 0), 1, compareMemory, false, r(0, 0)],
    ['drf: the dominant share decides (memory 0.1 < 0.5)', r(1, 1), r(9, 9), r(5, 13), 1, compareDominantShares, true, r(4, 8)],
    ['drf: at the dominant share, not below, though vcores are', r(5, 5), r(9, 9), r(5, 13), 1, compareDominantShares, false, r(0, 4)],
  ] as const)('%s', (_, usage, demand, fairShare, threshold, compare, below, amount) => {
    expect(fairShareShortfall({ usage, demand, fairShare }, threshold, compare, CLUSTER)).toEqual({ below, amount });
  });

  // FSLeafQueue.minShareStarvation: min(min share, demand) by the policy's comparison, less the usage.
  it.each([
    ["TestFairSchedulerPreemption's min-share leaf, its job's AM running", r(1, 1), r(9, 9), r(5, 5), compareMemory, r(4, 4)],
    ['demand below the min share', r(1, 1), r(3, 3), r(5, 5), compareMemory, r(2, 2)],
    ['the min share met', r(9, 9), r(9, 9), r(5, 5), compareMemory, r(0, 0)],
    ['memory picks the whole smaller vector, vcores and all', r(1, 1), r(9, 2), r(5, 5), compareMemory, r(4, 4)],
    ['memory: the min share, its 5 GB below the demand\'s 6', r(1, 1), r(6, 2), r(5, 20), compareMemory, r(4, 19)],
    ['drf: the demand, its dominant share 0.6 below the min share\'s 20/26', r(1, 1), r(6, 2), r(5, 20), compareDominantShares, r(5, 1)],
  ] as const)('%s', (_, usage, demand, minShare, compare, expected) => {
    expect(minShareShortfall({ usage, demand, minShare }, compare, CLUSTER)).toEqual(expected);
  });

  // FSLeafQueue.updateStarvedAppsMinshare: what is left after fair-share starvation, job by job.
  it.each([
    ['one job takes what is left', [[8, 8, 0, 0]], r(4, 4), [r(4, 4)]],
    ['its fair-share starvation comes off its pending demand first', [[8, 8, 6, 0]], r(4, 4), [r(2, 8)]],
    ['the first takes its pending demand, the second the rest, the third nothing', [[1, 1, 0, 0], [8, 8, 0, 0], [8, 8, 0, 0]], r(4, 4), [r(1, 1), r(3, 3)]],
  ] as const)('%s', (_, apps, left, expected) => {
    const claims = apps.map(([memory, vcores, fairMemory, fairVcores]) => ({ pending: r(memory, vcores), fairShareStarvation: r(fairMemory, fairVcores) }));
    expect(divideMinShareStarvation(claims, left, compareMemory, CLUSTER)).toEqual(expected);
  });

  // FSAppAttempt.getStarvedResourceRequests: whole containers by memory, request by request.
  it.each([
    ['the starving job: 4 GB is two 2 GB maps', r(4, 0), [['map', r(2, 2), 4]], [['map', r(2, 2), 2]]],
    ['3 GB is still one', r(3, 3), [['map', r(2, 2), 4]], [['map', r(2, 2), 1]]],
    ['no more than pending', r(10, 0), [['map', r(2, 2), 2]], [['map', r(2, 2), 2]]],
    ['reduces first, maps for the rest; a container too large is passed over', r(5, 0), [['reduce', r(8, 1), 1], ['reduce', r(3, 1), 1], ['map', r(1, 1), 5]], [['reduce', r(3, 1), 1], ['map', r(1, 1), 2]]],
  ] as const)('%s', (_, starvation, requests, expected) => {
    const asRequests = (list: readonly (readonly ['map' | 'reduce', { memory: number; vcores: number }, number])[]) =>
      list.map(([kind, capability, count]) => ({ kind, capability, count }));
    expect(starvedRequests(starvation, asRequests(requests))).toEqual(asRequests(expected));
  });
});

describe("the node's containers to free (FSPreemptionThread.identifyContainersToPreemptOnNode)", () => {
  const app = (name: string) => ({ name }) as unknown as PreemptionApp;
  const [greedy, other] = [app('greedy'), app('other')];
  const container = (owner: PreemptionApp, task: number, gb: number): TaskContainer => ({ app: owner, kind: 'map', task, start: 0, resources: r(gb, 1) });
  const node = [container(greedy, 3, 1), container(other, 2, 1), container(greedy, 1, 1), container(greedy, 0, 1)];
  const tasks = (taken: TaskContainer[] | null) => taken?.map((c) => c.task) ?? null;

  it('takes containers in order until the request fits, skipping those whose job would fall below its share', () => {
    expect(tasks(containersToFree(r(2, 2), r(0, 0), node, (c) => c.app === greedy))).toEqual([3, 1]);
  });

  it("counts what is already taken of a job: the greedy job may give one container of 1 GB", () => {
    expect(tasks(containersToFree(r(2, 2), r(0, 0), node, (c, taken) => c.app === greedy && taken.memory === 0))).toBeNull();
    expect(tasks(containersToFree(r(2, 2), r(0, 0), node, (_, taken) => taken.memory === 0))).toEqual([3, 2]);
  });

  it("starts from the node's free room, checked only after a container: room enough still takes the first, if it may", () => {
    expect(tasks(containersToFree(r(2, 2), r(1, 1), node, () => true))).toEqual([3]);
    expect(tasks(containersToFree(r(1, 1), r(1, 1), node, () => true))).toEqual([3]);
    expect(tasks(containersToFree(r(1, 1), r(1, 1), node, () => false))).toEqual([]);
    expect(tasks(containersToFree(r(1, 1), r(1, 1), [], () => true))).toBeNull();
  });
});

describe('preemption on random resource clusters', () => {
  it("keeps the run's invariants on 60 of the conformance check's scenarios, with short timeouts and node failures", () => {
    const random = new Random(7);
    let runs = 0;
    let kills = 0;
    while (runs < 60) {
      const base = conformanceScenario(random, `random ${runs}`);
      if (!base.cluster.nodes.every((node) => node.slotModel === 'resources')) continue;
      const fair = { preemption: true, preemptionInterval: 2, fairSharePreemptionThreshold: 1, fairSharePreemptionTimeout: 3, defaultMinSharePreemptionTimeout: 2, schedulingPolicy: runs % 2 === 0 ? 'fair' : 'drf' };
      // The first pool owed 4 GB and 4 vcores, so that min-share starvation arises too.
      const pools = base.pools.map((pool, i) => (i === 0 ? { ...pool, minResources: r(4, 4) } : pool));
      const scenario = { ...base, pools, schedulerOptions: { fair } };
      const record = simulate(scenario, createScheduler(fairScheduler, scenario), {});
      expect(checkRunInvariants(record)).toEqual([]);
      for (let i = 0; i < record.attempts.count; i++) if (record.attempts.status[i] === STATUS_KILLED) kills++;
      runs++;
    }
    expect(kills).toBeGreaterThan(0);
  });
});
