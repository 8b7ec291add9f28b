/**
 * A count that is a share of another (a fraction of containers) rounded
 * down, without losing one to floating point: 0.29 × 100 is
 * 28.999999999999996, and must give 29.
 */
export function wholeCount(value: number): number {
  return Math.floor(value + 1e-9);
}
