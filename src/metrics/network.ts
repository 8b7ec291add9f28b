/**
 * Network traffic and fetch cost. The per-purpose sums count succeeded
 * attempts only (the work the run kept); the total counts every attempt,
 * whatever its status, because failed and killed attempts loaded the network
 * too. The block copies a scheduler asked for are no attempt's: their bytes
 * are counted apart.
 *
 * Fetch cost is the INFOCOM 2013 ReduceTask-locality paper's cost,
 * Σ bytes × hop distance over the partitions each reduce fetched.
 */
import { KIND_MAP, KIND_REDUCE, STATUS_SUCCEEDED, type AttemptTable, type RunRecord } from '../model/index.js';

export interface NetworkMetrics {
  /** Σ networkBytes of succeeded map attempts: input read from another node. */
  readonly remoteReadBytes: number;
  /** Σ bytesIn of succeeded reduce attempts: map output fetched, local or not. */
  readonly shuffleBytes: number;
  /** Σ networkBytes of succeeded reduce attempts: the shuffle's part that crossed the network. */
  readonly shuffleNetworkBytes: number;
  /** Σ byteHops of succeeded reduce attempts. */
  readonly fetchCost: number;
  /** Σ networkBytes of every attempt, any kind, any status. */
  readonly networkBytes: number;
  /** Bytes moved by block copies the scheduler asked for (`RunRecord.replicationBytes`). */
  readonly replicationBytes: number;
}

export function networkMetrics(run: Pick<RunRecord, 'attempts' | 'replicationBytes'>): NetworkMetrics {
  const attempts: AttemptTable = run.attempts;
  const { kind, status, bytesIn, networkBytes, byteHops } = attempts;
  let remoteReadBytes = 0;
  let shuffleBytes = 0;
  let shuffleNetworkBytes = 0;
  let fetchCost = 0;
  let total = 0;
  for (let i = 0; i < attempts.count; i++) {
    const net = networkBytes[i];
    total += net;
    if (status[i] !== STATUS_SUCCEEDED) continue;
    if (kind[i] === KIND_MAP) {
      remoteReadBytes += net;
    } else if (kind[i] === KIND_REDUCE) {
      shuffleBytes += bytesIn[i];
      shuffleNetworkBytes += net;
      fetchCost += byteHops[i];
    }
  }
  return { remoteReadBytes, shuffleBytes, shuffleNetworkBytes, fetchCost, networkBytes: total, replicationBytes: run.replicationBytes ?? 0 };
}
