/**
 * The expected fetch cost of a job's reduce on each node of the cluster, the
 * cost of "Improving ReduceTask Data Locality for Sequential MapReduce Jobs"
 * (INFOCOM 2013, §I-B) for uneven data: a reduce on v fetches its share
 * 1/R of the output on every node u over h(u, v) hops, so it costs
 * Σ_u X(u)·h(u, v) / R byte·hops, X(u) the job's expected map output on u
 * (`ExpectedMapOutput`). The paper splits a job's data equally among its
 * reduces, and so does this cost; the runtime may give reduces unequal
 * shares, which a policy cannot see.
 *
 * All nodes at once in O(V) on the cluster's tree (`accumulatedDistance`,
 * the planner's), with links weighing a hop each (the run's `fetchCost`
 * metric) or by bandwidth; with `contention`, a link into a vertex weighs
 * more for each reduce already copying below it (`ShuffleLoad`).
 */
import type { Cluster } from '../../model/cluster.js';
import { accumulatedDistance, clusterTopology, newDistanceWork, type ClusterWeighting, type DistanceWork, type TopologyTree } from '../../planners/reduce-placement/index.js';
import type { ClusterView, JobView } from '../types.js';
import type { ExpectedMapOutput } from './expected-map-output.js';
import { ShuffleLoad } from './shuffle-load.js';

export class FetchCostModel {
  private readonly tree: TopologyTree;
  private readonly firstNode: number;
  /** Reused by every job's costs: they are copied out at once. */
  private readonly work: DistanceWork;
  /** The fetches sharing the links, when the costs count them. */
  readonly load: ShuffleLoad | null;

  constructor(cluster: Cluster, weighting: ClusterWeighting, contention: boolean) {
    this.tree = clusterTopology(cluster, weighting);
    this.firstNode = cluster.switches.length;
    this.work = newDistanceWork(this.tree);
    this.load = contention ? new ShuffleLoad(this.tree, this.firstNode) : null;
  }

  /** Moves when the links' weights do (never without contention): costs worked out before are stale. */
  get weightsVersion(): number {
    return this.load?.version ?? 0;
  }

  /** An array for a job's expected output per vertex (`mass`): the switches, first, hold none. */
  newMass(): Float64Array {
    return new Float64Array(this.tree.vertices.length);
  }

  /** Writes the job's expected output per node into `into`; returns the estimate of the job's data X (NaN while no map has finished). */
  mass(output: ExpectedMapOutput, job: JobView, view: ClusterView, into: Float64Array): number {
    return output.fill(job, view, into, this.firstNode);
  }

  /** Writes the expected cost of one reduce of `job` on each node into `costs`, from the job's expected output per vertex. */
  costs(mass: Float64Array, job: JobView, view: ClusterView, costs: Float64Array): void {
    const downWeights = this.load === null ? this.tree.parentWeight : this.load.downWeights(view);
    const distance = accumulatedDistance(this.tree, mass, downWeights, this.work);
    const reduces = job.spec.reduceCount;
    for (let v = 0; v < costs.length; v++) costs[v] = distance[this.firstNode + v] / reduces;
  }
}
