import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MachinePool, type MachineKinds } from './machine-pool.js';

/** Algorithm 1's choice by a scan: the least max(free, ready) + size/speed, ties to the lowest index. */
function scan(speeds: number[], free: number[], kinds: MachineKinds[], kind: 'map' | 'reduce', ready: number, size: number): number {
  let best = -1;
  let bestEnd = Infinity;
  speeds.forEach((speed, m) => {
    if (kinds[m] !== 'both' && kinds[m] !== kind) return;
    const end = Math.max(free[m], ready) + size / speed;
    if (end < bestEnd) {
      best = m;
      bestEnd = end;
    }
  });
  return best;
}

describe('the machine pool', () => {
  it('picks the machine a scan picks, through any sequence of placements and resets', () => {
    const machine = fc.record({ speed: fc.constantFrom(0.5, 1, 2, 3), free: fc.integer({ min: 0, max: 8 }), kinds: fc.constantFrom<MachineKinds>('map', 'reduce', 'both') });
    const step = fc.record({ kind: fc.constantFrom<'map' | 'reduce'>('map', 'reduce'), ready: fc.integer({ min: 0, max: 10 }), size: fc.integer({ min: 0, max: 6 }), reset: fc.option(fc.integer({ min: 0, max: 20 })) });
    fc.assert(
      fc.property(fc.array(machine, { minLength: 1, maxLength: 12 }), fc.array(step, { maxLength: 30 }), (machines, steps) => {
        const speeds = machines.map((m) => m.speed);
        const free = machines.map((m) => m.free);
        const kinds = machines.map((m) => m.kinds);
        const pool = new MachinePool(speeds, free, kinds);
        steps.forEach(({ kind, ready, size, reset }, i) => {
          const chosen = pool.earliestFinish(kind, ready, size);
          expect(chosen).toBe(scan(speeds, free, kinds, kind, ready, size));
          if (chosen < 0) return;
          free[chosen] = Math.max(free[chosen], ready) + size / speeds[chosen];
          pool.setFree(chosen, free[chosen]);
          // Now and then a machine frees at another time than planned (an online caller's resync).
          if (reset !== null) {
            const m = i % speeds.length;
            free[m] = reset;
            pool.setFree(m, reset);
          }
          expect(free.map((_, m) => pool.freeAt(m))).toEqual(free);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('finds no machine for a kind no machine runs', () => {
    const pool = new MachinePool([1, 2], [0, 0], ['map', 'map']);
    expect(pool.earliestFinish('reduce', 0, 1)).toBe(-1);
    expect(pool.earliestFinish('map', 0, 1)).toBe(1);
  });

  it('among machines free by the ready time takes the lowest index, whatever their free times', () => {
    // Speeds 1, 1, 1 free at 3, 1, 2; ready at 5: all end at 6, machine 0 wins. Ready at 0: machine 1 (free first).
    const pool = new MachinePool([1, 1, 1], [3, 1, 2]);
    expect(pool.earliestFinish('map', 5, 1)).toBe(0);
    expect(pool.earliestFinish('map', 0, 1)).toBe(1);
  });
});
