/**
 * The online estimates of the receding-horizon rule (§IV of "Improving
 * ReduceTask Data Locality for Sequential MapReduce Jobs"): every arriving
 * job i is recorded as (N_i, X_i, R_i), N_i the jobs present when it arrives
 * (queued and in service); over the last ω records, N̄ is the mean of N and
 * Ȳ the mean of X/R, so that p̂ = N̄/(2N̄ + 1) and the job's threshold is
 * R_i·p̂·Ȳ. The first record alone gives N̄ = N_1 and Ȳ = X_1/R_1, as the
 * paper initialises them.
 *
 * The paper does not give ω (it is lost from the surviving text);
 * DEFAULT_RHC_WINDOW is our choice, measured in docs/algorithms/reduce-placement.md.
 */
import type { ReduceDemand } from './reduce-demand.js';
import { rhcProbability, rhcRanks } from './rhc.js';

/** ω when none is given: in the paper's experiment 100 saves as much as 1,000 or 10,000 (within the 95% intervals) and 10 measurably less; the shortest of those follows a change of load soonest. */
export const DEFAULT_RHC_WINDOW = 100;

export class RhcEstimator {
  private readonly present: Float64Array;
  private readonly shares: Float64Array;
  private count = 0;
  private presentSum = 0;
  private shareSum = 0;

  /** A window of the last `window` (ω ≥ 1) arrivals. */
  constructor(readonly window: number = DEFAULT_RHC_WINDOW) {
    if (!Number.isInteger(window) || window < 1) throw new RangeError(`the window ω must be a whole number ≥ 1, got ${window}`);
    this.present = new Float64Array(window);
    this.shares = new Float64Array(window);
  }

  /** Record an arriving job that found `jobsPresent` jobs in the system. */
  observe(jobsPresent: number, demand: ReduceDemand): void {
    const at = this.count % this.window;
    const share = demand.data / demand.reducers;
    if (this.count >= this.window) {
      this.presentSum -= this.present[at];
      this.shareSum -= this.shares[at];
    }
    this.present[at] = jobsPresent;
    this.shares[at] = share;
    this.presentSum += jobsPresent;
    this.shareSum += share;
    this.count++;
    // Running sums of doubles drift; summing the window afresh once per lap keeps them exact to rounding.
    if (this.count % this.window === 0) {
      this.presentSum = this.present.reduce((a, b) => a + b, 0);
      this.shareSum = this.shares.reduce((a, b) => a + b, 0);
    }
  }

  private get size(): number {
    return Math.min(this.count, this.window);
  }

  /** N̄, the mean number of jobs present over the window (0 before any record). */
  get meanJobsPresent(): number {
    return this.size === 0 ? 0 : this.presentSum / this.size;
  }

  /** Ȳ, the mean data per reducer over the window (0 before any record). */
  get meanShare(): number {
    return this.size === 0 ? 0 : this.shareSum / this.size;
  }

  /** p̂ = N̄/(2N̄ + 1). */
  get probability(): number {
    return rhcProbability(this.meanJobsPresent);
  }

  /** The rule's ranks for a job, with the current estimates. */
  ranks(freeCount: number, demand: ReduceDemand): number[] {
    return rhcRanks(freeCount, demand, this.probability, this.meanShare);
  }
}
