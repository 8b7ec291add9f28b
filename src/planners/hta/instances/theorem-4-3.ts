/**
 * The instance of Theorem 4.3 of "Assigning Tasks for Efficiency in Hadoop"
 * (Fischer, Su, Yin, SPAA 2010), on which round robin can be w_rem/w_loc
 * times worse than optimal (up to rounding): the m tasks split into groups
 * T_1 … T_n of ⌈m/n⌉ or ⌊m/n⌋ tasks (larger groups first), T_i stored on s_i,
 * and each task of T_n also stored on its own server among s_1 … s_{n−1}.
 * Then L^O = ⌈m/n⌉·w_loc, and a possible run of round robin lets s_1 … s_{n−1}
 * take T_n first, leaving s_n ⌊m/n⌋ remote tasks. Needs m ≤ n(n−2), so that
 * T_n fits on distinct servers.
 */
import { indexedInstance, replicaRows, type HtaInstance } from '../hta-instance.js';
import type { RemoteCost } from '../remote-cost.js';

export function theorem43Instance(m: number, n: number, wLoc = 1, wRem: RemoteCost = { kind: 'constant', value: 3 }): HtaInstance {
  if (!Number.isInteger(n) || n < 3) throw new RangeError(`Theorem 4.3 needs n ≥ 3 servers, found ${n}`);
  if (!Number.isInteger(m) || m < 1 || m > n * (n - 2)) throw new RangeError(`Theorem 4.3 needs 1 ≤ m ≤ n(n−2) = ${n * (n - 2)}, found m = ${m}`);
  const small = Math.floor(m / n);
  const larger = m % n;
  const replicas: number[][] = [];
  for (let i = 0; i < n; i++) {
    const size = i < larger ? small + 1 : small;
    for (let j = 0; j < size; j++) replicas.push(i === n - 1 ? [i, j] : [i]);
  }
  const { replicaStart, replicaServers } = replicaRows(replicas);
  return indexedInstance(n, replicaStart, replicaServers, wLoc, wRem);
}
