import { describe, expect, it } from 'vitest';
import type { NodeView, TaskEnd } from '../../sim/policy.js';
import { jobSpecView, testJobView } from '../../test-support/job-view.js';
import { testScenario } from '../../test-support/scenario.js';
import { JobTypeTable } from './job-types.js';
import { LearnedRates } from './learned-rates.js';
import { nodeKinds } from './node-kinds.js';
import { OracleRates } from './oracle-rates.js';
import { nodeJobRate, workloadEstimate } from './shape-profile.js';

// n0: speed 1, n1: speed 2; both 1 map + 1 reduce slot, disk 100 B/s, links 10 B/s.
const scenario = testScenario({
  nodes: [{ speed: 1 }, { speed: 2 }],
  jobs: [
    // Two maps of 100 B (output 50 B each) and two reduces of half the output each.
    { id: 'j', user: 'u', submit: 0, maps: [{ inputBytes: 100, work: 4, outputBytes: 50 }, { inputBytes: 100, work: 6, outputBytes: 50 }], reduces: [{ work: 2 }, { work: 4 }] },
    { id: 'k', user: 'v', submit: 5, maps: [{ work: 1 }] },
  ],
});
const kinds = nodeKinds(scenario.cluster.nodes);
const job = testJobView(0, { submit: 0 });
Object.assign(job, { spec: jobSpecView(scenario.jobs[0]) });
const node = (i: number) => ({ index: i, spec: scenario.cluster.nodes[i] }) as NodeView;
const ended = (kind: 'map' | 'reduce', task: number, on: number, duration: number, status: TaskEnd['status'] = 'succeeded'): TaskEnd =>
  ({ job, kind, task, attempt: 0, node: node(on), start: 0, end: duration, duration, status }) as TaskEnd;

describe('nodeJobRate', () => {
  const profile = { maps: 10, reduces: 1, mapSeconds: [6], reduceSeconds: [30] };
  it('is held back by the busier stage with split slots', () => {
    // Maps 10 × 6 / 4 slots = 15 s, reduces 1 × 30 / 4 = 7.5 s: a job per 15 s.
    const spec = { ...scenario.cluster.nodes[0], mapSlots: 4, reduceSlots: 4, totalSlots: 8 };
    expect(nodeJobRate(spec, profile, 0)).toBeCloseTo(1 / 15, 12);
  });
  it('adds both stages in unified containers', () => {
    // (60 + 30) / 8 containers = 11.25 s.
    const spec = { ...scenario.cluster.nodes[0], slotModel: 'unified' as const, mapSlots: 8, reduceSlots: 8, totalSlots: 8 };
    expect(nodeJobRate(spec, profile, 0)).toBeCloseTo(1 / 11.25, 12);
  });
  it('is 0 on a node without slots of a kind the jobs have', () => {
    expect(nodeJobRate({ ...scenario.cluster.nodes[0], reduceSlots: 0 }, profile, 0)).toBe(0);
  });
});

describe('learned rates', () => {
  it('know a shape once a map and a reduce have succeeded, carrying durations to other kinds by the cluster model', () => {
    const table = new JobTypeTable(scenario.users);
    const rates = new LearnedRates(table, kinds, Infinity);
    const type = table.typeOf(job.spec);
    rates.onJobSubmitted(type, job, 0);
    // Maps on n0: 5 s (read 100 B at 100 B/s = 1 s, work 4) and 7 s (1 + 6); a failed one is not counted.
    rates.onTaskEnded(type, ended('map', 0, 0, 5));
    rates.onTaskEnded(type, ended('map', 1, 0, 7));
    rates.onTaskEnded(type, ended('map', 1, 1, 100, 'failed'));
    expect(rates.profile(table.types[type].shape)).toBeNull();
    // A reduce on n1 (speed 2): 3 s, work 6.
    rates.onTaskEnded(type, ended('reduce', 0, 1, 3));
    const profile = rates.profile(table.types[type].shape)!;
    expect(profile.maps).toBe(2);
    expect(profile.reduces).toBe(2);
    // n0 maps as seen (6 s); n1 maps: read 1 s + mean work 5 / speed 2 = 3.5 s.
    expect(Array.from(profile.mapSeconds)).toEqual([6, 3.5]);
    // n0 reduces: work 6 / speed 1 = 6 s; n1 as seen, 3 s.
    expect(Array.from(profile.reduceSeconds)).toEqual([6, 3]);
  });

  it('count the arrivals of the last window', () => {
    const table = new JobTypeTable([]);
    const rates = new LearnedRates(table, kinds, 10);
    const type = table.typeOf(job.spec);
    for (const t of [0, 5, 12]) rates.onJobSubmitted(type, job, t);
    // At 12: (2, 12] holds 5 and 12. At 15.5: (5.5, 15.5] holds 12.
    expect(rates.arrivalRate(type, 12)).toBe(2);
    expect(rates.arrivalRate(type, 15.5)).toBe(1);
    expect(new LearnedRates(table, kinds, Infinity).arrivalRate(type, 99)).toBe(0);
  });
});

describe('oracle rates', () => {
  it("read every job's true durations: input from the kind's disk, work over its speed, the shuffle over its link", () => {
    const table = new JobTypeTable(scenario.users);
    const rates = new OracleRates(scenario.jobs, table, kinds);
    expect(table.types.map((t) => t.id)).toEqual(['u/m2r2', 'v/m1r0']);
    const profile = rates.profile(table.types[0].shape)!;
    // Maps: 1 s read + work (4 + 6)/2 = 5 on n0 → 6 s; 1 + 5/2 = 3.5 s on n1.
    expect(Array.from(profile.mapSeconds)).toEqual([6, 3.5]);
    // Reduces: half of 100 B over 10 B/s = 5 s, + work (2 + 4)/2 = 3 over the speed: 8 s on n0, 6.5 s on n1.
    expect(Array.from(profile.reduceSeconds)).toEqual([8, 6.5]);
    expect([rates.arrivalRate(0), rates.arrivalRate(1)]).toEqual([1, 1]);
  });

  it("give the estimate each type's rate on each kind, times the kind's live nodes", () => {
    const table = new JobTypeTable(scenario.users);
    const rates = new OracleRates(scenario.jobs, table, kinds);
    const typed = workloadEstimate(table, kinds, [1, 0], rates, 0);
    // Type u/m2r2 on n0: maps 2 × 6 / 1 slot = 12 s, reduces 2 × 8 / 1 = 16 s → 1/16; n1 is down: 0.
    expect(typed.estimate.jobTypes[0]).toMatchObject({ id: 'u/m2r2', priority: 1, hasMinShare: false, arrivalRate: 1, rates: [1 / 16, 0] });
    expect(typed.typeIndices).toEqual([0, 1]);
  });
});
