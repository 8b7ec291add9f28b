/**
 * Where a job's map output will lie once all its maps have run, as a reduce
 * placement can know it during the run: the input of the fetch costs of
 * "Improving ReduceTask Data Locality for Sequential MapReduce Jobs"
 * (INFOCOM 2013), C(v) = Σ_u X(u)·h(u, v).
 *
 * - The output of the finished maps lies where the runtime shows it
 *   (`mapOutputBytes`).
 * - Every map not finished yet is expected to write what a finished map of
 *   the job wrote on average, X_done / m_done: the paper's online estimate
 *   of the job's data, X ≈ (m / m_done)·X_done (§II).
 * - A pending map's output will lie where it runs, and maps mostly run where
 *   their input is (locality placement, delay scheduling): it is split
 *   evenly among the nodes holding its input. A running map's node is not
 *   shown to a reduce placement, so the running maps' output is spread as
 *   the job's input is (every map's replicas, split evenly). A map without
 *   input may run anywhere: its share is spread over every node.
 *
 * Where we differ from the paper: it spreads a job's data evenly over the
 * nodes (C = X·H(v)) and knows X when the job arrives. Here the data is
 * placed where it is and will be, and X is estimated from the maps finished
 * so far; before any has finished its size is unknown, and each unfinished
 * map counts one unit, which still ranks the nodes.
 */
import type { ClusterView, JobView, MapTaskView } from '../types.js';

export class ExpectedMapOutput {
  /** The job's input spread: Σ over its maps of 1/|replicas| on each replica's node (1/nodes on every node for a map without input). */
  private readonly input: Float64Array;

  constructor(
    private readonly maps: readonly MapTaskView[],
    nodeCount: number,
  ) {
    this.input = new Float64Array(nodeCount);
    for (const map of maps) {
      if (map.replicas.length === 0) {
        for (let v = 0; v < nodeCount; v++) this.input[v] += 1 / nodeCount;
      } else {
        for (const node of map.replicas) this.input[node] += 1 / map.replicas.length;
      }
    }
  }

  /**
   * Writes the expected bytes on each node into `into[offset + node]` and
   * returns the estimate of the job's data X, or NaN while no map has
   * finished (then each unfinished map counts 1).
   */
  fill(job: JobView, view: Pick<ClusterView, 'mapOutputBytes' | 'isMapPending'>, into: Float64Array, offset: number): number {
    const now = view.mapOutputBytes(job);
    const nodes = this.input.length;
    let written = 0;
    for (let v = 0; v < nodes; v++) written += now[v];
    const done = job.succeededMaps;
    const perMap = done > 0 ? written / done : 1;
    // Per unit of input spread (which sums to the number of maps); a job without maps has none running.
    const running = job.runningMaps === 0 ? 0 : (perMap * job.runningMaps) / this.maps.length;
    for (let v = 0; v < nodes; v++) into[offset + v] = now[v] + running * this.input[v];
    let anywhere = 0;
    for (let m = 0; m < this.maps.length; m++) {
      if (!view.isMapPending(job, m)) continue;
      const replicas = this.maps[m].replicas;
      if (replicas.length === 0) anywhere++;
      for (const node of replicas) into[offset + node] += perMap / replicas.length;
    }
    if (anywhere > 0) for (let v = 0; v < nodes; v++) into[offset + v] += (perMap * anywhere) / nodes;
    return done > 0 ? (written * this.maps.length) / done : NaN;
  }
}
