import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateClasses } from '../../planners/adaptive/index.js';
import { loadLinearSolver } from '../../solvers/linear-program.js';
import { testScenario } from '../../test-support/scenario.js';
import { nodeKinds } from './node-kinds.js';

const solver = await loadLinearSolver();

describe('nodeKinds', () => {
  it('groups nodes alike in speed, disk, link and slots, in the order of their first node', () => {
    const { cluster } = testScenario({
      nodes: [{ speed: 1 }, { speed: 2 }, { speed: 1 }, { speed: 1, mapSlots: 2 }, { speed: 2 }, { speed: 1, diskReadRate: 5 }],
      jobs: [],
    });
    const { kinds, kindOf } = nodeKinds(cluster.nodes);
    expect(kinds.map((k) => [k.id, k.nodes])).toEqual([
      ['n0+1', [0, 2]],
      ['n1+1', [1, 4]],
      ['n3', [3]],
      ['n5', [5]],
    ]);
    expect([...kindOf]).toEqual([0, 1, 0, 2, 1, 3]);
  });

  it('suggests to each node what the LP over kinds (rates summed) suggests to its kind', () => {
    // The claim of node-kinds.ts: grouping identical resources changes neither λ* nor any SC set.
    const problem = fc.record({
      counts: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
      classes: fc.array(fc.record({ alpha: fc.integer({ min: 0, max: 4 }), rates: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 3, maxLength: 3 }) }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(problem, ({ counts, classes }) => {
        const kinds = counts.map((_, k) => `k${k}`);
        const nodes = counts.flatMap((n, k) => Array.from({ length: n }, () => k));
        const byKind = allocateClasses(
          { resources: kinds, classes: classes.map((c, i) => ({ id: `C${i}`, arrivalRate: c.alpha, rates: counts.map((n, k) => n * c.rates[k]) })) },
          solver,
        );
        const byNode = allocateClasses(
          { resources: nodes.map((_, j) => `n${j}`), classes: classes.map((c, i) => ({ id: `C${i}`, arrivalRate: c.alpha, rates: nodes.map((k) => c.rates[k]) })) },
          solver,
        );
        expect(byNode.status).toBe(byKind.status);
        if (byKind.lambda !== null) expect(byNode.lambda).toBeCloseTo(byKind.lambda, 9);
        expect(byNode.suggested).toEqual(nodes.map((k) => byKind.suggested[k]));
      }),
      { numRuns: 25 },
    );
  });
});
