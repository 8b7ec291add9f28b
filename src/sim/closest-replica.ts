/**
 * Which replica of a map's input block a transfer reads: the live one
 * fewest network hops from the reader, the first the scenario lists on
 * ties, then those copied in during the run (`added-replicas.ts`), the
 * first copied first. A map's read takes it (`task-execution.ts`); a block
 * copy takes it among the replicas whose node has a stream free, the least
 * busy on ties (`block-copies.ts`), as HDFS spreads replication work.
 */
import type { JobState } from './job-state.js';
import type { NetworkModel } from './network/network.js';
import type { NodeState } from './node-state.js';

/** What each node is sending, and how much it may (a block copy's sources). */
export interface SourceStreams {
  readonly busy: Int32Array;
  readonly limit: number;
}

/** The closest live replica of map `task`'s input of `job` to `node` (with `streams`, one whose node has a stream free, the least busy on ties), or -1 if none. */
export function closestReplica(job: JobState, task: number, node: number, nodes: readonly NodeState[], network: NetworkModel, streams?: SourceStreams): number {
  const { replicaStart, replicaNodes } = job.job.maps;
  const from = replicaStart[task];
  const listed = replicaStart[task + 1] - from;
  const added = job.pending.addedReplicas(task);
  const count = listed + (added === undefined ? 0 : added.length);
  let source = -1;
  let hops = Infinity;
  let busy = 0;
  for (let k = 0; k < count; k++) {
    const replica = k < listed ? replicaNodes[from + k] : added![k - listed];
    if (!nodes[replica].alive) continue;
    const load = streams === undefined ? 0 : streams.busy[replica];
    if (streams !== undefined && load >= streams.limit) continue;
    const h = network.hops(replica, node);
    if (h < hops || (h === hops && load < busy)) {
      hops = h;
      source = replica;
      busy = load;
    }
  }
  return source;
}
