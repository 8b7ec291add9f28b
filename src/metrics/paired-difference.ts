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

/** A figure of each run of a group, by the run's seed; null where the run did not give it. */
export interface SeededValues {
  readonly seeds: readonly number[];
  readonly values: readonly (number | null)[];
}

/**
 * `own` minus `base` over the seeds where both ran and have the figure: a
 * failed run, or a figure a run does not define, leaves its seed out.
 */
export function pairedBySeed(own: SeededValues, base: SeededValues): ConfidenceInterval | null {
  const baseBySeed = new Map(base.seeds.map((seed, run) => [seed, base.values[run]]));
  const values: number[] = [];
  const bases: number[] = [];
  own.seeds.forEach((seed, run) => {
    const value = own.values[run];
    const against = baseBySeed.get(seed);
    if (value === null || against === undefined || against === null) return;
    values.push(value);
    bases.push(against);
  });
  return pairedDifference(values, bases);
}
