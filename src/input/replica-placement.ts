/**
 * Where HDFS puts the replicas of a block: Hadoop's default rack-aware policy
 * (BlockPlacementPolicyDefault), for a block written by a client outside the
 * cluster:
 *
 * 1. the first replica on a random node;
 * 2. the second on a random node of another rack;
 * 3. the third on another node of the second replica's rack (when the first
 *    two ended up on one rack, on a node of another rack instead);
 * 4. further replicas on random nodes not used yet.
 *
 * Every replica is on a different node. When a step has no candidate (one
 * rack only, or a rack with a single node) it falls back to any node not used
 * yet, as Hadoop does. A block gets min(replication, node count) replicas:
 * fewer than asked only when the cluster has fewer nodes than that.
 *
 * Differences from Hadoop: no writer on a datanode unless `writer` is given,
 * no load or free-space checks (every node is a fit), and "random" draws from
 * the run's seeded generator.
 */
import type { Random } from '../util/random.js';
import { countAtMost } from '../util/count-at-most.js';

/** Rejection-sampling tries before falling back to listing the candidates. */
const TRIES = 32;
/** `pick` with no rack to avoid. */
const ANY_RACK = -1;
const NO_NODES: readonly number[] = [];


export class ReplicaPlacer {
  private readonly rackOf: readonly number[];
  /** Each rack's nodes, ascending. */
  private readonly rackMembers: readonly (readonly number[])[];
  /** The replicas being chosen by `placeInto`, reused: millions of blocks need no array each. */
  private readonly scratch: number[] = [];

  /** @param nodeRacks the rack index of each node, indexed like cluster.nodes. */
  constructor(nodeRacks: readonly number[]) {
    this.rackOf = nodeRacks;
    const members: number[][] = [];
    nodeRacks.forEach((rack, node) => {
      while (members.length <= rack) members.push([]);
      members[rack].push(node);
    });
    this.rackMembers = members;
  }

  get nodeCount(): number {
    return this.rackOf.length;
  }

  /**
   * The nodes holding the replicas of one new block, first replica first.
   * @param writer a node writing the block itself gets the first replica.
   */
  place(replication: number, rng: Random, writer?: number): number[] {
    const chosen: number[] = [];
    this.choose(replication, rng, chosen, writer);
    return chosen;
  }

  /**
   * Places one new block as `place` does, writing its replicas into `out`
   * from `at` (a job's replica column); returns how many it wrote.
   */
  placeInto(replication: number, rng: Random, out: Int32Array, at: number): number {
    const chosen = this.scratch;
    chosen.length = 0;
    this.choose(replication, rng, chosen);
    for (let i = 0; i < chosen.length; i++) out[at + i] = chosen[i];
    return chosen.length;
  }

  private choose(replication: number, rng: Random, chosen: number[], writer?: number): void {
    const want = Math.min(replication, this.nodeCount);
    if (want <= 0) return;
    const first = writer ?? rng.int(0, this.nodeCount - 1);
    chosen.push(first);
    if (want >= 2) {
      const firstRack = this.rackOf[first];
      chosen.push(this.pick(rng, chosen, firstRack) ?? this.any(rng, chosen));
    }
    if (want >= 3) {
      const [a, b] = chosen;
      const third =
        this.rackOf[a] === this.rackOf[b]
          ? this.pick(rng, chosen, this.rackOf[a])
          : this.pickOnRack(rng, chosen, this.rackOf[b]);
      chosen.push(third ?? this.any(rng, chosen));
    }
    while (chosen.length < want) chosen.push(this.any(rng, chosen));
  }

  /** A random node not chosen yet (one exists whenever this is called). */
  private any(rng: Random, chosen: readonly number[]): number {
    const node = this.pick(rng, chosen, ANY_RACK);
    if (node === undefined) throw new Error('replica placement: no node left (a bug: callers ask for at most nodeCount)');
    return node;
  }

  /**
   * A random node not chosen yet and not on rack `avoid` (any rack: ANY_RACK),
   * or undefined if there is none. (A rack, not a predicate: a closure per
   * block was most of the garbage of placing 16 million blocks.)
   */
  private pick(rng: Random, chosen: readonly number[], avoid: number): number | undefined {
    for (let i = 0; i < TRIES; i++) {
      const node = rng.int(0, this.nodeCount - 1);
      if (!chosen.includes(node) && this.rackOf[node] !== avoid) return node;
    }
    // The draw listing the candidates in node order would make, without listing them: a rack of 997 nodes of 1,000 to
    // avoid fails the tries nine times in ten, and listing the nodes each time was most of placing the blocks.
    const excluded = avoid === ANY_RACK ? NO_NODES : this.rackMembers[avoid];
    const others = chosen.filter((node) => this.rackOf[node] !== avoid).sort((a, b) => a - b);
    const count = this.nodeCount - excluded.length - others.length;
    return count === 0 ? undefined : this.nthCandidate(rng.int(0, count - 1), excluded, others);
  }

  /**
   * The `n`th node (from 0, in node order) in neither `excluded` nor
   * `others`, both sorted: the smallest x with n + 1 such nodes up to it,
   * found by bisection on x, each count by bisection in `excluded`.
   */
  private nthCandidate(n: number, excluded: readonly number[], others: readonly number[]): number {
    const upTo = (x: number): number => x + 1 - countAtMost(excluded, x) - countAtMost(others, x);
    let lo = 0;
    let hi = this.nodeCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (upTo(mid) >= n + 1) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** A random node of `rack` not chosen yet, or undefined. */
  private pickOnRack(rng: Random, chosen: readonly number[], rack: number): number | undefined {
    const members = this.rackMembers[rack];
    for (let i = 0; i < TRIES; i++) {
      const node = rng.pick(members);
      if (!chosen.includes(node)) return node;
    }
    const candidates = members.filter((node) => !chosen.includes(node));
    return candidates.length === 0 ? undefined : rng.pick(candidates);
  }
}
