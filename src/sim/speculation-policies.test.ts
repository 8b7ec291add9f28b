import { describe, expect, it } from 'vitest';
import type { Speculation } from '../model/scenario.js';
import { testScenario } from '../test-support/scenario.js';
import { attemptRows } from '../test-support/attempt-rows.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';

// Five one-slot nodes, the last at a tenth of the speed; one job of ten maps of 10 s, heartbeats every second (aligned).
// Maps launch at 0 (five, one of them on the slow node, to end at 100), at 10 (four) and at 20 (the last):
// the job's last map launches at 20, with eight maps done.
function run(speculation: Speculation) {
  const scenario = testScenario({
    nodes: [{}, {}, {}, {}, { speed: 0.1 }],
    jobs: [{ maps: Array.from({ length: 10 }, () => ({ work: 10 })) }],
    settings: { speculation },
  });
  const record = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return { record, rows: attemptRows(record) };
}

describe("speculative execution by YARN's DefaultSpeculator (settings.speculation.policy: yarn)", () => {
  it('asks for a backup at the first scan of the tail, when a new attempt (the mean of 10 s) would end sooner, and takes the next free slot', () => {
    const { record, rows } = run({ maps: true, reduces: false, policy: 'yarn' });
    // The scan at 20 values the slow map 100 - (20 + 10) = 70 s; the last map, due at 30, would gain nothing.
    const slow = rows.filter((r) => r.node === 4);
    expect(slow).toHaveLength(1);
    const backup = rows.find((r) => r.task === slow[0].task && r.node !== 4)!;
    expect([backup.start, backup.end, backup.status]).toEqual([20, 30, 'succeeded']);
    expect([slow[0].end, slow[0].status]).toEqual([30, 'killed']);
    expect(record.jobs[0].end).toBe(30);
  });

  it("backs it up later under Hadoop 1's rule (after 60 s) and not at all without speculation", () => {
    expect(run({ maps: true, reduces: false, policy: 'hadoop1' }).record.jobs[0].end).toBe(70);
    expect(run({ maps: false, reduces: false, policy: 'hadoop1' }).record.jobs[0].end).toBe(100);
  });
});

describe('speculative execution by LATE (settings.speculation.policy: late)', () => {
  it('backs up the slow map as soon as the tail starts, on a node that has done its share of work, not on the slow one', () => {
    // At 20 the running maps' rates are 1/100 (the slow one) and 1/10: their 25th percentile, 0.0325, has the slow one under it.
    // The slow node has done no work (0 attempts succeeded against 2 on each other node): it gets no backup.
    const { record, rows } = run({ maps: true, reduces: false, policy: 'late' });
    const slow = rows.find((r) => r.node === 4)!;
    const backup = rows.find((r) => r.task === slow.task && r.node !== 4)!;
    expect([backup.start, backup.end, backup.status]).toEqual([20, 30, 'succeeded']);
    expect(slow.status).toBe('killed');
    expect(rows.filter((r) => r.node === 4)).toHaveLength(1);
    expect(record.jobs[0].end).toBe(30);
  });
});
