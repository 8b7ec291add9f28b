import { describe, expect, it } from 'vitest';
import { MapTasks, type MapTask } from './map-tasks.js';

const tasks: MapTask[] = [
  { inputBytes: 64, replicas: [0, 3, 5], work: 2.5, outputBytes: 7 },
  { inputBytes: 0, replicas: [], work: 1, outputBytes: 0 },
  { inputBytes: 10, replicas: [4], work: 3, outputBytes: 2 },
];

describe('map tasks in columns', () => {
  it('gives back each task as it was given, replicas in order', () => {
    const maps = MapTasks.from(tasks);
    expect(maps.length).toBe(3);
    expect(maps.toArray()).toEqual(tasks);
    expect([...maps]).toEqual(tasks);
    expect(Array.from(maps.replicas(0))).toEqual([0, 3, 5]);
    expect([maps.replicaCount(0), maps.replicaCount(1), maps.replicaCount(2)]).toEqual([3, 0, 1]);
  });

  it('keeps every replica in one column, task after task', () => {
    const maps = MapTasks.from(tasks);
    expect(Array.from(maps.replicaStart)).toEqual([0, 3, 3, 4]);
    expect(Array.from(maps.replicaNodes)).toEqual([0, 3, 5, 4]);
    expect(maps.totalOutputBytes()).toBe(9);
  });
});
