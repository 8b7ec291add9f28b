import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FairShare } from './max-min-sharing.js';

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
    expect([...net.changed]).toEqual([f]);
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

  it('recomputes only the flows a change can slow down or speed up, not those slower than it', () => {
    // Resource 0 (10) carries `held`, held at 1 by resource 1 (1), and `fast`, which takes the other 9.
    const net = new FairShare([10, 1]);
    const held = net.open([0, 1], null, Infinity);
    const fast = net.open([0], null, Infinity);
    expect([net.rate(held), net.rate(fast)]).toEqual([1, 9]);
    // A new flow on resource 0 gets at least 10 / 3: `held` (1) keeps its rate and stays out of the region.
    const added = net.open([0], null, Infinity);
    expect([net.rate(held), net.rate(fast), net.rate(added)]).toEqual([1, 4.5, 4.5]);
    expect(net.regionSize).toBe(2);
    expect(new Set(net.changed)).toEqual(new Set([fast, added]));
    // Closing a flow at 4.5 moves nothing slower.
    net.close(added);
    expect([net.rate(held), net.rate(fast)]).toEqual([1, 9]);
    expect(net.regionSize).toBe(1);
    // Resource 0 down to 7 fills at 7 / 2 or more: `held` stays out again.
    net.setCapacity(0, 7);
    expect([net.rate(held), net.rate(fast)]).toEqual([1, 6]);
    expect(net.regionSize).toBe(1);
  });

  it('keeps the max-min rates of a progressive filling from scratch through opens, closes and capacity changes, with weights and bounds', () => {
    const resources = 6;
    const flow = fc.record({
      route: fc.uniqueArray(fc.integer({ min: 0, max: resources - 1 }), { minLength: 1, maxLength: 4 }),
      // The runtime leaves a resource a flow would not load off its route: weights are positive.
      weights: fc.array(fc.constantFrom(1, 0.5, 0.25, 0.125), { minLength: 4, maxLength: 4 }),
      bound: fc.oneof(fc.constant(Infinity), fc.integer({ min: 1, max: 30 })),
    });
    const step = fc.oneof(
      flow.map((f) => ({ kind: 'open' as const, ...f })),
      fc.nat().map((pick) => ({ kind: 'close' as const, pick })),
      fc.record({ resource: fc.integer({ min: 0, max: resources - 1 }), capacity: fc.integer({ min: 1, max: 40 }) }).map((c) => ({ kind: 'capacity' as const, ...c })),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: resources, maxLength: resources }), fc.array(step, { minLength: 1, maxLength: 40 }), (initial, steps) => {
        const caps = [...initial];
        const net = new FairShare(caps);
        const open: { slot: number; route: number[]; weights: number[]; bound: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'open') {
            const weights = s.weights.slice(0, s.route.length);
            open.push({ slot: net.open(s.route, weights, s.bound), route: s.route, weights, bound: s.bound });
          } else if (s.kind === 'close') {
            if (open.length === 0) continue;
            net.close(open.splice(s.pick % open.length, 1)[0].slot);
          } else {
            caps[s.resource] = s.capacity;
            net.setCapacity(s.resource, s.capacity);
          }
          const expected = progressiveFilling(caps, open);
          open.forEach((f, i) => expect(Math.abs(net.rate(f.slot) - expected[i])).toBeLessThanOrEqual(1e-9 * Math.max(1, expected[i])));
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Max-min rates by the textbook filling, every level searched afresh at each step: the reference for the incremental one. */
function progressiveFilling(caps: readonly number[], flows: readonly { route: number[]; weights: number[]; bound: number }[]): number[] {
  const rates = flows.map(() => 0);
  const rising = flows.map(() => true);
  let level = 0;
  while (rising.some(Boolean)) {
    // The next level: the lowest bound of a rising flow, or the lowest level at which a resource fills.
    let next = Math.min(...flows.filter((_, i) => rising[i]).map((f) => f.bound));
    const fillLevel = caps.map((cap, r) => {
      let used = 0;
      let slope = 0;
      flows.forEach((f, i) => {
        const k = f.route.indexOf(r);
        if (k < 0) return;
        if (rising[i]) slope += f.weights[k];
        else used += f.weights[k] * rates[i];
      });
      return slope > 0 ? level + (cap - used - slope * level) / slope : Infinity;
    });
    next = Math.min(next, ...fillLevel);
    level = next;
    flows.forEach((f, i) => {
      if (!rising[i]) return;
      rates[i] = level;
      const filled = f.route.some((r) => fillLevel[r] <= level * (1 + 1e-12));
      if (f.bound <= level * (1 + 1e-12) || filled) rising[i] = false;
    });
  }
  return rates;
}
