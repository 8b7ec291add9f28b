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
 * metric) or by bandwidth.
 */
import type { Cluster } from '../../model/cluster.js';
import { accumulatedDistance, clusterTopology, type ClusterWeighting, type TopologyTree } from '../../planners/reduce-placement/index.js';
import type { ClusterView, JobView } from '../types.js';
import type { ExpectedMapOutput } from './expected-map-output.js';

export class FetchCostModel {
  private readonly tree: TopologyTree;
  /** Expected output per vertex: the switches (first) hold none, the nodes follow. */
  private readonly mass: Float64Array;
  private readonly firstNode: number;

  constructor(cluster: Cluster, weighting: ClusterWeighting) {
    this.tree = clusterTopology(cluster, weighting);
    this.mass = new Float64Array(this.tree.vertices.length);
    this.firstNode = cluster.switches.length;
  }

  /**
   * Writes the expected byte·hops one reduce of `job` fetches on each node
   * into `costs`; returns the estimate of the job's data X (NaN while no map
   * has finished).
   */
  fill(output: ExpectedMapOutput, job: JobView, view: ClusterView, costs: Float64Array): number {
    const data = output.fill(job, view, this.mass, this.firstNode);
    const distance = accumulatedDistance(this.tree, this.mass);
    const reduces = job.spec.reduceCount;
    for (let v = 0; v < costs.length; v++) costs[v] = distance[this.firstNode + v] / reduces;
    return data;
  }
}
