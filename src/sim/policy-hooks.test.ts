/**
 * The run events and views a policy is given besides heartbeats: attempts
 * ending, node failure and recovery, wakes, where map output lies and what a
 * running reduce has fetched. Each run is small enough to follow by hand.
 */
import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import type { Scenario } from '../model/scenario.js';
import { simulate } from './simulate.js';
import { PolicyError, type Policy, type RunEvents } from './policy.js';

/** FIFO, with `extra` hooks run after FIFO's own. */
function fifoWith(scenario: Scenario, extra: RunEvents): Policy {
  const fifo = createScheduler(fifoScheduler, scenario);
  return {
    name: 'watched-fifo',
    onHeartbeat: (node, view, decisions) => fifo.onHeartbeat(node, view, decisions),
    onJobSubmitted: (job, view, decisions) => {
      fifo.onJobSubmitted?.(job, view, decisions);
      extra.onJobSubmitted?.(job, view, decisions);
    },
    onJobFinished: (job, view, decisions) => {
      fifo.onJobFinished?.(job, view, decisions);
      extra.onJobFinished?.(job, view, decisions);
    },
    onTaskEnded: extra.onTaskEnded,
    onNodeFailed: extra.onNodeFailed,
    onNodeRecovered: extra.onNodeRecovered,
    onWake: extra.onWake,
  };
}

describe('onTaskEnded', () => {
  it('reports every attempt once as it ends, with its node and measured duration, before its job finishes', () => {
    // One node, 2 map slots, 1 reduce slot, heartbeats at 0, 1, 2, …; job at 0.5 with maps of work 4, 2, 3 and a
    // reduce of work 5: map0 1→5, map1 1→3, map2 3→6, reduce 6→11 (src/sim/runtime.test.ts works it out).
    const scenario = testScenario({
      nodes: [{ mapSlots: 2, reduceSlots: 1 }],
      jobs: [{ submit: 0.5, maps: [{ work: 4 }, { work: 2 }, { work: 3 }], reduces: [{ work: 5 }] }],
    });
    const seen: string[] = [];
    const policy = fifoWith(scenario, {
      onTaskEnded: (end, view) => {
        expect(view.now).toBe(end.end);
        seen.push(`${end.kind}${end.task}#${end.attempt} on n${end.node.index} ${end.start}→${end.end} (${end.duration}) ${end.status}`);
      },
      onJobFinished: (job) => seen.push(`${job.spec.id} finished`),
    });
    simulate(scenario, policy, { alignHeartbeats: true });
    expect(seen).toEqual([
      'map1#0 on n0 1→3 (2) succeeded',
      'map0#0 on n0 1→5 (4) succeeded',
      'map2#0 on n0 3→6 (3) succeeded',
      'reduce0#0 on n0 6→11 (5) succeeded',
      'j0 finished',
    ]);
  });

  it('reports the attempts a node failure cuts short as failed, before onNodeFailed; onNodeRecovered when it is back', () => {
    // Two nodes of one map slot; two maps of work 10 launched at 0, one on each. Node 1 fails at 5 (its map
    // fails after 5 s) and comes back at 8; the map runs again on node 0 after its first map ends at 10.
    const scenario = testScenario({
      nodes: [{}, {}],
      jobs: [{ maps: [{ work: 10 }, { work: 10 }] }],
      settings: { failures: [{ node: 1, at: 5, recoverAt: 8 }] },
    });
    const seen: string[] = [];
    const policy = fifoWith(scenario, {
      onTaskEnded: (end) => seen.push(`${end.kind}${end.task}#${end.attempt} on n${end.node.index} ${end.start}→${end.end} ${end.status}`),
      onNodeFailed: (node, view) => seen.push(`n${node.index} failed at ${view.now}, alive ${node.alive}`),
      onNodeRecovered: (node, view) => seen.push(`n${node.index} back at ${view.now}, alive ${node.alive}`),
    });
    const run = simulate(scenario, policy, { alignHeartbeats: true });
    expect(seen.slice(0, 3)).toEqual(['map1#0 on n1 0→5 failed', 'n1 failed at 5, alive false', 'n1 back at 8, alive true']);
    // Every attempt of the run was reported exactly once.
    expect(seen.filter((line) => line.startsWith('map')).length).toBe(run.attempts.count);
  });
});

