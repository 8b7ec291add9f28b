import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  confidenceInterval95,
  mean,
  median,
  quantileNearestRank,
  sampleStdDev,
  studentT975,
} from './statistics.js';

/**
 * P(|T| ≤ t) for Student's t with integer ν, by the closed forms of
 * Abramowitz and Stegun 26.7.3–26.7.4 (θ = atan(t/√ν)):
 *   ν odd:  (2/π)·(θ + sinθ·(cosθ + (2/3)cos³θ + … + (2·4…(ν−3))/(1·3…(ν−2))·cos^{ν−2}θ)), just 2θ/π for ν = 1;
 *   ν even: sinθ·(1 + (1/2)cos²θ + (1·3)/(2·4)cos⁴θ + … + (1·3…(ν−3))/(2·4…(ν−2))·cos^{ν−2}θ).
 * Exact up to rounding, so it certifies the table and the expansion.
 */
function twoSidedT(t: number, nu: number): number {
  const theta = Math.atan(t / Math.sqrt(nu));
  const s = Math.sin(theta);
  const c = Math.cos(theta);
  if (nu % 2 === 1) {
    if (nu === 1) return (2 * theta) / Math.PI;
    let term = c;
    let sum = c;
    for (let k = 3; k <= nu - 2; k += 2) {
      term *= ((k - 1) / k) * c * c;
      sum += term;
    }
    return (2 / Math.PI) * (theta + s * sum);
  }
  let term = 1;
  let sum = 1;
  for (let k = 2; k <= nu - 2; k += 2) {
    term *= ((k - 1) / k) * c * c;
    sum += term;
  }
  return s * sum;
}

describe('mean, sampleStdDev, median, quantileNearestRank', () => {
  it('mean is the sum over the count', () => {
    // (1 + 2 + 6) / 3 = 3
    expect(mean([1, 2, 6])).toBe(3);
  });

  it('sampleStdDev divides by n − 1', () => {
    // mean 5; squares 9 + 1 + 1 + 9 = 20; 20 / 3 = 6.667; √6.667 = 2.5820
    expect(sampleStdDev([2, 4, 6, 8])).toBeCloseTo(Math.sqrt(20 / 3), 12);
  });

  it('median is the middle value, or the mean of the two middle values', () => {
    expect(median([1, 5, 9])).toBe(5);
    // (5 + 9) / 2 = 7
    expect(median([1, 5, 9, 20])).toBe(7);
  });

  it('nearest-rank quantile is the value of rank ⌈p·n⌉', () => {
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20
    // p95: ⌈0.95 × 20⌉ = 19 → 19; p50: ⌈10⌉ = 10 → 10; p0: rank max(1, 0) = 1 → 1
    expect(quantileNearestRank(sorted, 0.95)).toBe(19);
    expect(quantileNearestRank(sorted, 0.5)).toBe(10);
    expect(quantileNearestRank(sorted, 0)).toBe(1);
    expect(quantileNearestRank(sorted, 1)).toBe(20);
    // n = 3: ⌈0.95 × 3⌉ = ⌈2.85⌉ = 3 → the maximum
    expect(quantileNearestRank([4, 7, 9], 0.95)).toBe(9);
  });

  it('empty lists and bad arguments throw', () => {
    expect(() => mean([])).toThrow(RangeError);
    expect(() => median([])).toThrow(RangeError);
    expect(() => sampleStdDev([1])).toThrow(RangeError);
    expect(() => quantileNearestRank([1], 1.5)).toThrow(RangeError);
    expect(() => confidenceInterval95([])).toThrow(RangeError);
    expect(() => studentT975(0)).toThrow(RangeError);
    expect(() => studentT975(2.5)).toThrow(RangeError);
  });

  it('the nearest-rank quantile is always an observation and grows with p', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, p, q) => {
          const sorted = [...values].sort((a, b) => a - b);
          const [lo, hi] = p <= q ? [p, q] : [q, p];
          expect(sorted).toContain(quantileNearestRank(sorted, lo));
          expect(quantileNearestRank(sorted, lo)).toBeLessThanOrEqual(quantileNearestRank(sorted, hi));
        },
      ),
    );
  });
});

