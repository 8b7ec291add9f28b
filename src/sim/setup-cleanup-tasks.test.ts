import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { attemptRows } from '../test-support/attempt-rows.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';

// One node with one map slot, heartbeats every second (aligned). Job a (no setup) runs a map of 4 s from 0;
// job b arrives at 0.5 with a setup of 2 s, a map of 4 s and a commit of 3 s.
function run(setupCleanupSlots: boolean) {
  const scenario = testScenario({
    nodes: [{ reduceSlots: 0 }],
    jobs: [
      { id: 'a', maps: [{ work: 4 }], setupTime: 0, commitTime: 0 },
      { id: 'b', submit: 0.5, maps: [{ work: 4 }], setupTime: 2, commitTime: 3 },
    ],
    settings: { setupCleanupSlots },
  });
  const record = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return { record, rows: attemptRows(record) };
}

describe("Hadoop 1's setup and cleanup tasks in slots (settings.setupCleanupSlots)", () => {
  it('as delays, b is set up while a runs, and its map takes the slot when a is done', () => {
    const { record, rows } = run(false);
    expect(rows.map((r) => [r.jobId, r.start, r.end])).toEqual([
      ['a', 0, 4],
      ['b', 4, 8],
    ]);
    expect(record.jobs.map((j) => j.end)).toEqual([4, 11]);
  });

  it("in slots, b's setup waits for a's slot (4 → 6), its map follows (6 → 10), and its cleanup takes the slot again (10 → 13)", () => {
    const { record, rows } = run(true);
    expect(rows.map((r) => [r.jobId, r.start, r.end])).toEqual([
      ['a', 0, 4],
      ['b', 6, 10],
    ]);
    expect(record.jobs.map((j) => j.end)).toEqual([4, 13]);
  });
});
