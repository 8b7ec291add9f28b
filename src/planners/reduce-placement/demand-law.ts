/**
 * The law of a job's reduce demand: how many reducers R it asks for, and how
 * much data Y = X/R each of them fetches. The paper assumes Y independent of
 * R (spec: its recursion mixes P[R = j] with the unconditional cdf of X/R);
 * its experiment draws X and R independently, which makes Y depend on R. The
 * threshold recursion needs only Y's law given each R, so both are offered.
 */
import type { ShareDistribution } from './share-distribution.js';

export interface ReducerCount {
  /** A number of reducers, ≥ 1. */
  readonly count: number;
  /** P[R = count], > 0. */
  readonly probability: number;
}

export interface DemandLaw {
  /** The reducer counts with positive probability, ascending. */
  readonly reducers: readonly ReducerCount[];
  /** r̄, the largest reducer count. */
  readonly maxReducers: number;
  /** The law of Y = X/R given R = count (a count of `reducers`). */
  share(count: number): ShareDistribution;
}

/** Y independent of R, with law `share` whatever R is (the paper's analysis). */
export function independentShareLaw(reducers: readonly ReducerCount[], share: ShareDistribution): DemandLaw {
  return demandLaw(reducers, () => share);
}

/** X independent of R, with law `data`: Y = X/R (the paper's experiment). */
export function splitDataLaw(reducers: readonly ReducerCount[], data: ShareDistribution): DemandLaw {
  return demandLaw(reducers, (count) => data.divided(count));
}

function demandLaw(reducers: readonly ReducerCount[], shareOf: (count: number) => ShareDistribution): DemandLaw {
  const kept = reducers.filter((r) => r.probability > 0).sort((a, b) => a.count - b.count);
  if (kept.length === 0) throw new RangeError('a demand law needs a reducer count of positive probability');
  const shares = new Map(kept.map((r) => [r.count, shareOf(r.count)]));
  return {
    reducers: kept,
    maxReducers: kept[kept.length - 1].count,
    share(count) {
      const share = shares.get(count);
      if (share === undefined) throw new RangeError(`no job asks for ${count} reducers under this law`);
      return share;
    },
  };
}
