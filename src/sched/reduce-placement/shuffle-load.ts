/**
 * The links the reduces' fetches already share, for fetch costs that know
 * the network is shared (`contention`): a reduce copying its input (its
 * progress under a third, Hadoop's copy phase) draws map output down its
 * node's link and, from other racks, down its rack's; under max-min
 * sharing each link's bandwidth is split among the fetches coming down it.
 * So a link into vertex v weighs its own weight times one plus the copying
 * reduces below v: the paper's cost of a hop with a term for the load on
 * it, and a placement that reads it spreads a job's reduces over nodes and
 * racks instead of crowding the cheapest ones.
 *
 * The links out of the nodes holding map output weigh as they are: every
 * reduce fetching from a node shares them wherever it runs.
 *
 * Counted again from the cluster view when asked after a change
 * (`changed`: a reduce launched or ended, a job's last map finished, a node
 * failed or came back); a reduce that finishes copying in between counts
 * until the next change.
 */
import type { TopologyTree } from '../../planners/reduce-placement/index.js';
import type { ClusterView } from '../types.js';

/** Hadoop's reduce progress: copy, sort and reduce a third each. */
const COPY_PHASE_END = 1 / 3;

export class ShuffleLoad {
  /** Moves at every change: the weights are counted again at the next question. */
  version = 0;
  private countedAt = -1;
  private readonly below: Float64Array;
  private readonly weights: Float64Array;

  constructor(
    private readonly tree: TopologyTree,
    /** The vertex of the cluster's first node (the switches come first). */
    private readonly firstNode: number,
  ) {
    this.below = new Float64Array(tree.vertices.length);
    this.weights = new Float64Array(tree.vertices.length);
  }

  changed(): void {
    this.version++;
  }

  /** The weight of each vertex's link from its parent, for data coming down it. */
  downWeights(view: Pick<ClusterView, 'activeJobs' | 'runningAttempts'>): Float64Array {
    if (this.countedAt === this.version) return this.weights;
    const { order, parent, parentWeight } = this.tree;
    const below = this.below.fill(0);
    for (const job of view.activeJobs) {
      if (job.runningReduces === 0) continue;
      for (const reduce of view.runningAttempts(job, 'reduce')) if (reduce.progress < COPY_PHASE_END) below[this.firstNode + reduce.node]++;
    }
    for (let i = order.length - 1; i > 0; i--) below[parent[order[i]]] += below[order[i]];
    for (let v = 0; v < order.length; v++) this.weights[v] = parentWeight[v] * (1 + below[v]);
    this.countedAt = this.version;
    return this.weights;
  }
}
