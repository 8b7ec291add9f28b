/**
 * Slot arithmetic of the Capacity Scheduler: percentages of a slot count,
 * rounded down as Hadoop rounds them (`(int)(percent * slots / 100)`), and the
 * ceilings of its user-limit formula.
 *
 * Differs from Hadoop: both roundings forgive binary floating-point error, so
 * that 33⅓ % of 3 slots is 1 slot and not 0.999… → 0 (Hadoop computes in
 * `float` and would round such a share down).
 */

/** Relative slack that separates representation error from a real fraction. */
const SLACK = 1e-9;

/** ⌊x⌋, taking a value a hair below a whole number as that number. */
export function floorSlots(x: number): number {
  return Math.floor(x + SLACK * Math.max(1, Math.abs(x)));
}

/** ⌈x⌉, taking a value a hair above a whole number as that number. */
export function ceilSlots(x: number): number {
  return Math.ceil(x - SLACK * Math.max(1, Math.abs(x)));
}

/** Whole slots in `percent` % of `slots` (rounded down). */
export function percentOfSlots(percent: number, slots: number): number {
  return floorSlots((percent * slots) / 100);
}
