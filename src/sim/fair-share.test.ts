import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FairShare } from './fair-share.js';

describe('max-min fair sharing', () => {
  it('splits a resource equally, and gives it back when a flow closes', () => {
    const net = new FairShare([10]);
    const a = net.open([0], null, Infinity);
    expect(net.rate(a)).toBe(10);
    const b = net.open([0], null, Infinity);
    expect([net.rate(a), net.rate(b)]).toEqual([5, 5]);
    expect(new Set(net.changed)).toEqual(new Set([a, b]));
    net.close(b);
    expect(net.rate(a)).toBe(10);
  });

  it('gives a flow held back elsewhere less, and the others what it leaves', () => {
    // Resource 0 (10) carries f1 and f2; resource 1 (4) carries f2 and f3.
    // Resource 1 fills first at 2 each; f1 takes the 8 that f2 leaves on resource 0.
    const net = new FairShare([10, 4]);
    const f1 = net.open([0], null, Infinity);
    const f2 = net.open([0, 1], null, Infinity);
    const f3 = net.open([1], null, Infinity);
    expect([net.rate(f1), net.rate(f2), net.rate(f3)]).toEqual([8, 2, 2]);
  });

  it('holds a flow at its bound and shares the rest', () => {
    const net = new FairShare([10]);
    const slow = net.open([0], null, 1);
    const fast = net.open([0], null, Infinity);
    expect([net.rate(slow), net.rate(fast)]).toEqual([1, 9]);
  });

  it('charges each resource the flow weight times the rate', () => {
    // f1 uses resource 0 at weight 0.5: resource 0 (6) fills when 0.5 x + x = 6, x = 4; f1 is alone on 1.
    const net = new FairShare([6, 100]);
    const f1 = net.open([0, 1], [0.5, 1], Infinity);
    const f2 = net.open([0], null, Infinity);
    expect([net.rate(f1), net.rate(f2)]).toEqual([4, 4]);
  });

  it('follows a capacity change', () => {
    const net = new FairShare([10, 10]);
    const f = net.open([0, 1], null, Infinity);
    net.setCapacity(1, 3);
    expect(net.rate(f)).toBe(3);
    expect(net.changed).toEqual([f]);
    net.setCapacity(1, 30);
    expect(net.rate(f)).toBe(10);
  });

  it('gives the same rates incrementally as computed afresh, whatever the order of opening and closing', () => {
    const route = fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 4 });
    const flow = fc.record({ route, bound: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 30 })), closes: fc.boolean() });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 8, maxLength: 8 }), fc.array(flow, { minLength: 1, maxLength: 25 }), (caps, flows) => {
        const net = new FairShare(caps);
        const slots = flows.map((f) => net.open(f.route, null, f.bound));
        flows.forEach((f, i) => {
          if (f.closes) net.close(slots[i]);
        });
        const kept = flows.map((f, i) => [f, slots[i]] as const).filter(([f]) => !f.closes);
        const fresh = new FairShare(caps);
        const freshSlots = [...kept].reverse().map(([f]) => fresh.open(f.route, null, f.bound)).reverse();
        kept.forEach(([, slot], i) => {
          expect(net.rate(slot)).toBeCloseTo(fresh.rate(freshSlots[i]), 9);
        });
        // Max-min: every flow is at its bound or crosses a full resource where no flow is faster.
        for (const [f, slot] of kept) {
          const rate = net.rate(slot);
          if (rate >= f.bound - 1e-9) continue;
          const bottleneck = f.route.some((r) => {
            const users = kept.filter(([g]) => g.route.includes(r));
            const load = users.reduce((sum, [, s]) => sum + net.rate(s), 0);
            return load >= caps[r] - 1e-9 && users.every(([, s]) => net.rate(s) <= rate + 1e-9);
          });
          expect(bottleneck).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
