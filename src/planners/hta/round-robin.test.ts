import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assignmentLoads } from './assignment-loads.js';
import { roundRobinAssign } from './round-robin.js';
import { theorem41Instance } from './instances/theorem-4-1.js';
import { theorem43Instance } from './instances/theorem-4-3.js';
import { smallInstances } from './test-support/small-instances.js';
import { optimalAssign } from './optimal-assign.js';
import { remoteCostAt } from './remote-cost.js';

describe('round robin (Algorithm 1)', () => {
  it('Theorem 4.1: n = 5 with t_i on s_i gives L = w_loc = 1; adding t_5 on s_1 lets a run reach L = w_rem = 3', () => {
    const before = theorem41Instance(5, false);
    expect(assignmentLoads(before, roundRobinAssign(before, 'deterministic')).maxLoad).toBe(1);
    expect(assignmentLoads(before, roundRobinAssign(before, 'adversarial')).maxLoad).toBe(1);
    const after = theorem41Instance(5, true);
    // s1 ← t5 (two replicas, preferred), s2..s4 ← t2..t4, s5 ← t1 remotely: cost 3.
    expect([...roundRobinAssign(after, 'adversarial')]).toEqual([4, 1, 2, 3, 0]);
    expect(assignmentLoads(after, roundRobinAssign(after, 'adversarial')).maxLoad).toBe(3);
  });

  it.each([
    [8, 4, 6, 2],
    [12, 5, 6, 3],
    [15, 5, 9, 3],
    [3, 3, 3, 1],
  ])('Theorem 4.3 with m = %i, n = %i and w_rem = 3: the adversarial run reaches L^A = %i while L^O = %i', async (m, n, roundRobin, optimum) => {
    // L^A ≥ ⌊m/n⌋·w_rem (s_n gets only remote tasks); L^O = ⌈m/n⌉·w_loc.
    const instance = theorem43Instance(m, n);
    const loads = assignmentLoads(instance, roundRobinAssign(instance, 'adversarial'));
    expect(loads.maxLoad).toBe(roundRobin);
    expect(loads.maxLoad).toBeGreaterThanOrEqual(Math.floor(m / n) * 3);
    const exact = await optimalAssign(instance);
    expect(exact.status).toBe('optimal');
    expect(exact.loads?.maxLoad).toBe(optimum);
  });

  it('gives every server ⌈m/n⌉ or ⌊m/n⌋ tasks, so L^A ≤ ⌈m/n⌉·w_rem(r^A) (Theorem 4.2)', () => {
    fc.assert(
      fc.property(smallInstances({ maxServers: 6, maxTasks: 30 }), fc.constantFrom('deterministic' as const, 'adversarial' as const), (instance, choice) => {
        const m = instance.tasks.length;
        const n = instance.servers.length;
        const assignment = roundRobinAssign(instance, choice);
        const counts = new Array<number>(n).fill(0);
        for (const s of assignment) counts[s]++;
        for (const count of counts) expect([Math.floor(m / n), Math.ceil(m / n)]).toContain(count);
        const loads = assignmentLoads(instance, assignment);
        expect(loads.maxLoad).toBeLessThanOrEqual(Math.ceil(m / n) * remoteCostAt(instance.wRem, loads.remote));
      }),
    );
  });
});
