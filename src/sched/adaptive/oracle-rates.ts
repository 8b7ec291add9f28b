/**
 * The rates of the adaptive scheduler of Rasooli and Down ("An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON
 * 2011) read from the truth (the `oracle` estimates, for comparison with
 * what it learns; the paper takes its parameters as known): every job of the
 * run as the oracle gives them (`TaskOracle.workload`), arrived or not, with
 * its true work.
 *
 * - A shape's task counts and durations: means over all its jobs' tasks. A
 *   map on a node of kind k takes its input read from k's disk (node-local,
 *   as the scheduler's locality-first placement aims for) plus its work over
 *   k's speed; a reduce, its work over k's speed plus its shuffle share of
 *   the job's map output over k's link. Waits (for a slot, for maps after
 *   slow-start) and the network's contention are not in the truth: they
 *   depend on the schedule.
 * - A type's arrival rate: its number of jobs in the run (jobs per run).
 */
import type { Job } from '../../model/workload.js';
import type { JobTypeTable } from './job-types.js';
import type { NodeKinds } from './node-kinds.js';
import type { RateSource, ShapeProfile } from './shape-profile.js';

export class OracleRates implements RateSource {
  private readonly profiles: ShapeProfile[];
  private readonly jobsOfType: number[] = [];

  /** Adds every job's type to `table`. */
  constructor(workload: readonly Job[], table: JobTypeTable, kinds: NodeKinds) {
    const k = kinds.kinds.length;
    const sums: { jobs: number; maps: number; reduces: number; mapSeconds: Float64Array; reduceSeconds: Float64Array }[] = [];
    for (const job of workload) {
      const type = table.typeOf({ user: job.user, mapCount: job.maps.length, reduceCount: job.reduces.length });
      this.jobsOfType[type] = (this.jobsOfType[type] ?? 0) + 1;
      const shape = table.types[type].shape;
      sums[shape] ??= { jobs: 0, maps: 0, reduces: 0, mapSeconds: new Float64Array(k), reduceSeconds: new Float64Array(k) };
      const sum = sums[shape];
      sum.jobs++;
      sum.maps += job.maps.length;
      sum.reduces += job.reduces.length;
      const output = job.maps.outputBytes.reduce((sum, bytes) => sum + bytes, 0);
      kinds.kinds.forEach(({ spec }, g) => {
        for (const map of job.maps) sum.mapSeconds[g] += (spec.diskReadRate > 0 ? map.inputBytes / spec.diskReadRate : 0) + map.work / spec.speed;
        for (const reduce of job.reduces) {
          sum.reduceSeconds[g] += reduce.work / spec.speed + (spec.uplinkBandwidth > 0 ? (reduce.shuffleShare * output) / spec.uplinkBandwidth : 0);
        }
      });
    }
    this.profiles = sums.map((sum) => ({
      maps: sum.maps / sum.jobs,
      reduces: sum.reduces / sum.jobs,
      mapSeconds: sum.mapSeconds.map((s) => (sum.maps > 0 ? s / sum.maps : 0)),
      reduceSeconds: sum.reduceSeconds.map((s) => (sum.reduces > 0 ? s / sum.reduces : 0)),
    }));
  }

  profile(shape: number): ShapeProfile | null {
    return this.profiles[shape] ?? null;
  }

  arrivalRate(type: number): number {
    return this.jobsOfType[type] ?? 0;
  }
}
