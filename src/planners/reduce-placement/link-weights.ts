/**
 * What a link costs in the accumulated hop distance. The paper counts hops
 * and allows "weighted hop distances" where switches differ in speed, without
 * saying how to weigh them; we offer:
 *
 * - `hops`: every link weighs 1 (the paper's H);
 * - `weights`: the link weights a tree file gives;
 * - `bandwidth`: 1/bandwidth, normalised so the fastest link weighs 1. A
 *   link half as fast weighs 2: moving a byte over it takes as long as over
 *   two of the fastest, so H reads "hops of the fastest link".
 */

export const LINK_WEIGHTINGS = ['hops', 'weights', 'bandwidth'] as const;
export type LinkWeighting = (typeof LINK_WEIGHTINGS)[number];

/** max(bandwidth) / bandwidth of each link; bandwidths must be > 0 (an infinite one weighs 0). */
export function bandwidthWeights(bandwidths: ArrayLike<number>): Float64Array {
  let fastest = 0;
  for (let i = 0; i < bandwidths.length; i++) if (Number.isFinite(bandwidths[i])) fastest = Math.max(fastest, bandwidths[i]);
  return Float64Array.from({ length: bandwidths.length }, (_, i) => fastest / bandwidths[i]);
}
