/**
 * A paper's claim map (`mrsched reproduce NAME --sensitivity`): its
 * headline claims judged over a grid of the settings the paper left open or
 * we assumed. The grid is a sweep spec under examples/sweeps/ (its
 * scenarios and parameters are the axes), run as any sweep is (resumed in
 * the work directory), optionally once per variant of a setting the spec
 * holds for the whole sweep (heartbeat alignment); each claim is judged at
 * every cell by the paired difference over the seeds (claim-map-run.ts).
 */
import type { Claim } from '../sweep/index.js';

/** A value of a setting the spec holds for the whole sweep, run as a sweep of its own. */
export interface SpecVariant {
  readonly label: string;
  readonly alignHeartbeats: boolean;
}

export interface Sensitivity {
  /** The grid: a spec under examples/sweeps/. */
  readonly spec: string;
  /** What the grid sweeps and why, for the map's heading. */
  readonly description: string;
  /** Replications unless given --replications; small enough for a few minutes on two cores. */
  readonly defaultReplications: number;
  /** A reader's name for each axis: the scenarios' (when the spec has several), each parameter's by its path, the variants'. */
  readonly axisNames: Readonly<Record<string, string>>;
  /** The axes, by their names, down and across each panel; the others make panels. */
  readonly rows: string;
  readonly columns: string | null;
  readonly claims: readonly Claim[];
  /** The spec run once per variant (the axis `axisNames.variant`). */
  readonly variants?: readonly SpecVariant[];
}

/** The key of `axisNames` that names the scenarios' axis, and the variants'. */
export const SCENARIO_AXIS = 'scenario';
export const VARIANT_AXIS = 'variant';
