import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MapTasks, type MapTask } from '../model/workload.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type LocalityLevel } from './policy.js';
import { ArrayPool } from './array-pool.js';
import { PendingMaps } from './pending-maps.js';

// Four nodes: 0 and 1 on rack 0, 2 and 3 on rack 1.
const rackOf = Int32Array.from([0, 0, 1, 1]);
const map = (replicas: number[]): MapTask => ({ inputBytes: replicas.length > 0 ? 1 : 0, replicas, work: 1, outputBytes: 0 });

function indexOf(maps: MapTask[], alive = (_node: number) => true) {
  const pending = new Set(maps.map((_, task) => task));
  return { index: new PendingMaps(MapTasks.from(maps), rackOf, 2, (task) => pending.has(task), alive, new ArrayPool()), pending };
}

describe('PendingMaps', () => {
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
    const first = new PendingMaps(MapTasks.from([map([0]), map([1]), map([2])]), rackOf, 2, () => true, () => true, arrays);
    expect(first.find(1, RACK_LOCAL)).toBe(1); // builds the rack table too
    first.clear();
    // The second job, built on the first one's arrays, reads from node 3 only: the first job's counts must not show through.
    const second = new PendingMaps(MapTasks.from([map([3])]), rackOf, 2, () => true, () => true, arrays);
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
          for (const [node, maxLevel, requeue] of steps) {
            const best = [...pending]
              .filter((task) => levelOf(task, node) <= maxLevel)
              .reduce((b, t) => Math.min(b, levelOf(t, node)), 3);
            const task = index.find(node, maxLevel);
            if (best === 3) {
              expect(task).toBe(-1);
              continue;
            }
            expect(pending.has(task)).toBe(true);
            expect(levelOf(task, node)).toBe(best);
            pending.delete(task); // launched
            if (requeue) {
              pending.add(task); // … and its node failed at once
              index.add(task);
            }
          }
        },
      ),
    );
  });
});
