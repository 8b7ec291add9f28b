import { describe, expect, it } from 'vitest';
import { KIND_MAP, LOCALITIES, STATUS_SUCCEEDED, type RunRecord } from '../../model/run-record.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { simulate } from '../../sim/simulate.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { createScheduler, fifoScheduler } from '../index.js';
import { flowScheduler } from './index.js';

function maps(run: RunRecord) {
  const a = run.attempts;
  return Array.from({ length: a.count }, (_, i) => ({
    job: a.job[i],
    task: a.task[i],
    node: a.node[i],
    start: a.start[i],
    kind: a.kind[i],
    succeeded: a.status[i] === STATUS_SUCCEEDED,
    locality: LOCALITIES[a.locality[i]],
  })).filter((row) => row.kind === KIND_MAP);
}

// Nodes n0 and n1 on different racks, one map slot each, aligned heartbeats (n0 first).
// Maps of 100 B: m0 stored on n0 and n1, m1 only on n0.
const spec: TestScenario = {
  nodes: [{ rack: 'r1' }, { rack: 'r2' }],
  jobs: [
    {
      maps: [
        { inputBytes: 100, replicas: [0, 1], work: 1 },
        { inputBytes: 100, replicas: [0], work: 1 },
      ],
    },
  ],
};

describe('flow scheduler', () => {
  it("keeps both maps local where Hadoop's greedy locality sends one off-rack", () => {
    // fifo: n0 takes its lowest-numbered local map m0; n1 then has only m1, stored on n0: off-rack.
    // flow: the plan puts m1 on n0 and m0 on n1, both node-local.
    const scenario = testScenario(spec);
    const greedy = maps(simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true }));
    expect(greedy.map((m) => `${m.task}@${m.node}:${m.locality}`)).toEqual(['0@0:node', '1@1:off']);
    const planned = maps(simulate(scenario, createScheduler(flowScheduler, scenario), { alignHeartbeats: true }));
    expect(planned.map((m) => `${m.task}@${m.node}:${m.locality}`).sort()).toEqual(['0@1:node', '1@0:node']);
  });

  it('plans the queue of a node that fails again, ahead of jobs that arrive later', () => {
    // Two nodes of one map slot; maps of 100 B on both nodes, work 2: 3 s node-local. The plan puts a0, a1 on n0
    // and a2, a3 on n1. n1 fails at 0.25 while running a2; job b arrives at 0.5 and is planned onto n0 at its
    // next heartbeat (3), after a3, which that heartbeat moved from n1's queue to n0's. a2, whose attempt
    // failed, is in no queue: n0 takes it last, once its queue is used up.
    const twoAndTwo = Array.from({ length: 4 }, () => ({ inputBytes: 100, replicas: [0, 1], work: 2 }));
    const scenario = testScenario({
      nodes: [{ rack: 'r1' }, { rack: 'r1' }],
      jobs: [
        { id: 'a', maps: twoAndTwo },
        { id: 'b', submit: 0.5, maps: twoAndTwo.slice(0, 2) },
      ],
      settings: { failures: [{ node: 1, at: 0.25, recoverAt: null }] },
    });
    const run = simulate(scenario, createScheduler(flowScheduler, scenario), { alignHeartbeats: true });
    const launches = maps(run).map((m) => `${run.jobs[m.job].id}${m.task}@${m.node}:${m.start}`);
    expect(launches).toEqual(['a0@0:0', 'a2@1:0', 'a1@0:3', 'a3@0:6', 'b0@0:9', 'b1@0:12', 'a2@0:15']);
  });

  it('runs every map once to success when a node fails', () => {
    // n1 fails at 0.5, before its next heartbeat: of its planned maps only the first (launched at 0) was started.
    const scenario = testScenario({
      nodes: [{ rack: 'r1' }, { rack: 'r1' }, { rack: 'r1' }],
      jobs: [{ maps: Array.from({ length: 9 }, (_, i) => ({ inputBytes: 100, replicas: [i % 3, (i + 1) % 3], work: 2 })) }],
      settings: { failures: [{ node: 1, at: 0.5, recoverAt: null }] },
    });
    const run = simulate(scenario, createScheduler(flowScheduler, scenario), { alignHeartbeats: true });
    expect(checkRunInvariants(run)).toEqual([]);
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded']);
    const succeeded = maps(run).filter((m) => m.succeeded).map((m) => m.task);
    expect(succeeded.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(maps(run).filter((m) => m.node === 1).length).toBeLessThanOrEqual(1);
  });

  it('refuses a remote cost below the local cost, naming the option', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [], schedulerOptions: { flow: { wLoc: 2, wRem: 1 } } });
    expect(() => createScheduler(flowScheduler, scenario)).toThrow(/schedulerOptions\.flow\.wRem: expected a number ≥ wLoc \(2\), found 1/);
  });
});