describe('wakeAt and onWake', () => {
  const scenario = testScenario({ nodes: [{}], jobs: [{ submit: 0.5, maps: [{ work: 4 }] }] });

  it('wakes once per time asked for, before the heartbeats of that time, and drops wakes left when every job has ended', () => {
    // The map runs 1→5 (heartbeats at 0, 1, 2, …); wakes asked for at 0.5 (now), 3 (twice) and 1000.
    const seen: string[] = [];
    const fifo = fifoWith(scenario, {
      onJobSubmitted: (_job, view, decisions) => {
        decisions.wakeAt(view.now);
        decisions.wakeAt(3);
        decisions.wakeAt(3);
        decisions.wakeAt(1000);
      },
      onWake: (view) => seen.push(`wake ${view.now}`),
    });
    const policy: Policy = {
      ...fifo,
      onHeartbeat: (node, view, decisions) => {
        seen.push(`heartbeat ${view.now}`);
        fifo.onHeartbeat(node, view, decisions);
      },
    };
    const run = simulate(scenario, policy, { alignHeartbeats: true });
    expect(seen).toEqual(['wake 0.5', 'heartbeat 1', 'wake 3']);
    expect(run.endTime).toBe(5);
  });

  it('refuses a wake in the past and a launch outside a heartbeat, naming the policy', () => {
    const past = fifoWith(scenario, { onJobSubmitted: (_job, _view, decisions) => decisions.wakeAt(0.25) });
    expect(() => simulate(scenario, past)).toThrow(PolicyError);
    expect(() => simulate(scenario, past)).toThrow(/scheduler 'watched-fifo' made an invalid decision: wakeAt\(0\.25\)/);
    const eager = fifoWith(scenario, {
      onJobSubmitted: (_job, view, decisions) => decisions.wakeAt(view.now),
      onWake: (view, decisions) => decisions.launchMap(view.activeJobs[0], 0),
    });
    expect(() => simulate(scenario, eager)).toThrow(/launchMap outside a heartbeat/);
  });
});

describe('kill and runningAttempts', () => {
  // One node of one map slot, heartbeats at 0, 1, 2, …; two maps of work 10. The policy asks at 2.5 (a wake)
  // to kill map 0, running since 0: it ends, killed, at the node's heartbeat at 3 (the node was full, so it had
  // no heartbeat of its own due), which launches a map into its slot: map 0 again, the first pending, 3 → 13.
  const scenario = testScenario({ nodes: [{ reduceSlots: 0 }], jobs: [{ maps: [{ work: 10 }, { work: 10 }] }] });

  it("kills a running attempt at its node's next heartbeat, reports it killed, and runs the task again", () => {
    const seen: string[] = [];
    const policy = fifoWith(scenario, {
      onJobSubmitted: (_job, _view, decisions) => decisions.wakeAt(2.5),
      onWake: (view, decisions) => {
        const job = view.activeJobs[0];
        seen.push(`running ${JSON.stringify(view.runningAttempts(job, 'map'))}`);
        decisions.kill(job, 'map', 0);
        decisions.kill(job, 'map', 0); // asked twice, killed once
      },
      onTaskEnded: (end) => seen.push(`${end.kind}${end.task}#${end.attempt} ${end.start}→${end.end} ${end.status}`),
    });
    const run = simulate(scenario, policy, { alignHeartbeats: true });
    expect(seen).toEqual(['running [{"task":0,"node":0,"start":0,"progress":0.25}]', 'map0#0 0→3 killed', 'map0#1 3→13 succeeded', 'map1#0 13→23 succeeded']);
    expect(run.endTime).toBe(23);
  });

  it('refuses to kill a task that is not running, naming the policy', () => {
    const policy = fifoWith(scenario, {
      onJobSubmitted: (_job, _view, decisions) => decisions.wakeAt(2.5),
      onWake: (view, decisions) => decisions.kill(view.activeJobs[0], 'map', 1),
    });
    expect(() => simulate(scenario, policy, { alignHeartbeats: true })).toThrow(/scheduler 'watched-fifo' made an invalid decision: kill of map 1 of job 'j0', which is not running/);
  });
});

