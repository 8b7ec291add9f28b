import { describe, expect, it } from 'vitest';
import { KIND_MAP, type RunRecord } from '../model/run-record.js';
import { YARN_CONTAINER_DEFAULTS, type YarnSettings } from '../model/scenario.js';
import { testScenario, type TestJob, type TestNode } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { checkRunInvariants } from './invariants.js';
import { PolicyError, type Policy } from './policy.js';
import { simulate } from './simulate.js';

/** A node of `containers` unified slots. */
function containers(count: number): TestNode {
  return { mapSlots: count, reduceSlots: count, totalSlots: count, slotModel: 'unified' };
}

const YARN: YarnSettings = { amMaxAttempts: 2, maxAmShare: 1, reduceRampUpLimit: 0.5, ...YARN_CONTAINER_DEFAULTS };

/** Heartbeats at 0, 1, 2, … (aligned), YARN mode with `yarn` over the defaults above. */
function yarnScenario(nodes: TestNode[], jobs: TestJob[], yarn: Partial<YarnSettings> = {}, settings = {}) {
  return testScenario({ nodes, jobs, settings: { yarn: { ...YARN, ...yarn }, ...settings } });
}

function runFifo(scenario: ReturnType<typeof testScenario>): RunRecord {
  const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(run)).toEqual([]);
  return run;
}

function attempts(run: RunRecord) {
  const a = run.attempts;
  return Array.from({ length: a.count }, (_, i) => [a.job[i], a.kind[i] === KIND_MAP ? 'map' : 'reduce', a.task[i], a.node[i], a.start[i], a.end[i]]);
}

