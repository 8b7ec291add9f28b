import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { closedFormMakespan, flowShopMakespan, flowShopTimeline } from './flow-shop.js';

const instance = fc
  .integer({ min: 1, max: 9 })
  .chain((n) =>
    fc.record({
      map: fc.array(fc.integer({ min: 0, max: 50 }), { minLength: n, maxLength: n }),
      reduce: fc.array(fc.integer({ min: 0, max: 50 }), { minLength: n, maxLength: n }),
      order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
    }),
  );

describe('the two-stage flow shop', () => {
  it('ends a single job at a + b', () => {
    expect(flowShopMakespan([3], [4], [0])).toBe(7);
  });

  it('gives Σb when every map takes no time, and Σa when every reduce takes none', () => {
    expect(flowShopMakespan([0, 0, 0], [4, 1, 2], [2, 0, 1])).toBe(7);
    expect(flowShopMakespan([4, 1, 2], [0, 0, 0], [1, 2, 0])).toBe(7);
  });

  it('agrees with the closed form Σb + max K on every order (integer durations: exactly)', () => {
    fc.assert(
      fc.property(instance, ({ map, reduce, order }) => {
        expect(closedFormMakespan(map, reduce, order).makespan).toBe(flowShopMakespan(map, reduce, order));
      }),
    );
  });

  it('agrees with the closed form up to rounding on fractional durations', () => {
    fc.assert(
      fc.property(instance, ({ map, reduce, order }) => {
        const a = map.map((x) => x / 7);
        const b = reduce.map((x) => x / 3);
        expect(closedFormMakespan(a, b, order).makespan).toBeCloseTo(flowShopMakespan(a, b, order), 9);
      }),
    );
  });

  it('lays out stages that never overlap on a machine, each reduce after its own map', () => {
    fc.assert(
      fc.property(instance, ({ map, reduce, order }) => {
        const t = flowShopTimeline(map, reduce, order);
        for (let k = 0; k < order.length; k++) {
          expect(t.mapEnd[k] - t.mapStart[k]).toBe(map[order[k]]);
          expect(t.reduceEnd[k] - t.reduceStart[k]).toBe(reduce[order[k]]);
          expect(t.reduceStart[k]).toBeGreaterThanOrEqual(t.mapEnd[k]);
          if (k > 0) {
            expect(t.mapStart[k]).toBe(t.mapEnd[k - 1]);
            expect(t.reduceStart[k]).toBeGreaterThanOrEqual(t.reduceEnd[k - 1]);
          }
        }
        expect(order.length === 0 ? 0 : t.reduceEnd[order.length - 1]).toBe(flowShopMakespan(map, reduce, order));
      }),
    );
  });
});
