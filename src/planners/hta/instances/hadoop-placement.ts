/**
 * Random instances whose placement follows Hadoop's default replica policy
 * (src/model/replica-placement.ts): servers in racks, each task's input block
 * stored on `replication` servers, the first at random, the second on another
 * rack, the third beside the second. The instances of the benchmark and of
 * the random tests in "Assigning Tasks for Efficiency in Hadoop"'s setting.
 */
import { Random } from '../../../util/random.js';
import { ReplicaPlacer } from '../../../input/replica-placement.js';
import { indexedInstance, type HtaInstance } from '../hta-instance.js';
import type { RemoteCost } from '../remote-cost.js';

export interface HadoopPlacementOptions {
  readonly servers: number;
  readonly tasks: number;
  readonly replication?: number;
  readonly rackSize?: number;
  readonly seed?: number;
  readonly wLoc?: number;
  readonly wRem?: RemoteCost;
}

export function hadoopPlacementInstance(options: HadoopPlacementOptions): HtaInstance {
  const { servers, tasks, replication = 3, rackSize = 40, seed = 1, wLoc = 1, wRem = { kind: 'constant', value: 3 } } = options;
  for (const [name, value] of Object.entries({ servers, tasks, replication, rackSize })) {
    if (!Number.isInteger(value) || value < (name === 'tasks' ? 0 : 1)) throw new RangeError(`${name} must be a whole number ≥ ${name === 'tasks' ? 0 : 1}, found ${value}`);
  }
  const placer = new ReplicaPlacer(Array.from({ length: servers }, (_, s) => Math.floor(s / rackSize)));
  const rng = new Random(seed);
  const perTask = Math.min(replication, servers);
  const replicaStart = new Int32Array(tasks + 1);
  const replicaServers = new Int32Array(tasks * perTask);
  for (let t = 0; t < tasks; t++) {
    replicaServers.set(placer.place(replication, rng), t * perTask);
    replicaStart[t + 1] = (t + 1) * perTask;
  }
  return indexedInstance(servers, replicaStart, replicaServers, wLoc, wRem);
}