describe('YARN mode: ApplicationMasters', () => {
  it.each([0.5, 0.1])('runs a job only once its AM has a container, and holds a second job back until the AM limit has room (maxAmShare %s)', (maxAmShare) => {
    // One node of 2 containers; AMs may hold half of them (or a tenth: 0, raised to the one AM always allowed): 1 AM at once.
    // t=0: A submitted, its AM starts in container 1 at the heartbeat at 0; A is set up after that heartbeat.
    // t=0.5: B submitted; its AM waits (the one AM allowed is running).
    // t=1: A's map (work 4) in container 2, 1→5. t=5: A ends, its AM frees its container; the node
    // heartbeats at its tick 5: B's AM starts. B is set up after it; its map runs at the next tick, 6→8.
    const scenario = yarnScenario([containers(2)], [{ maps: [{ work: 4 }] }, { submit: 0.5, maps: [{ work: 2 }] }], { maxAmShare });
    const run = runFifo(scenario);
    expect(attempts(run)).toEqual([
      [0, 'map', 0, 0, 1, 5],
      [1, 'map', 0, 0, 6, 8],
    ]);
    expect(run.applicationMasters).toEqual([
      { job: 0, node: 0, start: 0, end: 5 },
      { job: 1, node: 0, start: 5, end: 8 },
    ]);
    expect(run.jobs.map((job) => [job.status, job.firstStart, job.end])).toEqual([
      ['succeeded', 1, 5],
      ['succeeded', 6, 8],
    ]);
  });

  it("asks the policy before each AM starts: an AM it holds back keeps its place, and a later one it lets start passes it", () => {
    // A policy allowing one AM per user. t=0: A's AM (user u). t=0.5: B (u) and C (v) submitted; at the heartbeat
    // at 1 B's AM is held back and C's starts. A's map runs 1→5; A ends at 5 and B's AM starts at the heartbeat at 5.
    const scenario = yarnScenario([containers(4)], [
      { user: 'u', maps: [{ work: 4 }] },
      { user: 'u', submit: 0.5, maps: [{ work: 2 }] },
      { user: 'v', submit: 0.5, maps: [{ work: 2 }] },
    ]);
    const policy = createScheduler(fifoScheduler, scenario);
    policy.mayStartApplicationMaster = (am, running) => !running.some((other) => other.user === am.user);
    const run = simulate(scenario, policy, { alignHeartbeats: true });
    expect(checkRunInvariants(run)).toEqual([]);
    expect(run.applicationMasters?.map((am) => [am.job, am.start])).toEqual([
      [0, 0],
      [2, 1],
      [1, 5],
    ]);
  });

  it("starts a job's setup when its AM starts, and frees the AM's container after the commit", () => {
    // Setup 2, commit 3: AM at 0, set up at 2, map 2→6 (work 4), commit until 9, AM held 0→9.
    const scenario = yarnScenario([containers(2)], [{ maps: [{ work: 4 }] }], {}, { jobSetup: 2, jobCommit: 3 });
    const run = runFifo(scenario);
    expect(attempts(run)).toEqual([[0, 'map', 0, 0, 2, 6]]);
    expect(run.applicationMasters).toEqual([{ job: 0, node: 0, start: 0, end: 9 }]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', end: 9 });
  });

  it('lets a one-container node run the AM and no task: the job waits, and the run stalls', () => {
    const scenario = yarnScenario([containers(1)], [{ maps: [{ work: 1 }] }]);
    const run = runFifo(scenario);
    expect(run.attempts.count).toBe(0);
    expect(run.applicationMasters).toEqual([{ job: 0, node: 0, start: 0, end: null }]);
    expect(run.jobs[0].status).toBe('unfinished');
    expect(run.stalled).toBe(true);
  });

  it('runs AMs until they fill the cluster when the AM limit allows it, as YARN does', () => {
    // Two AMs fill the node's 2 containers: neither job can run a task.
    const scenario = yarnScenario([containers(2)], [{ maps: [{ work: 1 }] }, { submit: 0.5, maps: [{ work: 1 }] }]);
    const run = runFifo(scenario);
    expect(run.attempts.count).toBe(0);
    expect(run.applicationMasters?.map((am) => [am.job, am.start])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(run.stalled).toBe(true);
  });

  it('counts AM containers as busy in the invariants: tasks and AMs never exceed a node\'s containers', () => {
    // A run record that puts a task beside the AM in a one-container node is refused.
    const scenario = yarnScenario([containers(2)], [{ maps: [{ work: 4 }] }]);
    const run = runFifo(scenario);
    const squeezed = { ...run, scenario: { ...scenario, cluster: { ...scenario.cluster, nodes: [{ ...scenario.cluster.nodes[0], mapSlots: 1, reduceSlots: 1, totalSlots: 1 }] } } };
    expect(checkRunInvariants(squeezed)).toEqual(['node n0 over its 1 slots at 1 with 1 ApplicationMasters']);
  });

  it("re-places a lost node's AM once the failure is noticed; the job goes on", () => {
    // n0 of 2 containers, n1 of 3; failures noticed at once. A's AM starts on n0 at its heartbeat at 0;
    // A is set up after it, and n1's heartbeat at 0 runs both maps (work 10), 0→10. n0 fails at 5: the AM
    // is started again in n1's free container at its heartbeat at 5, and holds it until A ends at 10.
    const scenario = yarnScenario(
      [containers(2), containers(3)],
      [{ maps: [{ work: 10 }, { work: 10 }] }],
      {},
      { failures: [{ node: 0, at: 5, recoverAt: null }] },
    );
    const run = runFifo(scenario);
    expect(attempts(run)).toEqual([
      [0, 'map', 0, 1, 0, 10],
      [0, 'map', 1, 1, 0, 10],
    ]);
    expect(run.applicationMasters).toEqual([
      { job: 0, node: 0, start: 0, end: 5 },
      { job: 0, node: 1, start: 5, end: 10 },
    ]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', end: 10 });
  });

  it('drops a restarted AM that is still waiting when its job ends', () => {
    // As above with n1 of 2 containers: its maps fill it, the AM waits, and the job ends at 10 without it.
    const scenario = yarnScenario(
      [containers(2), containers(2)],
      [{ maps: [{ work: 10 }, { work: 10 }] }],
      {},
      { failures: [{ node: 0, at: 5, recoverAt: null }] },
    );
    const run = runFifo(scenario);
    expect(run.applicationMasters).toEqual([{ job: 0, node: 0, start: 0, end: 5 }]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', end: 10 });
  });

  it('fails the job when its AM is lost on its last attempt (yarn.resourcemanager.am.max-attempts)', () => {
    const scenario = yarnScenario(
      [containers(2), containers(2)],
      [{ maps: [{ work: 10 }, { work: 10 }] }],
      { amMaxAttempts: 1 },
      { failures: [{ node: 0, at: 5, recoverAt: null }] },
    );
    const run = runFifo(scenario);
    expect(run.jobs[0]).toMatchObject({ status: 'failed', end: 5 });
    expect(run.jobs[0].failure).toBe("its ApplicationMaster was lost with node 'n0' after 1 attempt (settings.yarn.amMaxAttempts)");
  });

  it('gives the same run for the same seed', () => {
    const scenario = testScenario({
      nodes: [containers(3), containers(2), containers(4)],
      jobs: [0, 2, 3, 7].map((submit) => ({ submit, maps: [{ work: 3 }, { work: 5 }, { work: 2 }, { work: 4 }], reduces: [{ work: 2 }, { work: 1 }] })),
      settings: { yarn: YARN, slowStart: 0.05, failures: [{ node: 1, at: 6, recoverAt: 20 }] },
    });
    const once = simulate(scenario, createScheduler(fifoScheduler, scenario));
    const again = simulate(scenario, createScheduler(fifoScheduler, scenario));
    expect(checkRunInvariants(once)).toEqual([]);
    expect(attempts(again)).toEqual(attempts(once));
    expect(again.applicationMasters).toEqual(once.applicationMasters);
  });
});

/** Offers each free container to the job's reduces before its maps, as YARN's priorities do (reduces 10, maps 20). */
const reducesFirst: Policy = {
  name: 'reduces-first',
  onHeartbeat(node, view, decisions) {
    for (const job of view.activeJobs) {
      for (let task = view.findReduce(job, node); task >= 0 && node.freeReduceSlots > 0; task = view.findReduce(job, node)) decisions.launchReduce(job, task);
      for (let task = view.findMap(job, node, 2); task >= 0 && node.freeMapSlots > 0; task = view.findMap(job, node, 2)) decisions.launchMap(job, task);
    }
  },
};

describe('YARN mode: reduce ramp-up', () => {
  // One node of 5 containers, the AM in one: 4 for tasks. 6 maps of work 10, 4 reduces of work 1, slow-start 0.
  const scenario = yarnScenario(
    [containers(5)],
    [{ maps: Array.from({ length: 6 }, () => ({ work: 10 })), reduces: Array.from({ length: 4 }, () => ({ work: 1 })) }],
    {},
    { slowStart: 0 },
  );

  it('holds reduces back while maps wait, even for a policy that offers reduces first', () => {
    // t=1: no map done: reduces get min(0/6, 0.5) of 4 containers, and the 6 maps need all 4: no reduce; 4 maps 1→11.
    // t=11: 4 maps done (0.67, capped at 0.5): ideal 2 reduces of 4; the 2 maps left need only 2: reduces get 4 − 2 = 2.
    // Reduces 0 and 1 start, then maps 4 and 5, 11→21. t=21: no map left to launch: reduces 2 and 3 start.
    // Every reduce ends at 21 + 1 (the last map's output, then its work).
    const run = simulate(scenario, reducesFirst, { alignHeartbeats: true });
    expect(checkRunInvariants(run)).toEqual([]);
    expect(attempts(run).map(([, kind, task, , start]) => [kind, task, start])).toEqual([
      ['map', 0, 1],
      ['map', 1, 1],
      ['map', 2, 1],
      ['map', 3, 1],
      ['reduce', 0, 11],
      ['reduce', 1, 11],
      ['map', 4, 11],
      ['map', 5, 11],
      ['reduce', 2, 21],
      ['reduce', 3, 21],
    ]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', end: 22 });
  });

  it('refuses a reduce launched past the limit', () => {
    const eager: Policy = {
      name: 'eager',
      onHeartbeat(_node, view, decisions) {
        const job = view.activeJobs[0];
        if (job.runningMaps === 0) decisions.launchReduce(job, 0);
      },
    };
    expect(() => simulate(scenario, eager, { alignHeartbeats: true })).toThrow(PolicyError);
    expect(() => simulate(scenario, eager, { alignHeartbeats: true })).toThrow(/reduce 0 of job '.*' launched past the reduce ramp-up limit/);
  });
});
