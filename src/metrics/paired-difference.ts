/**
 * A scheduler against a baseline, replication by replication: each seed's
 * value minus the baseline's on the same seed (the same cluster and jobs, so
 * the difference is the schedulers'), summarised by the 95% interval of the
 * mean difference. Pairing takes out what the seeds share, so the interval is
 * narrower than the two means' intervals side by side.
 */
import { confidenceInterval95, type ConfidenceInterval } from './statistics.js';

/** `values[i] − base[i]` over the seeds; null when there is no pair or any replication lacks a value (no pair to drop silently). */
export function pairedDifference(values: readonly (number | null)[], base: readonly (number | null)[]): ConfidenceInterval | null {
  if (values.length !== base.length) throw new RangeError(`paired values need one per seed on both sides, got ${values.length} and ${base.length}`);
  const differences: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const baseline = base[i];
    if (value === null || baseline === null) return null;
    differences.push(value - baseline);
  }
  return differences.length === 0 ? null : confidenceInterval95(differences);
}
