import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MapTasks, type MapTask } from '../model/workload.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type LocalityLevel } from './policy.js';
import { ArrayPool } from './array-pool.js';
import { PendingMaps } from './pending-maps.js';

// Four nodes: 0 and 1 on rack 0, 2 and 3 on rack 1.
const rackOf = Int32Array.from([0, 0, 1, 1]);
const map = (replicas: number[]): MapTask => ({ inputBytes: replicas.length > 0 ? 1 : 0, replicas, work: 1, outputBytes: 0 });

const NEVER_FAILED = (maps: number): Uint8Array => new Uint8Array(maps);
const AVOIDS_NONE = (): boolean => false;

function indexOf(maps: MapTask[], alive = (_node: number) => true, failures = NEVER_FAILED(maps.length), avoids: (task: number, node: number) => boolean = AVOIDS_NONE) {
  const pending = new Set(maps.map((_, task) => task));
  return { index: new PendingMaps(MapTasks.from(maps), rackOf, 2, (task) => pending.has(task), alive, new ArrayPool(), failures, avoids), pending };
}

describe('PendingMaps', () => {
  it('offers a failed task first at any level, the most failed first, except on the nodes it failed on', () => {
    const failures = new Uint8Array(4);
    const failedOn = new Map<number, number[]>();
    const { index, pending } = indexOf([map([0]), map([2]), map([3]), map([0])], undefined, failures, (task, node) => failedOn.get(task)?.includes(node) ?? false);
    // Maps 1 and 2 (input on rack 1) failed, 2 twice, once on node 0; both are pending again.
    failures[1] = 1;
    failures[2] = 2;
    failedOn.set(1, [2]);
    failedOn.set(2, [0, 3]);
    index.addFailed(1);
    index.add(2); // a task that failed goes to the failed list however it became pending
    // Node 1 is off their rack, and even a node-local request gets the most failed one.
    expect(index.find(1, NODE_LOCAL)).toBe(2);
    // Node 0: map 2 failed there, so map 1 comes first.
    expect(index.find(0, NODE_LOCAL)).toBe(1);
    // Node 2: map 1 failed there; map 2 did not.
    expect(index.find(2, NODE_LOCAL)).toBe(2);
    pending.delete(2);
    // Node 2 again: map 1 is avoided there, and the caches (where it is rack-local) do not offer it either: maps 0 and 3 are left, off the rack.
    expect(index.find(2, OFF_RACK)).toBe(0);
    pending.delete(1);
    expect(index.find(0, NODE_LOCAL)).toBe(0);
  });

  it('prefers a node-local task, then rack-local, then any, lowest task first', () => {
    const { index, pending } = indexOf([map([2]), map([1]), map([0, 3]), map([3])]);
    const found = (maxLevel: LocalityLevel) => {
      const task = index.find(0, maxLevel);
      return task < 0 ? [task] : [task, index.levelOf(task, 0)];
    };
    expect(found(OFF_RACK)).toEqual([2, NODE_LOCAL]);
    pending.delete(2);
    expect(found(OFF_RACK)).toEqual([1, RACK_LOCAL]);
    pending.delete(1);
    expect(found(RACK_LOCAL)).toEqual([-1]);
    expect(found(OFF_RACK)).toEqual([0, OFF_RACK]);
  });

  it('counts a map without input as node-local anywhere', () => {
    const { index } = indexOf([map([3]), map([])]);
    expect(index.find(0, NODE_LOCAL)).toBe(1);
    expect(index.levelOf(1, 0)).toBe(NODE_LOCAL);
  });

  it('skips rack entries whose replica in the rack is down', () => {
    const { index } = indexOf([map([1, 2])], (node) => node !== 1);
    expect(index.find(0, RACK_LOCAL)).toBe(-1);
    expect(index.find(0, OFF_RACK)).toBe(0);
  });

  it('offers a task pending again at its own level, behind a better one', () => {
    const { index, pending } = indexOf([map([2]), map([0])]);
    pending.delete(0);
    pending.delete(1);
    expect(index.find(0, OFF_RACK)).toBe(-1);
    pending.add(0); // task 0 (on node 2, rack 1) ran, and its node failed
    index.add(0);
    expect(index.find(3, OFF_RACK)).toBe(0); // rack-local from node 3
    pending.add(1);
    index.add(1);
    // From node 0, task 1 is node-local and beats task 0 (off-rack).
    expect(index.find(0, OFF_RACK)).toBe(1);
  });

  it('gives its tables back when cleared, and a job built from them after finds only its own tasks', () => {
    const arrays = new ArrayPool();
    const first = new PendingMaps(MapTasks.from([map([0]), map([1]), map([2])]), rackOf, 2, () => true, () => true, arrays, NEVER_FAILED(3), AVOIDS_NONE);
    expect(first.find(1, RACK_LOCAL)).toBe(1); // builds the rack table too
    first.clear();
    // The second job, built on the first one's arrays, reads from node 3 only: the first job's counts must not show through.
    const second = new PendingMaps(MapTasks.from([map([3])]), rackOf, 2, () => true, () => true, arrays, NEVER_FAILED(1), AVOIDS_NONE);
    expect([second.find(0, RACK_LOCAL), second.find(2, RACK_LOCAL), second.find(3, NODE_LOCAL), second.find(0, OFF_RACK)]).toEqual([-1, 0, 0, 0]);
  });

  it('returns what a scan of every pending task would, as tasks come and go', () => {
    const replicasArb = fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(replicasArb, { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom<LocalityLevel>(0, 1, 2), fc.boolean()), {
          maxLength: 40,
        }),
        (replicaLists, steps) => {
          const maps = replicaLists.map(map);
          const { index, pending } = indexOf(maps);
          const levelOf = (task: number, node: number): LocalityLevel => {
            const r = maps[task].replicas;
            if (r.length === 0 || r.includes(node)) return NODE_LOCAL;
            return r.some((n) => rackOf[n] === rackOf[node]) ? RACK_LOCAL : OFF_RACK;
          };
          for (const [node, maxLevel, requeue] of steps) lookUpAsAScanWould(index, pending, levelOf, { node, maxLevel, requeue });
        },
      ),
    );
  });

  it('counts a replica added during the run as the scenario\'s from its arrival, lowest task first, as a scan would', () => {
    const replicasArb = fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { maxLength: 2 });
    const lookup = fc.record({ node: fc.integer({ min: 0, max: 3 }), maxLevel: fc.constantFrom<LocalityLevel>(0, 1, 2), requeue: fc.boolean() });
    const addition = fc.record({ task: fc.nat(), node: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(replicasArb, { minLength: 1, maxLength: 10 }), fc.array(fc.oneof(lookup, addition), { maxLength: 40 }), (replicaLists, steps) => {
        const replicas = replicaLists.map((r) => [...r]);
        const { index, pending } = indexOf(replicaLists.map(map));
        const levelOf = (task: number, node: number): LocalityLevel => {
          const r = replicas[task];
          if (replicaLists[task].length === 0 || r.includes(node)) return NODE_LOCAL;
          return r.some((n) => rackOf[n] === rackOf[node]) ? RACK_LOCAL : OFF_RACK;
        };
        for (const step of steps) {
          if ('task' in step) {
            const task = step.task % replicas.length;
            if (replicaLists[task].length === 0 || replicas[task].includes(step.node)) continue; // the engine copies no such block
            replicas[task].push(step.node);
            index.replicaAdded(task, step.node);
            expect(index.addedReplicas(task)).toEqual(replicas[task].slice(replicaLists[task].length));
            continue;
          }
          lookUpAsAScanWould(index, pending, levelOf, step);
        }
      }),
    );
  });
});

/**
 * One lookup from `node` up to `maxLevel`, checked against a scan of every
 * pending task (`levelOf` the scan's locality): the task found is pending
 * and as local as the best; it launches, and with `requeue` is pending again
 * at once (its node failed).
 */
function lookUpAsAScanWould(
  index: PendingMaps,
  pending: Set<number>,
  levelOf: (task: number, node: number) => LocalityLevel,
  { node, maxLevel, requeue }: { node: number; maxLevel: LocalityLevel; requeue: boolean },
): void {
  const best = [...pending].filter((task) => levelOf(task, node) <= maxLevel).reduce((b, t) => Math.min(b, levelOf(t, node)), 3);
  const task = index.find(node, maxLevel);
  if (best === 3) {
    expect(task).toBe(-1);
    return;
  }
  expect(pending.has(task)).toBe(true);
  expect(levelOf(task, node)).toBe(best);
  expect(index.levelOf(task, node)).toBe(best);
  pending.delete(task); // launched
  if (requeue) {
    pending.add(task); // … and its node failed at once
    index.add(task);
  }
}
