import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FairShareSolver, computeFairShares, shareAt, type ShareClaim } from './fair-share.js';

function claim(weight: number, demand: number, minShare = 0): ShareClaim {
  return { weight, demand, minShare, fairShare: NaN };
}

function shares(claims: readonly ShareClaim[], total: number): number[] {
  computeFairShares(claims, total);
  return claims.map((c) => c.fairShare);
}

/** Hadoop's own algorithm, transcribed: double R from 1, then 25 bisection steps; shares at the upper end. */
function hadoopShares(claims: readonly ShareClaim[], total: number): number[] {
  const used = (r: number) => claims.reduce((sum, c) => sum + shareAt(c, r), 0);
  const cap = Math.min(claims.reduce((sum, c) => sum + c.demand, 0), total);
  let rMax = 1;
  while (used(rMax) < cap) rMax *= 2;
  let left = 0;
  let right = rMax;
  for (let i = 0; i < 25; i++) {
    const mid = (left + right) / 2;
    if (used(mid) < cap) left = mid;
    else right = mid;
  }
  return claims.map((c) => shareAt(c, right));
}

describe('fair shares (Hadoop computeFairShares)', () => {
  it('split the slots equally between equal weights', () => {
    // 12 slots, three schedulables wanting 100 each: R = 4, 4 slots each.
    expect(shares([claim(1, 100), claim(1, 100), claim(1, 100)], 12)).toEqual([4, 4, 4]);
  });

  it('split the slots in proportion to weights 2:1', () => {
    // 9 slots, weights 2 and 1: R × 2 + R × 1 = 9 → R = 3: shares 6 and 3.
    expect(shares([claim(2, 100), claim(1, 100)], 9)).toEqual([6, 3]);
  });

  it('give a min share first, then share the rest by weight', () => {
    // 10 slots, A min share 6, B none, equal weights: max(6, R) + R = 10 → R = 4 (< 6): A 6, B 4.
    expect(shares([claim(1, 100, 6), claim(1, 100)], 10)).toEqual([6, 4]);
    // A min share 3 is below the equal split: R = 5, both 5.
    expect(shares([claim(1, 100, 3), claim(1, 100)], 10)).toEqual([5, 5]);
  });

  it('never give more than the demand, the surplus going to the others', () => {
    // 12 slots, A wants 2: A 2, then 2 + R + R = 12 → R = 5: B 5, C 5.
    expect(shares([claim(1, 2), claim(1, 100), claim(1, 100)], 12)).toEqual([2, 5, 5]);
    // A min share 10 but demand 3: A gets 3; B the remaining 7 of 10.
    expect(shares([claim(1, 3, 10), claim(1, 100)], 10)).toEqual([3, 7]);
  });

  it('give every demand when the total demand is below the capacity', () => {
    // 100 slots, demands 3 and 4: shares 3 and 4, 93 slots left idle.
    expect(shares([claim(1, 3), claim(2, 4)], 100)).toEqual([3, 4]);
  });

  it('honour min shares even when they add up to more than the capacity', () => {
    // Two min shares of 8 on 10 slots: Hadoop's R converges to 0 and both get 8.
    expect(shares([claim(1, 100, 8), claim(1, 100, 8)], 10)).toEqual([8, 8]);
  });

  it('give a weightless claim only its min share', () => {
    // Weight 0 (a size-based weight with no demand): 0 + min share; the other takes the rest.
    expect(shares([claim(0, 5, 2), claim(1, 100)], 10)).toEqual([2, 8]);
  });

  it('return the ratio R', () => {
    expect(computeFairShares([claim(2, 100), claim(1, 100)], 9)).toBe(3);
    expect(computeFairShares([claim(1, 3)], 9)).toBe(Infinity);
    expect(computeFairShares([claim(1, 9, 9)], 3)).toBe(0);
  });

  const claimArb = fc.record({
    weight: fc.constantFrom(0.25, 0.5, 1, 2, 3, 4),
    demand: fc.integer({ min: 0, max: 200 }),
    minShare: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
  });
  const instanceArb = fc.record({
    claims: fc.array(claimArb, { minLength: 1, maxLength: 12 }),
    total: fc.integer({ min: 0, max: 600 }),
  });

  it('agree with Hadoop bisection to its precision, and fill min(total, demand) when min shares fit', () => {
    fc.assert(
      fc.property(instanceArb, ({ claims, total }) => {
        const ours = shares(claims.map((c) => claim(c.weight, c.demand, c.minShare)), total);
        const theirs = hadoopShares(claims.map((c) => claim(c.weight, c.demand, c.minShare)), total);
        // Hadoop's 25 steps leave an error of rMax / 2^25 slots per unit of weight: well under 0.01 here.
        ours.forEach((share, i) => expect(share).toBeCloseTo(theirs[i], 2));
        const demand = claims.reduce((s, c) => s + c.demand, 0);
        const lo = claims.reduce((s, c) => s + Math.min(c.minShare, c.demand), 0);
        if (lo <= total) expect(ours.reduce((s, x) => s + x, 0)).toBeCloseTo(Math.min(total, demand), 6);
      }),
      { numRuns: 500 },
    );
  });

  it('give the same shares when one solver is reused as demands change', () => {
    const demandsArb = fc.array(fc.integer({ min: 0, max: 150 }), { minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(instanceArb, demandsArb, ({ claims, total }, demands) => {
        const live = claims.map((c) => ({ ...c, fairShare: NaN }));
        const solver = new FairShareSolver();
        for (const c of live) solver.add(c);
        solver.solve(total);
        // Change every demand, solve again from the kept order, compare with a fresh computation.
        live.forEach((c, i) => (c.demand = demands[i]));
        solver.solve(total);
        const fresh = shares(live.map((c) => claim(c.weight, c.demand, c.minShare)), total);
        live.forEach((c, i) => expect(c.fairShare).toBeCloseTo(fresh[i], 9));
      }),
      { numRuns: 200 },
    );
  });

  it('forget a removed claim', () => {
    const a = claim(1, 100);
    const b = claim(1, 100);
    const solver = new FairShareSolver();
    solver.add(a);
    solver.add(b);
    solver.solve(10);
    expect([a.fairShare, b.fairShare]).toEqual([5, 5]);
    solver.remove(a);
    solver.solve(10);
    expect(b.fairShare).toBe(10);
    expect(solver.size).toBe(1);
  });
});
