/**
 * What the model can represent, so what a scenario may ask for. A value past
 * these bounds is refused at its field, saying why, instead of giving a wrong
 * result without a word.
 *
 * - Time. Clocks and durations are doubles of seconds. Up to 2^33 s (about
 *   272 years) consecutive doubles are less than a microsecond apart, so a
 *   task of a microsecond or more started that late still ends later than it
 *   starts; at 10^16 s they are 2 s apart and short tasks take no time at all.
 *   Every time and duration a scenario gives, every arrival a stream draws,
 *   and every time a run reaches stays within 2^33 s.
 * - Heartbeats at least a millisecond apart: a run heartbeats each busy node
 *   every interval, and an interval of 5·10^-324 s never moves the clock.
 *   (Hadoop's shortest is 300 ms.)
 * - Sizes are whole bytes, exact up to 2^53 (8 PiB in one quantity).
 * - Rates (disk and network) of at least one byte per second, speeds and
 *   weights within a factor of a million of 1: a size over a rate, a work
 *   over a speed and a share over a weight then stay finite, and sums of
 *   millions of weights stay exact enough to rank.
 */

/** An interval a quantity must lie in, and how a message says it. */
export interface QuantityRange {
  readonly min: number;
  readonly max: number;
  /** `of at most …`, `from … to …`: completes "a duration ", "draws ". */
  readonly text: string;
}

export const MAX_SECONDS = 2 ** 33;
export const TIME_RANGE: QuantityRange = {
  min: 0,
  max: MAX_SECONDS,
  text: 'of at most 2^33 s (8,589,934,592 s, about 272 years: the range in which the model keeps times to the microsecond)',
};

export const MIN_HEARTBEAT_SECONDS = 0.001;

export const BYTES_RANGE: QuantityRange = {
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  text: 'of at most 2^53 - 1 bytes (8 PiB: sizes are whole bytes, exact up to there)',
};

export const RATE_RANGE: QuantityRange = { min: 1, max: Number.MAX_SAFE_INTEGER, text: 'from 1 to 2^53 - 1 bytes/s' };

/** Relative speeds, weights and priorities. */
export const FACTOR_RANGE: QuantityRange = { min: 1e-6, max: 1e6, text: 'from 1e-6 to 1e6' };

/** Whether `value` lies in `range` (NaN and infinities never do). */
export function inRange(value: number, range: QuantityRange): boolean {
  return value >= range.min && value <= range.max;
}
