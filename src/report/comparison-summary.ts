/** The JSON summary of a comparison: per scheduler, each replication's metrics and each metric's interval. */
import type { Comparison } from '../experiment/compare.js';
import type { ReplicationSummary, RunMetrics } from '../metrics/index.js';
import type { Provenance } from './provenance.js';

export interface ComparisonSummary {
  /** How the comparison was made, when a command made it. */
  readonly provenance?: Provenance;
  readonly scenario: string;
  readonly seeds: readonly number[];
  readonly schedulers: readonly {
    readonly scheduler: string;
    readonly intervals: Readonly<ReplicationSummary>;
    readonly replications: readonly RunMetrics[];
  }[];
}

export function comparisonSummary(comparison: Comparison, provenance?: Provenance): ComparisonSummary {
  return {
    ...(provenance === undefined ? {} : { provenance }),
    scenario: comparison.scenario,
    seeds: comparison.seeds,
    schedulers: comparison.results.map((r) => ({
      scheduler: r.scheduler,
      intervals: r.intervals,
      replications: r.runs,
    })),
  };
}
