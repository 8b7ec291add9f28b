/**
 * The instance of Theorem 4.1 of "Assigning Tasks for Efficiency in Hadoop"
 * (Fischer, Su, Yin, SPAA 2010), where one more replica makes round robin
 * worse: n tasks and n servers, t_i stored on s_i. Round robin gives every
 * task its own server locally (L = w_loc). With the extra replica of t_n on
 * s_1, a possible run gives s_1 ← t_n, s_i ← t_i for 2 ≤ i < n, and leaves
 * s_n only t_1, which is remote (L = w_rem).
 */
import { indexedInstance, replicaRows, type HtaInstance } from '../hta-instance.js';
import type { RemoteCost } from '../remote-cost.js';

export function theorem41Instance(n: number, extraReplica: boolean, wLoc = 1, wRem: RemoteCost = { kind: 'constant', value: 3 }): HtaInstance {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`Theorem 4.1 needs n ≥ 2 servers, found ${n}`);
  const replicas = Array.from({ length: n }, (_, i) => (extraReplica && i === n - 1 ? [i, 0] : [i]));
  const { replicaStart, replicaServers } = replicaRows(replicas);
  return indexedInstance(n, replicaStart, replicaServers, wLoc, wRem);
}
