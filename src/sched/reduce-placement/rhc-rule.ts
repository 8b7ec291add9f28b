/**
 * Receding-horizon control (Theorem 4 of "Improving ReduceTask Data
 * Locality for Sequential MapReduce Jobs", INFOCOM 2013, §IV) in the
 * cluster: a job with data X and R reduces takes the R cheapest free slots
 * when X ≥ R·p̂·Ȳ, and otherwise the next R, keeping the cheapest block for
 * a likely next job with more data per reduce. p̂ and Ȳ come from the
 * planner's `RhcEstimator`, fed one record (N, X, R) per job.
 *
 * The cluster's reading, where the paper's jobs claim their slots on
 * arrival with X known:
 * - A job is recorded, and its block decided, at the first offer after one
 *   of its maps has finished (X is then estimated, X ≈ (m/m_done)·X_done),
 *   with N the other jobs active then. Before that it is placed greedily.
 * - With p of its R reduces pending, the cheap block is ranks 0 … p−1 and
 *   the other R … R+p−1: the block kept back stays the R cheapest free
 *   slots while the job's reduces launch one by one.
 * - With fewer than R + p slots free, the second block does not exist and
 *   the job is placed greedily (the planner's fallback).
 */
import { RhcEstimator, rhcTakesCheapest } from '../../planners/reduce-placement/index.js';
import { withRoomFor } from '../job-column.js';
import type { ClusterView, JobView, NodeView } from '../types.js';
import type { SlotRule } from './fetch-cost-placement.js';
import type { JobFetchCosts } from './job-fetch-costs.js';

const UNDECIDED = 0;
const CHEAPEST = 1;
const SECOND = 2;

export class RhcRule implements SlotRule {
  private readonly estimator: RhcEstimator;
  /** Each job's block, by job index (grown as jobs ask). */
  private block = new Uint8Array(0);

  constructor(window: number) {
    this.estimator = new RhcEstimator(window);
  }

  picks(job: JobView, costs: JobFetchCosts, node: NodeView, view: ClusterView): boolean {
    this.block = withRoomFor(this.block, job.index);
    if (this.block[job.index] === UNDECIDED && !Number.isNaN(costs.data)) this.decide(job, costs.data, view);
    const pending = job.pendingReduces;
    const reserved = job.spec.reduceCount;
    const start = this.block[job.index] === SECOND && costs.slots.freeSlots(view, reserved + pending) >= reserved + pending ? reserved : 0;
    return costs.slots.inBlock(node.index, view, start, pending);
  }

  private decide(job: JobView, data: number, view: ClusterView): void {
    const demand = { data, reducers: job.spec.reduceCount };
    this.estimator.observe(view.activeJobs.length - 1, demand);
    this.block[job.index] = rhcTakesCheapest(demand, this.estimator.probability, this.estimator.meanShare) ? CHEAPEST : SECOND;
  }
}
