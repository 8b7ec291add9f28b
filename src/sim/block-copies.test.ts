import { describe, expect, it } from 'vitest';
import { LOCALITY_NODE, type RunRecord } from '../model/run-record.js';
import type { NetworkSharing, Settings } from '../model/scenario.js';
import { testScenario } from '../test-support/scenario.js';
import { checkRunInvariants } from './invariants.js';
import { NODE_LOCAL, OFF_RACK, PolicyError, RACK_LOCAL, type ClusterView, type Decisions, type JobView, type Policy } from './policy.js';
import { simulate } from './simulate.js';

/** What the policy saw at a wake: the map's replicas, and whether it is found node-local on n1 and rack-local on n2. */
interface Look {
  readonly now: number;
  readonly replicas: readonly number[];
  readonly localOnN1: boolean;
  readonly rackLocalOnN2: boolean;
}

/**
 * n0 (rack r1, no map slot) holds the 100 B block of the job's one map
 * (work 1); n1 and n2 are on rack r2. Disks 100 B/s, node links and rack
 * uplinks 10 B/s: a copy from n0 to n1 crosses n0's link and both racks'
 * uplinks into n1's link and disk, 10 B/s at the narrowest, so 100 B take
 * 10 s, alone or sharing (nothing else moves).
 *
 * At the job's submission the policy asks for a copy on n1 (with the
 * requests to ignore: the same again, and one on n0, which holds the
 * block), and looks at the wakes given. It launches the map only
 * node-local on n1, from `localFrom` on, and anywhere from `anywhereFrom`.
 */
function run(network: NetworkSharing, wakes: readonly number[], launch: { localFrom: number; anywhereFrom: number }, settings: Partial<Settings> = {}) {
  const scenario = testScenario({
    nodes: [{ rack: 'r1', mapSlots: 0 }, { rack: 'r2' }, { rack: 'r2' }],
    jobs: [{ maps: [{ inputBytes: 100, replicas: [0], work: 1 }] }],
    settings: { network, ...settings },
  });
  const looks: Look[] = [];
  let the: JobView | null = null;
  const policy: Policy = {
    name: 'replicating',
    onJobSubmitted(job, _view, decisions) {
      the = job;
      decisions.replicate(job, 0, 1);
      decisions.replicate(job, 0, 1);
      decisions.replicate(job, 0, 0);
      for (const time of wakes) decisions.wakeAt(time);
    },
    onWake(view: ClusterView) {
      const job = the!;
      looks.push({
        now: view.now,
        replicas: [...job.spec.maps[0].replicas],
        localOnN1: view.findMap(job, view.nodes[1], NODE_LOCAL) === 0,
        rackLocalOnN2: view.findMap(job, view.nodes[2], RACK_LOCAL) === 0,
      });
    },
    onHeartbeat(node, view, decisions: Decisions) {
      for (const job of view.activeJobs) {
        const level = view.now >= launch.anywhereFrom ? OFF_RACK : node.index === 1 && view.now >= launch.localFrom ? NODE_LOCAL : -1;
        if (level < 0) continue;
        const task = view.findMap(job, node, level as typeof NODE_LOCAL);
        if (task < 0) continue;
        decisions.launchMap(job, task);
        // The map runs now: a copy asked for it is ignored.
        decisions.replicate(job, task, 2);
      }
    },
    onJobFinished(job, _view, decisions) {
      decisions.replicate(job, 0, 2); // its job has ended: ignored
    },
  };
  const record = simulate(scenario, policy, { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return { record, looks };
}

/** [node, start, end, locality] of each attempt. */
function attempts(record: RunRecord): [number, number, number, number][] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => [a.node[i], a.start[i], a.end[i], a.locality[i]]);
}

