import { describe, expect, it } from 'vitest';
import { attemptRows } from '../test-support/attempt-rows.js';
import { KIND_REDUCE, STATUS_SUCCEEDED } from '../model/run-record.js';
import { testScenario } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { simulate } from './simulate.js';
import type { SimulationProgress } from './runtime.js';
import type { Policy } from './policy.js';
import { OFF_RACK, PolicyError } from './policy.js';

describe('runtime, hand-computed', () => {
  it('runs maps in free slots at heartbeats and the reduce after the last map', () => {
    // One node, 2 map slots, 1 reduce slot, heartbeats at 0, 1, 2, … (aligned), no out-of-band heartbeat.
    // Job at 0.5: maps of work 4, 2, 3 and one reduce of work 5, no data.
    // t=1 heartbeat: map0 1→5, map1 1→3. t=3: map1 ends, heartbeat launches map2 3→6.
    // t=6: map2 ends (last map) → reduce runnable; heartbeat at 6 launches it, 6→11.
    const scenario = testScenario({
      nodes: [{ mapSlots: 2, reduceSlots: 1 }],
      jobs: [{ submit: 0.5, maps: [{ work: 4 }, { work: 2 }, { work: 3 }], reduces: [{ work: 5 }] }],
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    expect(attemptRows(run).map((r) => [r.kind, r.task, r.start, r.end])).toEqual([
      ['map', 0, 1, 5],
      ['map', 1, 1, 3],
      ['map', 2, 3, 6],
      ['reduce', 0, 6, 11],
    ]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', firstStart: 1, mapsDone: 6, end: 11 });
  });

  it('launches at once when a task ends with out-of-band heartbeats', () => {
    // Same job, out-of-band heartbeats: map2 starts when map1 ends at 3 (no wait for a tick, here also 3),
    // and the reduce when map0/map2 end; with work 2.5 for map1 the difference shows: map2 starts at 3.5.
    const scenario = testScenario({
      nodes: [{ mapSlots: 2, reduceSlots: 1 }],
      jobs: [{ submit: 0.5, maps: [{ work: 4 }, { work: 2.5 }, { work: 3 }], reduces: [{ work: 5 }] }],
      settings: { outOfBandHeartbeat: true },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    // map0 1→5, map1 1→3.5, map2 3.5→6.5, reduce 6.5→11.5.
    expect(attemptRows(run).map((r) => [r.kind, r.start, r.end])).toEqual([
      ['map', 1, 5],
      ['map', 1, 3.5],
      ['map', 3.5, 6.5],
      ['reduce', 6.5, 11.5],
    ]);
  });

  it('reads node-local input at the disk rate, remote input at the narrowest link, computes at the node speed', () => {
    // Two nodes on two racks; node 0 speed 2 holds the only replica. Disk 100 B/s, node links 10 B/s, rack links 10 B/s.
    // Map0 (200 B, work 4) on n0: 200/100 + 4/2 = 4 s. Map1 (200 B, work 4) on n1 (speed 1, other rack):
    // 200 B at min(disk 100, links 10) = 20 s, + 4 → 24 s.
    const scenario = testScenario({
      nodes: [
        { rack: 'a', speed: 2 },
        { rack: 'b', speed: 1 },
      ],
      jobs: [
        {
          maps: [
            { inputBytes: 200, replicas: [0], work: 4 },
            { inputBytes: 200, replicas: [0], work: 4 },
          ],
        },
      ],
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    // Off-rack path n1 → rack b → core → rack a → n0: 4 links, so 200 B × 4 byte·hops.
    const table = attemptRows(run).map((r, i) => [r.task, r.node, r.end - r.start, r.locality, run.attempts.byteHops[i]]);
    expect(table.sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual([
      [0, 0, 4, 'node', 0],
      [1, 1, 24, 'off', 800],
    ]);
  });

  it('shuffles each map output to the reduce one fetch at a time, then computes', () => {
    // n0 (rack a) runs both maps (2 map slots); the reduce runs on n1 (rack b, 0 map slots).
    // Maps: work 2 and 4, no input, 30 B of output each; one reduce (share 1, work 1), slow-start 0.
    // Heartbeat at 0: maps 0→2 and 0→4, reduce launched at 0 on n1.
    // Fetch of map0's 30 B: 2 → 2 + 30/10 = 5. Map1's: starts max(5, 4) = 5, ends 8. Reduce computes 8 → 9.
    const scenario = testScenario({
      nodes: [
        { rack: 'a', mapSlots: 2, reduceSlots: 0 },
        { rack: 'b', mapSlots: 0, reduceSlots: 1 },
      ],
      jobs: [{ maps: [{ work: 2, outputBytes: 30 }, { work: 4, outputBytes: 30 }], reduces: [{ work: 1 }] }],
      settings: { slowStart: 0 },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    const i = attemptRows(run).findIndex((r) => r.kind === 'reduce');
    const reduce = attemptRows(run)[i];
    expect([reduce.node, reduce.start, reduce.end]).toEqual([1, 0, 9]);
    expect(run.attempts.bytesIn[i]).toBe(60);
    expect(run.attempts.networkBytes[i]).toBe(60);
    expect(run.attempts.byteHops[i]).toBe(240);
    expect(run.jobs[0].end).toBe(9);
  });

  it('heartbeats an idle cluster only when there is work, keeping each node phase', () => {
    // Two jobs 1000 s apart on one node: the engine handles a handful of events, not 1000 idle heartbeats.
    const scenario = testScenario({
      nodes: [{}],
      jobs: [
        { submit: 0, maps: [{ work: 1 }] },
        { submit: 1000.5, maps: [{ work: 1 }] },
      ],
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    expect(attemptRows(run).map((r) => [r.start, r.end])).toEqual([
      [0, 1],
      [1001, 1002],
    ]);
    expect(run.events).toBeLessThan(10);
  });
});

describe('runtime, declined heartbeats', () => {
  // One node of two map slots and a policy that runs one map at a time, as a
  // queue at its ceiling does: every heartbeat of the free slot declines.
  const scenario = testScenario({
    nodes: [{ mapSlots: 2 }],
    jobs: [{ maps: [{ work: 1000 }, { work: 1000 }, { work: 1000 }] }],
    settings: { heartbeatInterval: 0.3 },
  });
  function oneAtATime(declinesUntilStateChanges: boolean) {
    const calls: number[] = [];
    const policy: Policy = {
      name: 'one-at-a-time',
      declinesUntilStateChanges,
      onHeartbeat(node, view, decisions) {
        calls.push(view.now);
        const job = view.activeJobs[0];
        if (node.runningMaps === 0) decisions.launchMap(job, view.findMap(job, node, OFF_RACK));
      },
    };
    return { run: simulate(scenario, policy), calls };
  }

  it('are skipped until the state changes for a policy that says its declines last, the run the same to the bit', () => {
    const every = oneAtATime(false);
    const skipped = oneAtATime(true);
    // A map waits beside the free slot for 2,000 s: 6,667 ticks of 0.3 s; skipped, a launch and a decline per map.
    expect(every.calls.length).toBeGreaterThan(6_600);
    expect(skipped.calls.length).toBeLessThan(10);
    expect(attemptRows(skipped.run)).toEqual(attemptRows(every.run));
    // The launches came at the ticks the delivered heartbeats added up, not at a product of the interval.
    expect(skipped.calls.filter((t) => every.calls.includes(t))).toEqual(skipped.calls);
    expect(skipped.run.endTime).toBe(every.run.endTime);
  });

  it('still stall a run that only heartbeats', () => {
    const never: Policy = { name: 'never', declinesUntilStateChanges: true, onHeartbeat: () => {} };
    const run = simulate(scenario, never, { stallLimit: 50 });
    expect(run.stalled).toBe(true);
    expect(run.jobs[0].status).toBe('unfinished');
  });
});

describe('runtime, job setup and commit', () => {
  it("runs a job's tasks only after its setup, and ends it after its commit; a job's own times override the settings", () => {
    // One node, one map slot, heartbeats at 0, 1, 2, … (aligned); settings: setup 5, commit 3.
    // j0 (settings' times) at 0: set up at 5, map of work 2 5→7, committed at 10.
    // j1 (its own: setup 1, commit 0) at 0: set up at 1, map of work 2 1→3, ends at 3 (its tasks were ready first).
    const scenario = testScenario({
      nodes: [{ mapSlots: 1, reduceSlots: 0 }],
      jobs: [
        { maps: [{ work: 2 }] },
        { maps: [{ work: 2 }], setupTime: 1, commitTime: 0 },
      ],
      settings: { jobSetup: 5, jobCommit: 3 },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    expect(attemptRows(run).map((r) => [r.job, r.start, r.end])).toEqual([
      [1, 1, 3],
      [0, 5, 7],
    ]);
    expect(run.jobs.map((j) => [j.submit, j.end])).toEqual([
      [0, 10],
      [0, 3],
    ]);
  });
});

describe('runtime, node failure', () => {
  it('re-runs the attempts of a failed node and the map outputs its unfinished reduce still needs', () => {
    // n0 and n1, one map slot each, n1 also the only reduce slot. Maps work 2 each (no input), reduce work 10.
    // t=0: map0 on n0 0→2, map1 on n1 0→2. The reduce launches on n1 at 2 (slow-start 1), fetches, computes to ~12.
    // n0 fails at 5: map0's output lived there and the reduce had fetched it (outputs are 0 bytes), so it is not re-run;
    // with outputBytes > 0 and a slow link it would be. Here we make n1 fail instead, at 5: the reduce fails and
    // map1's output is lost; map1 re-runs on n0, the reduce waits for n1 to recover at 8.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, { reduceSlots: 1 }],
      jobs: [{ maps: [{ work: 2 }, { work: 2 }], reduces: [{ work: 10 }] }],
      settings: { failures: [{ node: 1, at: 5, recoverAt: 8 }] },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    const table = attemptRows(run).map((r, i) => [r.kind, r.task, r.node, r.start, r.end, run.attempts.status[i]]);
    expect(table).toEqual([
      ['map', 0, 0, 0, 2, STATUS_SUCCEEDED],
      ['map', 1, 1, 0, 2, 2], // killed: its output was lost with n1
      ['reduce', 0, 1, 2, 5, 1], // failed with n1
      ['map', 1, 0, 5, 7, STATUS_SUCCEEDED], // re-run on n0 at the tick after the failure
      ['reduce', 0, 1, 8, 18, STATUS_SUCCEEDED], // n1 back at 8
    ]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', end: 18 });
  });

  it('counts the live nodes and their slots from the failure to the recovery', () => {
    // The same run as above (n1 down from 5 to 8): a policy records what the view shows at each heartbeat.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, { reduceSlots: 1 }],
      jobs: [{ maps: [{ work: 2 }, { work: 2 }], reduces: [{ work: 10 }] }],
      settings: { failures: [{ node: 1, at: 5, recoverAt: 8 }] },
    });
    const fifo = createScheduler(fifoScheduler, scenario);
    const seen: [number, number, number, number][] = [];
    const policy: Policy = {
      ...fifo,
      name: 'recording',
      onHeartbeat(node, view, decisions) {
        seen.push([view.now, view.liveNodes, view.mapCapacity, view.reduceCapacity]);
        fifo.onHeartbeat(node, view, decisions);
      },
    };
    simulate(scenario, policy, { alignHeartbeats: true });
    const whileDown = seen.filter(([now]) => now >= 5 && now < 8);
    expect(whileDown.length).toBeGreaterThan(0);
    for (const [, live, maps, reduces] of whileDown) expect([live, maps, reduces]).toEqual([1, 1, 0]);
    expect(seen.find(([now]) => now === 8)).toEqual([8, 2, 2, 1]);
    expect(seen[0]).toEqual([0, 2, 2, 1]);
  });

  it('tells the policy of each failure when it happens, the node already dead and its attempts failed', () => {
    // n1 fails at 5 (while running the reduce, as above), comes back at 8, and fails again at 9.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 0 }, { reduceSlots: 1 }],
      jobs: [{ maps: [{ work: 2 }, { work: 2 }], reduces: [{ work: 10 }] }],
      settings: {
        failures: [
          { node: 1, at: 5, recoverAt: 8 },
          { node: 1, at: 9, recoverAt: 12 },
        ],
      },
    });
    const seen: string[] = [];
    const fifo = createScheduler(fifoScheduler, scenario);
    const policy: Policy = {
      name: 'watching',
      onJobSubmitted: (job, view, decisions) => fifo.onJobSubmitted!(job, view, decisions),
      onJobFinished: (job, view, decisions) => fifo.onJobFinished!(job, view, decisions),
      onHeartbeat: (node, view, decisions) => fifo.onHeartbeat(node, view, decisions),
      onNodeFailed: (node, view) => seen.push(`${node.index}@${view.now} alive=${node.alive} running=${node.runningMaps + node.runningReduces}`),
    };
    simulate(scenario, policy, { alignHeartbeats: true });
    expect(seen).toEqual(['1@5 alive=false running=0', '1@9 alive=false running=0']);
  });

  // n0 runs maps; n1 (no map slot) holds the only replica of the job's one map (100 B, work 1), and fails at 0.5.
  // The job arrives at 1: the heartbeat at 1 launches the map on n0 with no live replica.
  const unreadable = (recoverAt: number | null) =>
    testScenario({
      nodes: [{ reduceSlots: 0 }, { mapSlots: 0, reduceSlots: 0 }],
      jobs: [{ submit: 1, maps: [{ inputBytes: 100, replicas: [1], work: 1 }] }],
      settings: { failures: [{ node: 1, at: 0.5, recoverAt }] },
    });

  it('lets a map whose block has no live replica read it once one is back when the DFS client retries', () => {
    // The client gives up 9 s after the launch, at 10; n1 is back at 5, so at 10 the map reads the block from it
    // over the 10 B/s links: 10 s, to 20, then computes 1 s.
    const run = simulate(unreadable(5), createScheduler(fifoScheduler, unreadable(5)), { alignHeartbeats: true });
    expect(attemptRows(run).map((r) => [r.start, r.end, r.locality])).toEqual([[1, 21, 'rack']]);
    expect(run.jobs[0]).toMatchObject({ status: 'succeeded', end: 21 });
  });

  it('fails the job when a map could not read its block in four attempts, and says why', () => {
    // Attempts at 1, 10, 19 and 28 each fail 9 s later; the job fails with the fourth, at 37.
    const run = simulate(unreadable(null), createScheduler(fifoScheduler, unreadable(null)), { alignHeartbeats: true });
    expect(attemptRows(run).map((r) => [r.start, r.end])).toEqual([
      [1, 10],
      [10, 19],
      [19, 28],
      [28, 37],
    ]);
    expect(run.jobs[0]).toMatchObject({ status: 'failed', end: 37 });
    expect(run.jobs[0].failure).toBe('map 0 failed on 4 attempts, the most allowed (taskFailures.maxMapAttempts); its last attempt could not read its input block: every replica was on a failed node');
  });

  it('notices a failure only after the expiry interval, then re-runs every map that had finished on the node', () => {
    // n0 (the reduce slot) and n1, one map slot each; maps of work 2 with 100 B of output each, the reduce of work
    // 10 copying at 10 B/s (one stream, the links' rate); slow-start 1; the failure is noticed 30 s after it.
    // t=0: map0 on n0, map1 on n1, both 0→2. The reduce launches on n0 at 2: one batch of 200 B, 2→22.
    // n1 fails at 3: map1's output (the second 100 B) is lost; the reduce has copied 10 B and goes on with map0's
    // 90 B left, 3→12, then waits. At 33 the failure is noticed: map1, finished on n1, runs again, on n0, 33→35;
    // the reduce copies its 100 B, 35→45, and computes to 55.
    const scenario = testScenario({
      nodes: [{ reduceSlots: 1 }, { reduceSlots: 0 }],
      jobs: [{ maps: [{ work: 2, outputBytes: 100 }, { work: 2, outputBytes: 100 }], reduces: [{ work: 10 }] }],
      settings: { trackerExpiry: 30, failures: [{ node: 1, at: 3, recoverAt: null }] },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    expect(attemptRows(run).map((r, i) => [r.kind, r.task, r.node, r.start, r.end, run.attempts.status[i]])).toEqual([
      ['map', 0, 0, 0, 2, STATUS_SUCCEEDED],
      ['map', 1, 1, 0, 2, 2], // killed: its output was lost with n1
      ['reduce', 0, 0, 2, 55, STATUS_SUCCEEDED],
      ['map', 1, 0, 33, 35, STATUS_SUCCEEDED],
    ]);
  });
});

describe('runtime, checking decisions', () => {
  const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{ work: 1 }] }] });

  it('rejects a launch on a full node, naming the policy', () => {
    const greedy: Policy = {
      name: 'greedy',
      onHeartbeat(_node, view, decisions) {
        const job = view.activeJobs[0];
        decisions.launchMap(job, 0);
        decisions.launchMap(job, 0);
      },
    };
    expect(() => simulate(scenario, greedy)).toThrow(PolicyError);
    expect(() => simulate(scenario, greedy)).toThrow(/scheduler 'greedy'.*no free map slot/);
  });

  it('rejects a task that does not exist and a reduce before slow-start', () => {
    const wrongTask: Policy = {
      name: 'wrong-task',
      onHeartbeat: (_node, view, decisions) => decisions.launchMap(view.activeJobs[0], 7),
    };
    expect(() => simulate(scenario, wrongTask)).toThrow(/has no map 7/);
    const early: Policy = {
      name: 'early',
      onHeartbeat: (_node, view, decisions) => decisions.launchReduce(view.activeJobs[0], 0),
    };
    const withReduce = testScenario({ nodes: [{}], jobs: [{ maps: [{ work: 1 }], reduces: [{}] }] });
    expect(() => simulate(withReduce, early)).toThrow(/before slow-start/);
  });

  it('stops a run whose policy never launches, leaving the jobs unfinished', () => {
    const idle: Policy = { name: 'idle', onHeartbeat: () => {} };
    const run = simulate(scenario, idle, { stallLimit: 50 });
    expect(run.stalled).toBe(true);
    expect(run.jobs[0].status).toBe('unfinished');
  });
});

describe('runtime, slots', () => {
  it('lets maps and reduces share unified containers', () => {
    // One node, 2 containers: maps (work 1) take both at 0; the reduce (slow-start 0) gets one only at 1.
    const scenario = testScenario({
      nodes: [{ mapSlots: 2, reduceSlots: 2, totalSlots: 2, slotModel: 'unified' }],
      jobs: [{ maps: [{ work: 1 }, { work: 1 }], reduces: [{ work: 1 }] }],
      settings: { slowStart: 0 },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    expect(attemptRows(run).map((r) => [r.kind, r.start])).toEqual([
      ['map', 0],
      ['map', 0],
      ['reduce', 1],
    ]);
    expect(run.attempts.kind[2]).toBe(KIND_REDUCE);
  });
});

describe('runtime, out-of-band heartbeats', () => {
  it('sends one when a task ends even if the node already has a periodic heartbeat due', () => {
    // One node, 2 map slots, heartbeats at 0, 1, 2, … A policy that launches only map 0 at first, then
    // anything: the node keeps a free slot and pending work, so its periodic heartbeats go on. Map 0
    // (work 0.5) ends at 0.5; with out-of-band heartbeats the node heartbeats at 0.5, not at 1.
    const scenario = testScenario({
      nodes: [{ mapSlots: 2 }],
      jobs: [{ maps: [{ work: 0.5 }, { work: 1 }] }],
      settings: { outOfBandHeartbeat: true },
    });
    const calls: number[] = [];
    const picky: Policy = {
      name: 'picky',
      onHeartbeat(_node, view, decisions) {
        calls.push(view.now);
        const job = view.activeJobs[0];
        if (view.now === 0) decisions.launchMap(job, 0);
        else if (job.pendingMaps > 0) decisions.launchMap(job, 1);
      },
    };
    const run = simulate(scenario, picky, { alignHeartbeats: true });
    expect(calls).toEqual([0, 0.5]);
    expect(attemptRows(run).map((r) => [r.task, r.start, r.end])).toEqual([
      [0, 0, 0.5],
      [1, 0.5, 1.5],
    ]);
  });
});

describe('runtime, a cluster that dies', () => {
  it('ends stalled, with the jobs no live node could run left unfinished', () => {
    const scenario = testScenario({
      nodes: [{}],
      jobs: [{ maps: [{ work: 100 }] }],
      settings: { failures: [{ node: 0, at: 50, recoverAt: null }] },
    });
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
    expect(run.stalled).toBe(true);
    expect(run.jobs[0].status).toBe('unfinished');
    expect(attemptRows(run).map((r, i) => [r.start, r.end, run.attempts.status[i]])).toEqual([[0, 50, 1]]);
  });
});

describe('progress reports', () => {
  it('say each pool’s running maps and reduces, never more than the slots, and none once the run is over', () => {
    const scenario = testScenario({
      nodes: Array.from({ length: 4 }, () => ({ mapSlots: 2, reduceSlots: 1 })),
      jobs: [
        { pool: 'a', submit: 0, maps: Array.from({ length: 3000 }, () => ({ work: 1 })), reduces: [{ work: 2 }] },
        { pool: 'b', submit: 0, maps: Array.from({ length: 3000 }, () => ({ work: 1 })), reduces: [{ work: 2 }] },
      ],
    });
    const reports: SimulationProgress[] = [];
    simulate(scenario, createScheduler(fifoScheduler, scenario), { onProgress: (p) => reports.push(p) });
    // 6,000 maps make more than 8,192 events: reports come while maps run, and one at the end.
    expect(reports.length).toBeGreaterThan(1);
    for (const report of reports) {
      expect(report.pools.map((p) => p.pool)).toEqual(['a', 'b']);
      expect(report.pools.reduce((sum, p) => sum + p.maps, 0)).toBeLessThanOrEqual(8);
      expect(report.pools.reduce((sum, p) => sum + p.reduces, 0)).toBeLessThanOrEqual(4);
    }
    expect(reports.slice(0, -1).some((r) => r.pools.some((p) => p.maps > 0))).toBe(true);
    expect(reports.at(-1)!.pools).toEqual([{ pool: 'a', maps: 0, reduces: 0 }, { pool: 'b', maps: 0, reduces: 0 }]);
  });
});
