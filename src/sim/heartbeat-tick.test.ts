import { describe, expect, it } from 'vitest';
import { nextTick } from './heartbeat-tick.js';

describe('nextTick', () => {
  it('is one interval after the last heartbeat when that is still ahead', () => {
    expect(nextTick(10, 11, 3)).toBe(13);
    expect(nextTick(10, 10, 3)).toBe(13);
  });

  it('skips the ticks that passed while the node was idle, keeping its phase', () => {
    // last 10, interval 3: ticks 13, 16, 19, 22 → the first at or after 20.5 is 22.
    expect(nextTick(10, 20.5, 3)).toBe(22);
  });

  it('falls on now when a tick does, despite rounding in the division', () => {
    // (198.3 − 123.3) / 3 = 25.000000000000004 in floating point; the tick at 198.3 is due now.
    expect(nextTick(123.3, 198.3, 3)).toBeCloseTo(198.3, 9);
  });

  it('is never before now, even when the tick due now rounds a hair below it', () => {
    // 33.00000005585754 + 3 = 36.00000005585754, one ulp before now.
    expect(nextTick(33.00000005585754, 36.00000005585755, 3)).toBe(36.00000005585755);
  });
});
