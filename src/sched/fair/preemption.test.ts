import { describe, expect, it } from 'vitest';
import { KIND_MAP, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../../model/run-record.js';
import { defaultPool, testScenario, type TestScenario } from '../../test-support/scenario.js';
import { simulate } from '../../sim/simulate.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { createScheduler } from '../index.js';
import { fairScheduler } from './index.js';

function run(spec: TestScenario): RunRecord {
  const scenario = testScenario(spec);
  const record = simulate(scenario, createScheduler(fairScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** [pool, task, start, end, status] of each map attempt, in launch order. */
function maps(record: RunRecord): [string, number, number, number, number][] {
  const a = record.attempts;
  const rows: [string, number, number, number, number][] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_MAP) rows.push([record.scenario.jobs[a.job[i]].pool, a.task[i], a.start[i], a.end[i], a.status[i]]);
  return rows;
}

// Ten nodes of one map slot (1 s heartbeats at whole seconds). Pool A's job takes all ten at 0 with 20 maps
// of 200 s; pool B (min share 5 maps) submits 5 maps of 10 s at 10 s.
const starved: TestScenario = {
  nodes: Array.from({ length: 10 }, () => ({ reduceSlots: 0 })),
  jobs: [
    { pool: 'A', maps: Array.from({ length: 20 }, () => ({ work: 200 })) },
    { pool: 'B', submit: 10, maps: Array.from({ length: 5 }, () => ({ work: 10 })) },
  ],
  pools: [defaultPool('A'), defaultPool('B', { minShare: { map: 5, reduce: 0 } })],
};

describe("the Fair Scheduler's preemption (Hadoop 1)", () => {
  it('kills the most recent tasks of a pool over its share once a pool has waited past its min share timeout', () => {
    // As `starved`, but A's first five maps take 20 s, so five more of A's start at 20, and B comes at 30.
    const spec: TestScenario = {
      ...starved,
      jobs: [
        { pool: 'A', maps: Array.from({ length: 20 }, (_, task) => ({ work: task < 5 ? 20 : 200 })) },
        { pool: 'B', submit: 30, maps: Array.from({ length: 5 }, () => ({ work: 10 })) },
      ],
      schedulerOptions: { fair: { preemption: true, minSharePreemptionTimeouts: { B: 60 } } },
    };
    const record = run(spec);
    const rows = maps(record);
    // B has been below its min share since 30; the checks come every 15 s, and the one at 105 is the first
    // past 30 + 60. B claims its 5; A runs 10 against a fair share of 5 (B's min share taken first): A's 5
    // most recently started maps (at 20) are killed at their nodes' heartbeats at 105, and B's maps take
    // the slots at once.
    const killed = rows.filter(([, , , , status]) => status === STATUS_KILLED);
    expect(killed.map(([pool, task, start, end]) => [pool, task, start, end])).toEqual([10, 11, 12, 13, 14].map((task) => ['A', task, 20, 105]));
    const b = rows.filter(([pool]) => pool === 'B');
    expect(b.map(([, , start, end]) => [start, end])).toEqual(Array.from({ length: 5 }, () => [105, 115]));
    // Every task of both jobs is done in the end: A's killed maps ran again.
    expect(record.jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
    expect(rows.filter(([pool, , , , status]) => pool === 'A' && status === STATUS_SUCCEEDED)).toHaveLength(20);
  });

  it("has the issue's example start B's first map by 90 s: B at 10 s behind A's 20 maps of 200 s, timeout 60 s", () => {
    const rows = maps(run({ ...starved, schedulerOptions: { fair: { preemption: true, minSharePreemptionTimeouts: { B: 60 } } } }));
    // The check at 75 is the first past 10 + 60: five of A's maps (all started at 0) are killed then.
    expect(rows.filter(([, , , , status]) => status === STATUS_KILLED).map(([pool, , , end]) => [pool, end])).toEqual(Array.from({ length: 5 }, () => ['A', 75]));
    expect(Math.min(...rows.filter(([pool]) => pool === 'B').map(([, , start]) => start))).toBe(75);
  });

  it('waits for a slot to free itself without it: off by default, as in Hadoop', () => {
    const rows = maps(run(starved));
    expect(rows.some(([, , , , status]) => status === STATUS_KILLED)).toBe(false);
    expect(Math.min(...rows.filter(([pool]) => pool === 'B').map(([, , start]) => start))).toBe(200);
  });

  it('preempts for half a fair share after the fair share timeout, keeping every pool at its share', () => {
    // No min shares: A and B each have a fair share of 5. B is below half of it (2.5, so 2) from 10; with a
    // timeout of 30 the check at 45 claims ⌊min(5, 5)⌋ − 0 = 5 maps from A (10 running, over its 5).
    const spec: TestScenario = { ...starved, pools: [defaultPool('A'), defaultPool('B')], schedulerOptions: { fair: { preemption: true, fairSharePreemptionTimeout: 30 } } };
    const rows = maps(run(spec));
    expect(rows.filter(([, , , , status]) => status === STATUS_KILLED).map(([, , , end]) => end)).toEqual([45, 45, 45, 45, 45]);
    expect(Math.min(...rows.filter(([pool]) => pool === 'B').map(([, , start]) => start))).toBe(45);
  });

  it('refuses a bad option naming it', () => {
    const scenario = testScenario({ ...starved, schedulerOptions: { fair: { preemptionInterval: 0 } } });
    expect(() => createScheduler(fairScheduler, scenario)).toThrow(/preemptionInterval/);
  });
});
