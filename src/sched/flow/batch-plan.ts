/**
 * A batch of map tasks planned onto the live nodes by the flow-based
 * assignment of "Assigning Tasks for Efficiency in Hadoop" (Fischer, Su,
 * Yin, SPAA 2010): the HTA instance of the batch (servers = live nodes,
 * placement = each map's replicas on live nodes; a map without input is local
 * everywhere), solved, and read back as the node each task should run on.
 *
 * Differs from the paper: the paper's servers are alike and start empty. Here
 * each batch is planned on its own and appended behind the tasks already
 * queued, and nodes with more slots get no larger share; work stealing at
 * heartbeats (see flow.ts) evens out what the plan leaves uneven.
 */
import { flowAssign } from '../../planners/hta/flow-assign.js';
import { indexedInstance } from '../../planners/hta/hta-instance.js';
import type { RemoteCost } from '../../planners/hta/remote-cost.js';
import type { MapTaskView } from '../types.js';

export interface BatchTask {
  readonly job: number;
  readonly task: number;
  readonly spec: MapTaskView;
}

/** The node index each task should run on, in batch order; tasks whose input has no live replica get −1. */
export function planBatch(tasks: readonly BatchTask[], alive: readonly boolean[], wLoc: number, wRem: RemoteCost): Int32Array {
  const liveNodes: number[] = [];
  const serverOf = new Int32Array(alive.length).fill(-1);
  alive.forEach((up, node) => {
    if (up) serverOf[node] = liveNodes.push(node) - 1;
  });
  const placed = new Int32Array(tasks.length).fill(-1);
  if (liveNodes.length === 0) return placed;
  const planned: number[] = [];
  const replicas: number[] = [];
  const replicaStart = [0];
  tasks.forEach(({ spec }, i) => {
    const live = spec.replicas.length === 0 ? liveNodes.map((_, s) => s) : spec.replicas.map((node) => serverOf[node]).filter((s) => s >= 0);
    if (live.length === 0) return; // its input is lost: the runtime fails the job
    planned.push(i);
    for (const server of live) replicas.push(server);
    replicaStart.push(replicas.length);
  });
  const instance = indexedInstance(liveNodes.length, Int32Array.from(replicaStart), Int32Array.from(replicas), wLoc, wRem);
  const { assignment } = flowAssign(instance);
  planned.forEach((i, t) => (placed[i] = liveNodes[assignment[t]]));
  return placed;
}
