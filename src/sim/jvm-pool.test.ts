import { describe, expect, it } from 'vitest';
import type { Jvm } from '../model/scenario.js';
import { testScenario, type TestJob, type TestNode } from '../test-support/scenario.js';
import { attemptRows } from '../test-support/attempt-rows.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';

function run(jvm: Jvm, nodes: readonly TestNode[] = [{ reduceSlots: 0 }], jobs: readonly TestJob[] = [{ maps: [{ work: 2 }, { work: 2 }, { work: 2 }] }]) {
  const scenario = testScenario({ nodes, jobs, settings: { jvm } });
  const record = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return attemptRows(record);
}

// One node with one map slot, heartbeats every second (aligned); three maps of 2 s, one after another.
describe('task JVMs (settings.jvm)', () => {
  it('start each attempt a JVM start-up after its launch, without reuse', () => {
    expect(run({ startup: 0, reuse: 1 }).map((r) => [r.start, r.end])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
    ]);
    // Launched at 0, up at 1, done at 3; the next is launched at the heartbeat at 3.
    expect(run({ startup: 1, reuse: 1 }).map((r) => [r.start, r.end])).toEqual([
      [0, 3],
      [3, 6],
      [6, 9],
    ]);
  });

  it("reuse the job's idle JVM on the node for as many tasks as mapred.job.reuse.jvm.num.tasks allows", () => {
    // The first JVM runs two tasks, then a new one starts.
    expect(run({ startup: 1, reuse: 2 }).map((r) => [r.start, r.end])).toEqual([
      [0, 3],
      [3, 5],
      [5, 8],
    ]);
    expect(run({ startup: 1, reuse: Infinity }).map((r) => [r.start, r.end])).toEqual([
      [0, 3],
      [3, 5],
      [5, 7],
    ]);
  });

  it("does not give one job's JVM to another job", () => {
    const jobs = [{ maps: [{ work: 2 }] }, { submit: 0.5, maps: [{ work: 2 }] }];
    expect(run({ startup: 1, reuse: Infinity }, [{ reduceSlots: 0 }], jobs).map((r) => [r.job, r.start, r.end])).toEqual([
      [0, 0, 3],
      [1, 3, 6],
    ]);
  });

  it('choose the replica, and so the locality, at launch, and read it once the JVM is up', () => {
    // n0 runs the map; its 100 B block is on n1 (same rack, 10 B/s links): up at 1, read 1 → 11, compute 2 → 13.
    const rows = run({ startup: 1, reuse: 1 }, [{ reduceSlots: 0 }, { mapSlots: 0, reduceSlots: 0 }], [{ maps: [{ inputBytes: 100, replicas: [1], work: 2 }] }]);
    expect(rows.map((r) => [r.node, r.start, r.end, r.locality])).toEqual([[0, 0, 13, 'rack']]);
  });
});
