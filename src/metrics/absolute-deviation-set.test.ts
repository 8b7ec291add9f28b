import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AbsoluteDeviationSet } from './absolute-deviation-set.js';

function bruteForce(values: number[], on: boolean[]): number {
  const xs = values.filter((_, i) => on[i]);
  if (xs.length === 0) return 0;
  const mu = xs.reduce((s, x) => s + x, 0) / xs.length;
  return xs.reduce((s, x) => s + Math.abs(x - mu), 0);
}

describe('AbsoluteDeviationSet', () => {
  it('sums |x − mean| over the elements that are on', () => {
    const set = new AbsoluteDeviationSet([0, 0, 0, 0]);
    set.setValue(0, 1);
    set.setValue(1, 3);
    set.setValue(2, 8);
    set.setValue(3, 100);
    set.setOn(0, true);
    set.setOn(1, true);
    set.setOn(2, true);
    // on: 1, 3, 8 → mean 4; |1−4| + |3−4| + |8−4| = 3 + 1 + 4 = 8 (element 3 is off)
    expect(set.sumAbsoluteDeviation()).toBe(8);
    expect(set.countOn()).toBe(3);
    set.setOn(3, true);
    // 1, 3, 8, 100 → mean 28; 27 + 25 + 20 + 72 = 144
    expect(set.sumAbsoluteDeviation()).toBe(144);
  });

  it('is 0 with nothing on, or with one element on', () => {
    const set = new AbsoluteDeviationSet([5, -2]);
    expect(set.sumAbsoluteDeviation()).toBe(0);
    set.setOn(1, true);
    expect(set.sumAbsoluteDeviation()).toBe(0);
  });

  type Op =
    | { kind: 'step'; element: number; up: boolean }
    | { kind: 'toggle'; element: number }
    | { kind: 'set'; element: number; value: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('step' as const), element: fc.nat(), up: fc.boolean() }),
    fc.record({ kind: fc.constant('toggle' as const), element: fc.nat() }),
    fc.record({ kind: fc.constant('set' as const), element: fc.nat(), value: fc.integer({ min: -20, max: 20 }) }),
  );

  /** Applies the operations to the set and to plain arrays, comparing after each one. */
  function check(initial: number[], ops: Op[]): void {
    const set = new AbsoluteDeviationSet(initial);
    const values = [...initial];
    const on = initial.map(() => false);
    for (const o of ops) {
      const e = o.element % initial.length;
      if (o.kind === 'step') values[e] += o.up ? 1 : -1;
      else if (o.kind === 'set') values[e] = o.value + (values[e] % 1); // keeps the fractional part
      if (o.kind === 'toggle') {
        on[e] = !on[e];
        set.setOn(e, on[e]);
      } else {
        set.setValue(e, values[e]);
      }
      expect(set.valueOf(e)).toBe(values[e]);
      expect(set.sumAbsoluteDeviation()).toBeCloseTo(bruteForce(values, on), 9);
    }
  }

  it('agrees with the brute-force sum under random ±1 steps, jumps and toggles (integer values)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 12 }),
        fc.array(op, { maxLength: 60 }),
        check,
      ),
    );
  });

  it('agrees with the brute-force sum when values differ by fractions', () => {
    const frac = fc.integer({ min: -10, max: 10 }).chain((k) => fc.constantFrom(k, k + 0.25, k + 0.5));
    fc.assert(fc.property(fc.array(frac, { minLength: 1, maxLength: 12 }), fc.array(op, { maxLength: 60 }), check));
  });
});
