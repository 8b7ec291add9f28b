/**
 * max-cover of Algorithm 2 in "Assigning Tasks for Efficiency in Hadoop"
 * (Fischer, Su, Yin, SPAA 2010): the most tasks that can run locally when no
 * server takes more than τ of them, as a maximum flow source → task (1) →
 * replica server (1) → sink (τ). Each unit of flow through task t and server
 * s assigns t locally to s.
 *
 * As in the paper, the flow for τ starts from the flow for τ − 1 (raising the
 * server capacities keeps it feasible), so the work over all τ telescopes.
 * The paper augments with Ford–Fulkerson; we use Dinic phases (shortest
 * augmenting paths in bulk), which reach the same flow value.
 */
import { FlowNetworkBuilder, type FlowNetwork } from '../../solvers/max-flow.js';
import type { HtaInstance } from './hta-instance.js';

export class MaxCover {
  private readonly network: FlowNetwork;
  private readonly source: number;
  private readonly sink: number;
  private readonly firstPlacementArc: number;
  private readonly firstServerArc: number;
  private currentTau = 0;

  constructor(private readonly instance: HtaInstance) {
    const m = instance.tasks.length;
    const n = instance.servers.length;
    const edges = instance.replicaServers.length;
    this.source = 0;
    this.sink = m + n + 1;
    const builder = new FlowNetworkBuilder(m + n + 2, m + edges + n);
    for (let t = 0; t < m; t++) builder.addArc(this.source, 1 + t, 1);
    this.firstPlacementArc = m;
    for (let t = 0; t < m; t++) {
      for (let e = instance.replicaStart[t]; e < instance.replicaStart[t + 1]; e++) builder.addArc(1 + t, 1 + m + instance.replicaServers[e], 1);
    }
    this.firstServerArc = m + edges;
    for (let s = 0; s < n; s++) builder.addArc(1 + m + s, this.sink, 0);
    this.network = builder.build();
  }

  get tau(): number {
    return this.currentTau;
  }

  /** ℓ^α: the tasks assigned locally so far (the flow value). */
  get covered(): number {
    return this.network.value;
  }

  /** Raises every server's capacity to τ (≥ the current τ) and augments to a maximum flow; returns ℓ^α. */
  advance(tau: number): number {
    if (tau < this.currentTau) throw new RangeError(`τ may only grow (from ${this.currentTau} to ${tau})`);
    const n = this.instance.servers.length;
    for (let s = 0; s < n; s++) this.network.setCapacity(this.firstServerArc + s, tau);
    this.currentTau = tau;
    this.network.maxFlow(this.source, this.sink);
    return this.network.value;
  }

  /** α: each task's local server in the current flow, −1 for a task not covered. */
  localServers(into = new Int32Array(this.instance.tasks.length)): Int32Array {
    const { replicaStart, replicaServers } = this.instance;
    for (let t = 0; t < into.length; t++) {
      into[t] = -1;
      for (let e = replicaStart[t]; e < replicaStart[t + 1]; e++) {
        if (this.network.flowOn(this.firstPlacementArc + e) > 0) {
          into[t] = replicaServers[e];
          break;
        }
      }
    }
    return into;
  }
}