describe('map output and fetch views', () => {
  // n0 runs maps only, n1 reduces only, one rack; disks 100 B/s, links 10 B/s. The map (work 1, 100 bytes of
  // output) runs 0→1 on n0; the reduce launches at 1 on n1 and copies the 100 bytes over a 10 B/s link in
  // 10 s (1→11), then computes 50 s (11→61).
  const scenario = testScenario({
    nodes: [{ mapSlots: 1, reduceSlots: 0 }, { mapSlots: 0, reduceSlots: 1 }],
    jobs: [{ maps: [{ work: 1, outputBytes: 100 }], reduces: [{ work: 50 }] }],
  });

  it("shows running attempts' progress as Hadoop's tasks report it: a map's share of its input, a reduce's thirds", () => {
    const seen: string[] = [];
    const policy = fifoWith(scenario, {
      onJobSubmitted: (_job, _view, decisions) => {
        for (const t of [0.5, 6, 12]) decisions.wakeAt(t);
      },
      onWake: (view) => {
        const job = view.activeJobs[0];
        const progress = (kind: 'map' | 'reduce') => view.runningAttempts(job, kind).map((a) => a.progress.toFixed(4));
        seen.push(`${view.now}: maps [${progress('map').join(', ')}], reduces [${progress('reduce').join(', ')}]`);
      },
    });
    simulate(scenario, policy, { alignHeartbeats: true });
    // At 0.5 the map is half done; at 6 the reduce copies the one output (none whole yet: 0 of the copy third);
    // at 12 it has copied and sorted (2/3) and computed 1 s of 50: 2/3 + 1/150.
    expect(seen).toEqual(['0.5: maps [0.5000], reduces []', '6: maps [], reduces [0.0000]', `12: maps [], reduces [${(2 / 3 + 1 / 150).toFixed(4)}]`]);
  });

  it('shows the bytes of map output on each node, and what a running reduce has copied by now', () => {
    const seen: string[] = [];
    const policy = fifoWith(scenario, {
      onJobSubmitted: (_job, view, decisions) => {
        for (const t of [0.5, 6, 12, 70]) decisions.wakeAt(t);
        expect(Array.from(view.mapOutputBytes(view.activeJobs[0]))).toEqual([0, 0]);
      },
      onWake: (view) => {
        const job = view.activeJobs[0];
        const fetch = view.reduceFetch(job, 0);
        seen.push(`${view.now}: outputs [${Array.from(view.mapOutputBytes(job)).join(', ')}], fetch ${fetch === null ? 'none' : `on n${fetch.node}, ${fetch.fetchedBytes} B`}`);
      },
    });
    const run = simulate(scenario, policy, { alignHeartbeats: true });
    expect(run.jobs[0].end).toBe(61);
    expect(seen).toEqual([
      '0.5: outputs [0, 0], fetch none',
      '6: outputs [100, 0], fetch on n1, 0 B',
      '12: outputs [100, 0], fetch on n1, 100 B',
    ]);
  });

  it('gives the hop distance between nodes', () => {
    // Same node: 0; two nodes of one rack: node → rack switch → node, 2 links.
    let hops: number[] = [];
    const policy = fifoWith(scenario, { onJobSubmitted: (_job, view) => (hops = [view.hops(0, 0), view.hops(0, 1)]) });
    simulate(scenario, policy, { alignHeartbeats: true });
    expect(hops).toEqual([0, 2]);
  });
});
