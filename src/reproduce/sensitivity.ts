/**
 * A paper's claim map (`mrsched reproduce NAME --sensitivity`): its
 * headline claims judged over a grid of the settings the paper left open or
 * we assumed, each at every cell by the paired difference over the seeds
 * (claim-map-run.ts). The grid is a sweep spec under examples/sweeps/ (its
 * scenarios and parameters are the axes), run as any sweep is (resumed in
 * the work directory), optionally once per variant of a setting the spec
 * holds for the whole sweep (heartbeat alignment); or, for a paper whose
 * experiment is a model of its own rather than the simulator (the reduce
 * placement paper's queueing model), that model's runs at each cell.
 */
import type { Claim, ClaimMapAxis, PlacedGroup } from '../sweep/index.js';

interface ClaimGrid {
  /** What the grid sweeps and why, for the map's heading. */
  readonly description: string;
  /** Replications unless given --replications; small enough for a few minutes on two cores. */
  readonly defaultReplications: number;
  /** The axes, by their names, down and across each panel; the others make panels. */
  readonly rows: string;
  readonly columns: string | null;
  readonly claims: readonly Claim[];
}

/** A value of a setting the spec holds for the whole sweep, run as a sweep of its own. */
export interface SpecVariant {
  readonly label: string;
  readonly alignHeartbeats: boolean;
}

export interface SweptSensitivity extends ClaimGrid {
  readonly kind: 'sweep';
  /** The grid: a spec under examples/sweeps/. */
  readonly spec: string;
  /** A reader's name for each axis: the scenarios' (when the spec has several), each parameter's by its path, the variants'. */
  readonly axisNames: Readonly<Record<string, string>>;
  /** The spec run once per variant (the axis `axisNames.variant`). */
  readonly variants?: readonly SpecVariant[];
}

export interface ModelSensitivity extends ClaimGrid {
  readonly kind: 'model';
  /** Names the map's directory in the work directory. */
  readonly name: string;
  readonly axes: readonly ClaimMapAxis[];
  /** Every placement's runs at every cell of the grid, placed by the axes' values. */
  run(replications: number): PlacedGroup[];
}

export type Sensitivity = SweptSensitivity | ModelSensitivity;

/** The key of `axisNames` that names the scenarios' axis, and the variants'. */
export const SCENARIO_AXIS = 'scenario';
export const VARIANT_AXIS = 'variant';
