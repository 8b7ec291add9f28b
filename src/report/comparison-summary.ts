/** The JSON summary of a comparison: per scheduler, each replication's metrics and each metric's interval. */
import type { Comparison } from '../experiment/compare.js';
import type { ReplicationSummary, RunMetrics } from '../metrics/index.js';

export interface ComparisonSummary {
  readonly scenario: string;
  readonly seeds: readonly number[];
  readonly schedulers: readonly {
    readonly scheduler: string;
    readonly intervals: Readonly<ReplicationSummary>;
    readonly replications: readonly RunMetrics[];
  }[];
}

export function comparisonSummary(comparison: Comparison): ComparisonSummary {
  return {
    scenario: comparison.scenario,
    seeds: comparison.seeds,
    schedulers: comparison.results.map((r) => ({
      scheduler: r.scheduler,
      intervals: r.intervals,
      replications: r.runs,
    })),
  };
}
