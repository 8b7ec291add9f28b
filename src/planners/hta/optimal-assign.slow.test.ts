import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimalAssign } from './optimal-assign.js';
import { countLowerBound, lpLowerBound } from './lower-bounds.js';
import { flowAssign } from './flow-assign.js';
import { satGadgetInstance } from './instances/sat-gadget.js';
import { bruteForceOptimum, smallInstances } from './test-support/small-instances.js';

describe('the exact optimum (MIP) and the lower bounds', () => {
  it('the MIP optimum equals the brute-force optimum, for constant, linear and table remote costs', async () => {
    await fc.assert(
      fc.asyncProperty(smallInstances({ maxServers: 3, maxTasks: 6 }), async (instance) => {
        const exact = await optimalAssign(instance, { timeLimitSeconds: 30 });
        expect(exact.status).toBe('optimal');
        expect(exact.loads?.maxLoad).toBeCloseTo(bruteForceOptimum(instance).maxLoad, 6);
      }),
      { numRuns: 40 },
    );
  });

  it('⌈m/n⌉·w_loc and the LP relaxation are at most the optimum, and the flow result at least the optimum', async () => {
    await fc.assert(
      fc.asyncProperty(smallInstances({ maxServers: 4, maxTasks: 7 }), async (instance) => {
        const optimum = bruteForceOptimum(instance).maxLoad;
        const lp = await lpLowerBound(instance);
        expect(lp.status).toBe('optimal');
        expect(lp.value ?? Infinity).toBeLessThanOrEqual(optimum + 1e-6);
        expect(countLowerBound(instance)).toBeLessThanOrEqual(optimum + 1e-9);
        expect(flowAssign(instance).maxLoad).toBeGreaterThanOrEqual(optimum - 1e-9);
      }),
      { numRuns: 40 },
    );
  });

  it('stopped by its time limit before it finds an assignment, it answers with flow’s, never worse', async () => {
    const instance = satGadgetInstance([[1, 1, 2], [-1, -1, 2], [-2, -2, -2]]);
    const result = await optimalAssign(instance, { timeLimitSeconds: 0 });
    expect(result.status).toBe('feasible');
    expect(result.from).toBe('flow');
    expect([...result.assignment!]).toEqual([...flowAssign(instance).assignment]);
  });

  it('is never worse than flow, proved optimal or not', async () => {
    await fc.assert(
      fc.asyncProperty(smallInstances({ maxServers: 4, maxTasks: 8 }), fc.constantFrom(0, 30), async (instance, timeLimitSeconds) => {
        const exact = await optimalAssign(instance, { timeLimitSeconds });
        expect(exact.loads!.maxLoad).toBeLessThanOrEqual(flowAssign(instance).maxLoad + 1e-9);
      }),
      { numRuns: 30 },
    );
  });
});
