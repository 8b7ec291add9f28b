import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { separate } from './separation-oracle.js';

/** V(A) = ½(p(A)² + Σ_A p²) − Σ_A p·C, summed directly. */
function violation(set: number[], p: number[], c: number[]): number {
  const total = set.reduce((s, j) => s + p[j], 0);
  const squares = set.reduce((s, j) => s + p[j] * p[j], 0);
  return (total * total + squares) / 2 - set.reduce((s, j) => s + p[j] * c[j], 0);
}

function subsetsOf(n: number): number[][] {
  return Array.from({ length: 2 ** n }, (_, mask) => Array.from({ length: n }, (_, j) => j).filter((j) => mask & (1 << j)));
}

const points = fc.integer({ min: 1, max: 10 }).chain((n) =>
  fc.record({
    p: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 10, noNaN: true })), { minLength: n, maxLength: n }),
    c: fc.array(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.double({ min: 0, max: 60, noNaN: true })), { minLength: n, maxLength: n }),
  }),
);

describe('the separation oracle', () => {
  it('finds the most violated set of all 2ⁿ by sorting (Lemma 1), for n ≤ 10', () => {
    fc.assert(
      fc.property(points, ({ p, c }) => {
        const n = p.length;
        const oracle = separate(c, Float64Array.from(p), new Float64Array(n), 1e-9);
        const brute = Math.max(0, ...subsetsOf(n).map((set) => violation(set, p, c)));
        expect(oracle.maxViolation).toBeCloseTo(brute, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('reports exactly the violated prefixes of the order by C, and a violated prefix whenever some set is violated', () => {
    fc.assert(
      fc.property(points, ({ p, c }) => {
        const n = p.length;
        const tolerance = 1e-9;
        const oracle = separate(c, Float64Array.from(p), new Float64Array(n), tolerance);
        const order = [...oracle.order];
        for (let k = 1; k < n; k++) expect(c[order[k - 1]] < c[order[k]] || (c[order[k - 1]] === c[order[k]] && order[k - 1] < order[k])).toBe(true);
        // Sums in another order differ in the last bits: compare away from the threshold, both ways.
        for (let k = 1; k <= n; k++) {
          const prefix = order.slice(0, k);
          const excess = violation(prefix, p, c) - tolerance * violation(prefix, p, new Array<number>(n).fill(0));
          if (excess > 1e-9) expect(oracle.violatedPrefixes).toContain(k);
          if (excess < -1e-9) expect(oracle.violatedPrefixes).not.toContain(k);
        }
        const violatedSomewhere = subsetsOf(n).some((set) => violation(set, p, c) > 1e-6 * (1 + violation(set, p, new Array<number>(n).fill(0))));
        if (violatedSomewhere) expect(oracle.violatedPrefixes.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('lists the jobs below their bound (7)', () => {
    const oracle = separate([1, 5, 2], Float64Array.from([1, 1, 1]), Float64Array.from([2, 5, 2.5]), 1e-9);
    expect(oracle.belowLowerBound).toEqual([0, 2]);
  });

  it('finds nothing to cut at a single-machine schedule: jobs back to back in any order', () => {
    // p = (2, 3, 1) run in the order 2, 1, 0: C = (1 + 3 + 2, 1 + 3, 1) = (6, 4, 1). Every set's constraint holds, tight for the prefixes.
    const oracle = separate([6, 4, 1], Float64Array.from([2, 3, 1]), new Float64Array(3), 1e-9);
    expect(oracle.violatedPrefixes).toEqual([]);
    expect(oracle.maxViolation).toBeCloseTo(0, 12);
  });
});
