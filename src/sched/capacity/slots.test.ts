import { describe, expect, it } from 'vitest';
import { ceilSlots, floorSlots, percentOfSlots } from './slots.js';

describe('slot arithmetic', () => {
  it('rounds a percentage of slots down, as Hadoop does', () => {
    expect(percentOfSlots(70, 10)).toBe(7);
    expect(percentOfSlots(25, 7)).toBe(1); // 1.75
    expect(percentOfSlots(5, 10)).toBe(0); // 0.5: a queue guaranteed no whole slot
    expect(percentOfSlots(100, 1000)).toBe(1000);
  });

  it('forgives floating-point error at whole numbers', () => {
    // 100/3 % of 3 slots is 1 slot, though (100/3) × 3 / 100 is 0.9999999999999999 in binary.
    expect(percentOfSlots(100 / 3, 3)).toBe(1);
    expect(floorSlots(0.1 * 3 * 10)).toBe(3); // 3.0000000000000004
    expect(ceilSlots(0.1 * 3 * 10)).toBe(3);
    expect(ceilSlots(2.5)).toBe(3);
    expect(floorSlots(2.5)).toBe(2);
  });
});
