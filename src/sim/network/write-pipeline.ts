/**
 * Where a task's output goes when it is written to HDFS, as HDFS's default
 * block placement (BlockPlacementPolicyDefault) puts a block written from a
 * DataNode: the first replica on the writer's own node, the second on a node
 * of another rack (another node of the writer's rack when there is no other
 * rack), the third on another node of the second's rack, any further ones
 * on other nodes, each chosen at random among the live nodes that qualify.
 * The block streams through the replicas in that order (the write
 * pipeline), so one write is one flow whose route is every hop's route
 * joined: each replica's disk and the links between them.
 */
import type { ClusterState } from '../cluster-state.js';
import type { Random } from '../../util/random.js';
import { MAX_ROUTE } from './max-min-sharing.js';
import type { NetworkModel } from './network.js';

/** Random picks before a scan of every node: on a large cluster a pick almost always qualifies. */
const PICKS_BEFORE_SCAN = 32;

export class WritePipeline {
  private readonly replicas: Int32Array;
  private readonly hop = new Int32Array(MAX_ROUTE);
  private readonly whole = new Int32Array(MAX_ROUTE);

  constructor(
    private readonly network: NetworkModel,
    private readonly cluster: ClusterState,
    replication: number,
    private readonly random: Random,
  ) {
    this.replicas = new Int32Array(Math.max(1, replication));
  }

  /**
   * Writes the resources a write from `writer` crosses into `out` and
   * returns how many. Replicas whose hop would take the route past
   * `MAX_ROUTE` resources are left out (only in trees deeper than four
   * switch levels at replication 3).
   */
  route(writer: number, out: Int32Array): number {
    const count = this.place(writer);
    let length = this.network.route(writer, writer, out);
    for (let r = 1; r < count; r++) {
      const from = this.replicas[r - 1];
      const to = this.replicas[r];
      // A hop's route starts at its source's disk, already on the route: the link out of it on.
      const hopLength = this.network.route(from, to, this.hop);
      if (length + hopLength > MAX_ROUTE) break;
      for (let k = 1; k < hopLength; k++) out[length++] = this.hop[k];
      out[length++] = this.network.disk(to);
    }
    return length;
  }

  /** Seconds a write of `bytes` from `writer` takes alone: at the narrowest resource of its pipeline. */
  aloneSeconds(bytes: number, writer: number): number {
    if (bytes <= 0) return 0;
    const length = this.route(writer, this.whole);
    const capacities = this.network.capacities;
    let narrowest = Infinity;
    for (let k = 0; k < length; k++) narrowest = Math.min(narrowest, capacities[this.whole[k]]);
    return bytes / narrowest;
  }

  /** Chooses the replicas after the writer into `replicas`; returns how many there are in all (fewer when too few nodes are live). */
  private place(writer: number): number {
    const replicas = this.replicas;
    const rackOf = this.cluster.rackOf;
    replicas[0] = writer;
    let count = 1;
    if (replicas.length > 1) {
      const second = this.pick(count, (node) => rackOf[node] !== rackOf[writer]);
      replicas[count] = second >= 0 ? second : this.pick(count, () => true);
      if (replicas[count] >= 0) count++;
    }
    if (count === 2 && replicas.length > 2) {
      const second = replicas[1];
      const third = this.pick(count, (node) => rackOf[node] === rackOf[second]);
      replicas[count] = third >= 0 ? third : this.pick(count, () => true);
      if (replicas[count] >= 0) count++;
    }
    while (count >= 3 && count < replicas.length) {
      replicas[count] = this.pick(count, () => true);
      if (replicas[count] < 0) break;
      count++;
    }
    return count;
  }

  /** A live node, not among the first `taken` replicas, that `fits`; −1 if none. */
  private pick(taken: number, fits: (node: number) => boolean): number {
    const nodes = this.cluster.nodes;
    const usable = (node: number): boolean => nodes[node].alive && fits(node) && !this.replicas.subarray(0, taken).includes(node);
    for (let i = 0; i < PICKS_BEFORE_SCAN; i++) {
      const node = this.random.int(0, nodes.length - 1);
      if (usable(node)) return node;
    }
    const candidates: number[] = [];
    for (let node = 0; node < nodes.length; node++) if (usable(node)) candidates.push(node);
    return candidates.length === 0 ? -1 : candidates[this.random.int(0, candidates.length - 1)];
  }
}
