import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closedFormMakespan, flowShopMakespan } from './flow-shop.js';
import { johnsonOrder, uaasOrder } from './johnson.js';
import { optimalFlowShopOrder, forEachOrder } from './optimal.js';

/** The least makespan over every order, by plain enumeration (no pruning). */
function bruteForce(map: number[], reduce: number[]): number {
  let best = Infinity;
  forEachOrder(map.length, (order) => {
    best = Math.min(best, flowShopMakespan(map, reduce, order));
  });
  return best;
}

const instance = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.record({
    map: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: n, maxLength: n }),
    reduce: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: n, maxLength: n }),
  }),
);

// Seed 000's Table I, standalone (raw) durations: J1 (4, 5), J2 (1, 4), J3 (30, 4), J4 (6, 30), J5 (2, 3).
const RAW_MAP = [4, 1, 30, 6, 2];
const RAW_REDUCE = [5, 4, 4, 30, 3];

describe("Johnson's rule", () => {
  it('orders the raw five-job durations J2, J5, J1, J4, J3 with makespan 47 (the paper\'s "MK_JR = 47")', () => {
    // A = {J1, J2, J4, J5} by map: J2, J5, J1, J4; B = {J3}. Maps end 1, 3, 7, 13, 43;
    // reduces J2 1–5, J5 5–8, J1 8–13, J4 13–43, J3 43–47.
    const order = johnsonOrder(RAW_MAP, RAW_REDUCE);
    expect(order).toEqual([1, 4, 0, 3, 2]);
    expect(flowShopMakespan(RAW_MAP, RAW_REDUCE, order)).toBe(47);
    // Σb = 46; K_u = Σ_(i≤u) a − Σ_(i≤u−1) b = 1, 3−4, 7−7, 13−12, 43−42 = (1, −1, 0, 1, 1): max 1.
    // (Spec 1.6 writes K_4 = −1; it is 1, and the maximum is 1 either way.)
    expect(closedFormMakespan(RAW_MAP, RAW_REDUCE, order)).toEqual({ sumReduce: 46, k: [1, -1, 0, 1, 1], maxK: 1, makespan: 47 });
  });

  it('matches brute force over every order on random instances of up to 8 jobs (both forms)', () => {
    fc.assert(
      fc.property(instance, ({ map, reduce }) => {
        const best = bruteForce(map, reduce);
        expect(flowShopMakespan(map, reduce, johnsonOrder(map, reduce))).toBe(best);
        expect(flowShopMakespan(map, reduce, uaasOrder(map, reduce))).toBe(best);
        expect(optimalFlowShopOrder(map, reduce).makespan).toBe(best);
      }),
      { numRuns: 150 },
    );
  });

  it('returns every job once', () => {
    fc.assert(
      fc.property(instance, ({ map, reduce }) => {
        const all = [...map.keys()];
        expect([...johnsonOrder(map, reduce)].sort((a, b) => a - b)).toEqual(all);
        expect([...uaasOrder(map, reduce)].sort((a, b) => a - b)).toEqual(all);
      }),
    );
  });

  it('puts a job with a = b in front under UAAS (Map-type) and in B under the partition form, for the same makespan', () => {
    // J0 (3, 3), J1 (1, 5), J2 (4, 2). Partition: A = {J1}, B = {J0, J2} by b descending: J1, J0, J2.
    // UAAS: J1's map 1 → front; J2's reduce 2 → back; J0's tie at 3 → front, after J1: J1, J0, J2.
    // Here both orders coincide; with J3 (3, 4) the tie job moves: partition puts J0 after J3 (A), UAAS
    // takes J0 (index 0) at 3 first, before J3's map 3.
    const map = [3, 1, 4, 3];
    const reduce = [3, 5, 2, 4];
    expect(johnsonOrder(map, reduce)).toEqual([1, 3, 0, 2]);
    expect(uaasOrder(map, reduce)).toEqual([1, 0, 3, 2]);
    expect(flowShopMakespan(map, reduce, uaasOrder(map, reduce))).toBe(flowShopMakespan(map, reduce, johnsonOrder(map, reduce)));
  });

  it('breaks equal minima by the lower job index first', () => {
    // Two Map-type jobs with map 2: index order at the front. Two Reduce-type jobs with reduce 1:
    // UAAS places the lower index first, at the back, so it runs last; the partition form keeps index order.
    const map = [2, 5, 2, 5];
    const reduce = [6, 1, 6, 1];
    expect(uaasOrder(map, reduce)).toEqual([0, 2, 3, 1]);
    expect(johnsonOrder(map, reduce)).toEqual([0, 2, 1, 3]);
  });

  it('keeps J1, J2 on Theorem 2\'s instance (a1 = 1, b1 = C0; a2 = C0, b2 = 1), optimal at C0 + 2, while 1 + σ tends to 3', () => {
    const bounds = [2, 10, 1000, 1e6].map((c0) => {
      const map = [1, c0];
      const reduce = [c0, 1];
      const order = johnsonOrder(map, reduce);
      expect(order).toEqual([0, 1]);
      expect(flowShopMakespan(map, reduce, order)).toBe(c0 + 2);
      expect(bruteForce(map, reduce)).toBe(c0 + 2);
      // σ = (Σ a + Σ b) / Ĉ is (2·C0 + 2)/(C0 + 2), not the paper's (2·C0 + 1)/(C0 + 2).
      const sigma = (map[0] + map[1] + reduce[0] + reduce[1]) / flowShopMakespan(map, reduce, order);
      expect(sigma).toBeCloseTo((2 * c0 + 2) / (c0 + 2), 12);
      return 1 + sigma;
    });
    // The bound grows towards 3 (2.5, 2.83, 2.998, 2.999998) although the ratio achieved is 1 throughout.
    bounds.slice(1).forEach((bound, i) => expect(bound).toBeGreaterThan(bounds[i]));
    expect(bounds[bounds.length - 1]).toBeGreaterThan(2.999);
  });

  it('orders one job alone, and an empty batch as nothing', () => {
    expect(johnsonOrder([5], [2])).toEqual([0]);
    expect(uaasOrder([], [])).toEqual([]);
  });
});