describe('studentT975', () => {
  it('matches the printed tables: df 1 → 12.706, 10 → 2.228, 30 → 2.042, 100 → 1.984, 1000 → 1.962', () => {
    expect(studentT975(1)).toBeCloseTo(12.706, 3);
    expect(studentT975(2)).toBeCloseTo(4.303, 3);
    expect(studentT975(10)).toBeCloseTo(2.228, 3);
    expect(studentT975(29)).toBeCloseTo(2.045, 3);
    expect(studentT975(30)).toBeCloseTo(2.042, 3);
    expect(studentT975(31)).toBeCloseTo(2.040, 3);
    expect(studentT975(60)).toBeCloseTo(2.0, 3);
    expect(studentT975(100)).toBeCloseTo(1.984, 3);
    expect(studentT975(120)).toBeCloseTo(1.980, 3);
    expect(studentT975(1000)).toBeCloseTo(1.962, 3);
  });

  it('every table entry (df 1..30) puts 95% of the mass within ±t, to 1e-9', () => {
    for (let df = 1; df <= 30; df++) {
      expect(Math.abs(twoSidedT(studentT975(df), df) - 0.95)).toBeLessThan(1e-9);
    }
  });

  it('the Cornish–Fisher expansion (df > 30) is within 3e-8 of the exact quantile', () => {
    // Convert the probability error into a quantile error by one Newton step on the exact CDF:
    // t_exact ≈ t − (P(t) − 0.95) / P′(t), with P′ estimated by a central difference.
    for (const df of [31, 32, 35, 40, 50, 75, 100, 200, 500, 1000, 5000]) {
      const t = studentT975(df);
      const h = 1e-5;
      const slope = (twoSidedT(t + h, df) - twoSidedT(t - h, df)) / (2 * h);
      const error = (twoSidedT(t, df) - 0.95) / slope;
      expect(Math.abs(error)).toBeLessThan(3e-8);
    }
  });

  it('decreases with the degrees of freedom towards z = 1.95996', () => {
    for (let df = 1; df < 400; df++) expect(studentT975(df + 1)).toBeLessThan(studentT975(df));
    expect(studentT975(1e7)).toBeCloseTo(1.959964, 6);
  });
});

describe('confidenceInterval95', () => {
  it('is mean ± t_{0.975,n−1}·s/√n', () => {
    // values 2, 4, 6, 8: mean 5, s = √(20/3) = 2.58199, n = 4, t_{0.975,3} = 3.18245
    // halfWidth = 3.18245 × 2.58199 / 2 = 4.10853
    const ci = confidenceInterval95([2, 4, 6, 8]);
    expect(ci.n).toBe(4);
    expect(ci.mean).toBe(5);
    expect(ci.halfWidth).toBeCloseTo(4.10853, 4);
    expect(ci.low).toBeCloseTo(5 - 4.10853, 4);
    expect(ci.high).toBeCloseTo(5 + 4.10853, 4);
  });

  it('has no width with a single value', () => {
    expect(confidenceInterval95([7])).toEqual({ mean: 7, halfWidth: null, low: null, high: null, n: 1 });
  });

  it('has zero width when all values agree', () => {
    const ci = confidenceInterval95([3, 3, 3]);
    expect(ci.halfWidth).toBe(0);
    expect(ci.low).toBe(3);
    expect(ci.high).toBe(3);
  });

  it('is mean ± a non-negative half-width', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 50 }), (values) => {
        const ci = confidenceInterval95(values);
        const halfWidth = ci.halfWidth as number;
        expect(halfWidth).toBeGreaterThanOrEqual(0);
        expect(ci.low).toBe(ci.mean - halfWidth);
        expect(ci.high).toBe(ci.mean + halfWidth);
      }),
    );
  });

  it('moves with a shift of the values and scales with their scale', () => {
    // For y = k·x + c (k > 0): mean(y) = k·mean(x) + c and s(y) = k·s(x), so halfWidth(y) = k·halfWidth(x).
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: -500, max: 500 }),
        (values, k, c) => {
          const x = confidenceInterval95(values);
          const y = confidenceInterval95(values.map((v) => k * v + c));
          expect(y.mean).toBeCloseTo(k * x.mean + c, 6);
          expect(y.halfWidth as number).toBeCloseTo(k * (x.halfWidth as number), 6);
        },
      ),
    );
  });
});