describe.each(['isolated', 'max-min'] as const)('block copies a policy asks for (%s)', (network) => {
  it('count for locality only once the copy has moved the block: 100 B at 10 B/s', () => {
    const { record, looks } = run(network, [9.5, 10], { localFrom: 0, anywhereFrom: Infinity });
    expect(looks).toEqual([
      { now: 9.5, replicas: [0], localOnN1: false, rackLocalOnN2: false },
      // The copy ends at 10, before the wake and the heartbeats at 10.
      { now: 10, replicas: [0, 1], localOnN1: true, rackLocalOnN2: true },
    ]);
    // n1's heartbeat at 10 launches the map node-local: 100 B from its own disk at 100 B/s, then 1 s of work.
    expect(attempts(record)).toEqual([[1, 10, 12, LOCALITY_NODE]]);
    expect(record.replicationBytes).toBe(100);
    expect(record.attempts.networkBytes[0]).toBe(0);
  });

  it('stops a copy whose destination fails, counting the bytes it had moved', () => {
    // n1 fails at 5, halfway, and is back at 6: the copy is not made again.
    const { record, looks } = run(network, [10], { localFrom: 0, anywhereFrom: 20 }, { failures: [{ node: 1, at: 5, recoverAt: 6 }] });
    expect(looks).toEqual([{ now: 10, replicas: [0], localOnN1: false, rackLocalOnN2: false }]);
    expect(record.replicationBytes).toBe(50);
    expect(record.jobs[0].status).toBe('succeeded');
  });

  it('loses a copied replica with its node, as any replica, and finds it again when the node is back with its disks', () => {
    // The copy ends at 10; n1 is down from 12 to 20; the map may run on n1 from 15.
    const { record, looks } = run(network, [11, 19.5], { localFrom: 15, anywhereFrom: Infinity }, { failures: [{ node: 1, at: 12, recoverAt: 20 }] });
    expect(looks).toEqual([
      { now: 11, replicas: [0, 1], localOnN1: true, rackLocalOnN2: true },
      // n1's replica is unreadable: n2 is off the rack of the only live one (n1 itself still holds it, but is offered nothing while down).
      { now: 19.5, replicas: [0, 1], localOnN1: true, rackLocalOnN2: false },
    ]);
    // Back at 20, n1 heartbeats at once and runs the map on its own replica.
    expect(attempts(record)).toEqual([[1, 20, 22, LOCALITY_NODE]]);
    expect(record.replicationBytes).toBe(100);
  });
});

describe('block copies from one node', () => {
  it('sends two at once from a node, the third when one has ended', () => {
    // Three maps whose 100 B blocks are on n0 alone; copies of all three asked on n1 at 0 (10 B/s links).
    // Alone each copy takes 10 s: two end at 10, the third starts then and ends at 20. Sharing n0's link,
    // the first two move at 5 B/s each and end at 20; the third alone, at 30.
    const scenario = (network: NetworkSharing) =>
      testScenario({ nodes: [{ mapSlots: 0 }, {}], jobs: [{ maps: [0, 1, 2].map(() => ({ inputBytes: 100, replicas: [0], work: 1 })) }], settings: { network } });
    const copiedAt = (network: NetworkSharing): [number, number][] => {
      const seen: [number, number][] = [];
      let job: JobView | null = null;
      const record = simulate(
        scenario(network),
        {
          name: 'three-copies',
          onJobSubmitted(submitted, _view, decisions) {
            job = submitted;
            for (const task of [0, 1, 2]) decisions.replicate(submitted, task, 1);
            for (const time of [9.5, 10, 19.5, 20, 29.5, 30]) decisions.wakeAt(time);
          },
          onWake(view) {
            seen.push([view.now, job!.spec.maps.filter((map) => map.replicas.includes(1)).length]);
          },
          onHeartbeat(node, view, decisions) {
            if (view.now < 30) return;
            for (const active of view.activeJobs) for (let task = view.findMap(active, node, OFF_RACK); task >= 0 && node.freeMapSlots > 0; task = view.findMap(active, node, OFF_RACK)) decisions.launchMap(active, task);
          },
        },
        { alignHeartbeats: true },
      );
      expect(record.replicationBytes).toBe(300);
      return seen;
    };
    expect(copiedAt('isolated')).toEqual([
      [9.5, 0],
      [10, 2],
      [19.5, 2],
      [20, 3],
      [29.5, 3],
      [30, 3],
    ]);
    expect(copiedAt('max-min')).toEqual([
      [9.5, 0],
      [10, 0],
      [19.5, 0],
      [20, 2],
      [29.5, 2],
      [30, 3],
    ]);
  });
});

describe('Decisions.replicate', () => {
  it('takes a copy as no attempt: no copy asked for, no replication traffic in the record', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{ inputBytes: 100, replicas: [0] }] }] });
    const record = simulate(scenario, {
      name: 'plain',
      onHeartbeat(node, view, decisions) {
        for (const job of view.activeJobs) {
          const task = view.findMap(job, node, OFF_RACK);
          if (task >= 0) decisions.launchMap(job, task);
        }
      },
    });
    expect(record.replicationBytes).toBeUndefined();
  });

  it('refuses a node that is not the cluster’s, naming the policy', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{ inputBytes: 100, replicas: [0] }] }] });
    const policy: Policy = { name: 'wrong', onJobSubmitted: (job, _view, decisions) => decisions.replicate(job, 0, 1), onHeartbeat: () => undefined };
    expect(() => simulate(scenario, policy)).toThrow(PolicyError);
    expect(() => simulate(scenario, policy)).toThrow("scheduler 'wrong' made an invalid decision: replicate on node 1: the cluster's nodes are 0 … 0");
  });
});
