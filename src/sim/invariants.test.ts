import { describe, expect, it } from 'vitest';
import { STATUS_FAILED, type RunRecord } from '../model/run-record.js';
import { testScenario } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';

// One node, one map and one reduce slot, heartbeats at 0, 1, 2, …; a job at 0 with maps of work 1 and a reduce of work 1.
// Attempts: map 0 runs 0→1, map 1 1→2, the reduce 2→3; the job ends at 3.
function soundRun(): RunRecord {
  const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{ work: 1 }, { work: 1 }], reduces: [{ work: 1 }] }] });
  return simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
}

/** The sound run with its attempt table edited. */
function tampered(edit: (attempts: RunRecord['attempts']) => void): RunRecord {
  const run = soundRun();
  edit(run.attempts);
  return run;
}

describe('checkRunInvariants', () => {
  it('finds nothing wrong in a sound run', () => {
    const run = soundRun();
    expect([...run.attempts.start, ...run.attempts.end]).toEqual([0, 1, 2, 1, 2, 3]);
    expect(checkRunInvariants(run)).toEqual([]);
  });

  it('reports a slot booked twice', () => {
    const run = tampered((a) => (a.start[1] = 0.5));
    expect(checkRunInvariants(run)).toEqual(['node n0 over-booked at 0.5: 2 maps, 0 reduces']);
  });

  it('reports an attempt before its submission, and one ending before it starts', () => {
    expect(checkRunInvariants(tampered((a) => (a.start[0] = -0.5)))).toEqual(['attempt 0 of job j0 started before its submission and setup']);
    expect(checkRunInvariants(tampered((a) => (a.end[1] = 0.5)))).toContain('attempt 1 of job j0 ends before it starts');
  });

  it('reports a task running twice at once', () => {
    const run = tampered((a) => {
      a.task[1] = 0;
      a.start[1] = 1;
      a.end[0] = 1.5;
    });
    expect(checkRunInvariants(run)).toContain('task 0/0/0 runs twice at 1');
  });

  it('reports a succeeded job without a successful attempt of every task', () => {
    const run = tampered((a) => (a.status[1] = STATUS_FAILED));
    expect(checkRunInvariants(run)).toContain('job j0 succeeded without exactly one successful attempt per task');
  });

  it('reports a reduce that ends before the last map output, and a job end away from its last task', () => {
    const late = tampered((a) => (a.end[1] = 5));
    expect(checkRunInvariants(late)).toEqual([
      'job j0: reduce 0 ended before every map had output',
      'job j0 ends at 3, its last task at 5 and its commit takes 0',
      'attempt 2 is recorded as ending after attempt 1, which ended later',
    ]);
  });

  it('reports the record of the order attempts ended in leaving one out or listing one twice', () => {
    const run = soundRun();
    expect(Array.from(run.attempts.ended!)).toEqual([0, 1, 2]);
    const recorded = (ended: number[]) => ({ ...run, attempts: { ...run.attempts, ended: Int32Array.from(ended) } });
    expect(checkRunInvariants(recorded([0, 2]))).toEqual(['attempt 1 ended but is not in the record of ended attempts']);
    expect(checkRunInvariants(recorded([0, 0, 1, 2]))).toEqual(['attempt 0 is in the record of ended attempts twice, or still running']);
  });

  it('reports an attempt launched on a node while it was down', () => {
    const run = soundRun();
    const settings = { ...run.scenario.settings, failures: [{ node: 0, at: 0.5, recoverAt: 1.5 }] };
    expect(checkRunInvariants({ ...run, scenario: { ...run.scenario, settings } })).toEqual([
      'attempt 1 launched on node 0 while it was down',
    ]);
  });
});
