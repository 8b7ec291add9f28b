/**
 * A node that fails takes the map output on it with it. Between the failure
 * and the moment the JobTracker notices it, the reduces must wait for the
 * lost outputs: a job never succeeds with a reduce short of its share.
 */
import { describe, expect, it } from 'vitest';
import { KIND_MAP, KIND_REDUCE, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../model/run-record.js';
import { firstComePolicy } from '../test-support/first-come-policy.js';
import { testScenario } from '../test-support/scenario.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';

const EXPIRY = 600;

/** Attempts of one task, in launch order: [status, start, end]. */
function attemptsOf(run: RunRecord, kind: number, task: number): [number, number, number][] {
  const a = run.attempts;
  const rows: [number, number, number][] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === kind && a.task[i] === task) rows.push([a.status[i], a.start[i], a.end[i]]);
  return rows;
}

function reduceBytesIn(run: RunRecord): number {
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_REDUCE && a.status[i] === STATUS_SUCCEEDED) return a.bytesIn[i];
  return NaN;
}

describe('map output lost with a node', () => {
  it('after its maps finished and before any reduce copied it: the reduce waits for the maps to run again after the expiry', () => {
    // Aligned heartbeats, one map slot per node: m0 on n0, m1 on n1, m2 on n2 at 0; m0 and m1 end at 10, m2 at 100.
    // n0 fails at 50 with m0's output. The reduce (n1's slot) launches at 100 but must not end before m0 has run again:
    // the JobTracker notices the failure at 50 + 600 = 650, m0 runs again from 650 to 660 on a live node, and only then
    // is every output there for the reduce to copy.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, {}, { reduceSlots: 0 }],
      jobs: [{ maps: [{ work: 10, outputBytes: 100 }, { work: 10, outputBytes: 100 }, { work: 100, outputBytes: 100 }], reduces: [{ work: 1 }] }],
      settings: { failures: [{ node: 0, at: 50, recoverAt: null }], trackerExpiry: EXPIRY },
    });
    const run = simulate(scenario, firstComePolicy(), { alignHeartbeats: true });
    expect(run.jobs[0].status).toBe('succeeded');
    expect(attemptsOf(run, KIND_MAP, 0)).toEqual([
      [STATUS_KILLED, 0, 10],
      [STATUS_SUCCEEDED, 650, 660],
    ]);
    const [[, , reduceEnd]] = attemptsOf(run, KIND_REDUCE, 0);
    expect(reduceEnd).toBeGreaterThan(660);
    expect(reduceBytesIn(run)).toBe(300);
    expect(checkRunInvariants(run)).toEqual([]);
  });

  it('while a reduce copies it: the reduce keeps nothing of it and copies the output of its re-run', () => {
    // Slow-start 1/3: the reduce launches on n1 at 10, once m0 (n0) has ended, and copies its 100 B over n1's 10 B/s
    // link until 20; n0 fails at 15, in the middle. m1 (n1, work 200) ends at 200: without m0's output the reduce
    // must still wait, until m0 has run again after the expiry (notice at 615).
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, {}],
      jobs: [{ maps: [{ work: 10, outputBytes: 100 }, { work: 200, outputBytes: 100 }], reduces: [{ work: 1 }] }],
      settings: { failures: [{ node: 0, at: 15, recoverAt: null }], trackerExpiry: EXPIRY, slowStart: 0.3 },
    });
    const run = simulate(scenario, firstComePolicy(), { alignHeartbeats: true });
    expect(run.jobs[0].status).toBe('succeeded');
    const [first, rerun] = attemptsOf(run, KIND_MAP, 0);
    expect(first[0]).toBe(STATUS_KILLED);
    expect(rerun[1]).toBeGreaterThanOrEqual(15 + EXPIRY);
    expect(attemptsOf(run, KIND_REDUCE, 0)[0][2]).toBeGreaterThan(rerun[2]);
    expect(reduceBytesIn(run)).toBe(200);
    expect(checkRunInvariants(run)).toEqual([]);
  });

  it('after a reduce copied all of it: the map still runs again, and the reduce is not charged for the re-run', () => {
    // The reduce (n1) copies m0's 100 B from n0 from 10 to 20 and computes until 120. n0 fails at 50 and registers
    // again at 55, when the failure is noticed: m0 runs again (its output was lost while a reduce of the job was
    // running), and its new output is listed before the reduce ends; the reduce had its copy already.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, {}],
      jobs: [{ maps: [{ work: 10, outputBytes: 100 }, { work: 10 }], reduces: [{ work: 100 }] }],
      settings: { failures: [{ node: 0, at: 50, recoverAt: 55 }], trackerExpiry: EXPIRY },
    });
    const run = simulate(scenario, firstComePolicy(), { alignHeartbeats: true });
    expect(run.jobs[0].status).toBe('succeeded');
    expect(attemptsOf(run, KIND_MAP, 0).map(([status, start]) => [status, start])).toEqual([
      [STATUS_KILLED, 0],
      [STATUS_SUCCEEDED, 55],
    ]);
    expect(reduceBytesIn(run)).toBe(100);
    expect(checkRunInvariants(run)).toEqual([]);
  });
});

describe('slow-start after a map re-run', () => {
  it('is taken back until the map has run again: its job’s pending reduces are not runnable meanwhile', () => {
    // Slow-start 1. m0 (n0) and m1 (n1) end at 10, when both reduces become runnable; r0 takes n1's one reduce
    // slot, r1 waits for a slot. n0 fails at 20; at 620 the JobTracker notices and m0 runs again (on n1, 620 → 630):
    // one map of two done, below slow-start, so r1 is not runnable from 620 to 630.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, {}],
      jobs: [{ maps: [{ work: 10 }, { work: 10 }], reduces: [{ work: 1000 }, { work: 1000 }] }],
      settings: { failures: [{ node: 0, at: 20, recoverAt: null }], trackerExpiry: EXPIRY },
    });
    const seen: [number, number][] = [];
    const policy = firstComePolicy({
      onJobSubmitted: (_job, _view, decisions) => [15, 625, 635].forEach((t) => decisions.wakeAt(t)),
      onWake: (view) => seen.push([view.now, view.runnableReduces]),
    });
    const run = simulate(scenario, policy, { alignHeartbeats: true });
    expect(seen).toEqual([
      [15, 1],
      [625, 0],
      [635, 1],
    ]);
    expect(run.jobs[0].status).toBe('succeeded');
    expect(checkRunInvariants(run)).toEqual([]);
  });
});

describe('the invariant that every reduce fetched its share', () => {
  it('reports a succeeded reduce that copied less than its share of its job’s map output', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{ work: 1, outputBytes: 100 }], reduces: [{ work: 1 }] }] });
    const run = simulate(scenario, firstComePolicy());
    expect(checkRunInvariants(run)).toEqual([]);
    const bytesIn = Float64Array.from(run.attempts.bytesIn, (bytes, i) => (run.attempts.kind[i] === KIND_REDUCE ? bytes / 2 : bytes));
    const short = { ...run, attempts: { ...run.attempts, bytesIn } };
    expect(checkRunInvariants(short)).toEqual([expect.stringContaining('reduce 0 of job j0 fetched 50 B of its share of 100 B')]);
  });
});
