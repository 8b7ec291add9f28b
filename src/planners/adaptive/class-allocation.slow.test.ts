import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../util/input-error.js';
import { loadLinearSolver, type LinearSolver } from '../../solvers/linear-program.js';
import { allocateClasses, SUPPORT_TOLERANCE } from './class-allocation.js';
import type { ClassProblem } from './class-problem.js';

let solver: LinearSolver;
beforeAll(async () => {
  solver = await loadLinearSolver();
});

const twoByTwo: ClassProblem = {
  resources: ['R1', 'R2'],
  classes: [
    { id: 'C1', arrivalRate: 2.45, rates: [9, 5] },
    { id: 'C2', arrivalRate: 2.45, rates: [2, 1] },
  ],
};

/**
 * The optimal allocations as a second formulation describes them: minimise
 * the largest load L subject to Σ_j (μ_{i,j}/α_i) x_{i,j} ≥ 1 and
 * Σ_i x_{i,j} ≤ L (x = δ/λ, L = 1/λ; class rows divided by α_i as the
 * allocation divides them, which keeps HiGHS's tolerances relative). L* from
 * one LP, then each x_{i,j}'s largest value at L*: the optimal face, pair by
 * pair (F·M + 1 LPs, fine for tests, too slow to run online). A pair is
 * positive as the allocation counts it: more than 10⁻⁶ of the resource
 * (x/L*) and of its class's work (μ x / α). A pair whose size is within 1%
 * of that threshold is at the `edge`: rounding in either solve may count it
 * either way, so the comparisons leave it out. `shareRange` gives the least and
 * largest δ_{i,j} = x_{i,j}/L* over the optimal allocations. HiGHS's feasibility
 * tolerance is absolute (10⁻⁷), and L* can be 0.02, so the precise solves run in
 * units of a first estimate of L* (x = L₀ x'), where it is relative.
 */
interface OptimalFace {
  readonly lambda: number;
  readonly positive: boolean[][];
  readonly edge: boolean[][];
  readonly shareRange: (i: number, j: number) => [number, number];
}

function optimalFace(problem: ClassProblem): OptimalFace {
  const f = problem.classes.length;
  const m = problem.resources.length;
  const x = (i: number, j: number) => i * m + j;
  const load = f * m;
  // Variables in units of `unit` (x = unit × x'); the load L unbounded, or fixed at `bound`.
  const rows = (unit: number, bound: number | null) => [
    ...problem.classes.flatMap((c, i) =>
      c.arrivalRate > 0 ? [{ terms: c.rates.map((rate, j) => ({ variable: x(i, j), coefficient: (rate / c.arrivalRate) * unit })), lower: 1 }] : [],
    ),
    ...problem.resources.map((_, j) => ({
      terms: [...problem.classes.map((_, i) => ({ variable: x(i, j), coefficient: 1 })), ...(bound === null ? [{ variable: load, coefficient: -1 }] : [])],
      upper: bound === null ? 0 : bound / unit,
    })),
  ];
  // A class cannot use a resource it has no rate on.
  const variables = [...problem.classes.flatMap((c) => c.rates.map((rate) => ({ upper: rate > 0 ? Infinity : 0 }))), {}];
  const leastLoad = (unit: number) =>
    solver.solve({ sense: 'minimize', objective: [{ variable: load, coefficient: 1 }], variables, constraints: rows(unit, null) });
  const estimate = leastLoad(1);
  if (estimate.status === 'infeasible') {
    // A class with arrivals runs nowhere: no load serves it, λ* = 0, and every allocation is optimal.
    const positive = problem.classes.map((c) => c.rates.map((rate) => rate > 0));
    return { lambda: 0, positive, edge: positive.map((row) => row.map(() => false)), shareRange: (i, j) => [0, problem.classes[i].rates[j] > 0 ? 1 : 0] };
  }
  const unit = estimate.objective!;
  const lStar = unit * leastLoad(unit).objective!;
  const extreme = (sense: 'minimize' | 'maximize', i: number, j: number) =>
    unit * solver.solve({ sense, objective: [{ variable: x(i, j), coefficient: 1 }], variables, constraints: rows(unit, lStar) }).objective!;
  // Each pair's size at its largest: its share of the resource and, for a class with arrivals, of the class's work.
  const sizes = problem.classes.map((c, i) =>
    problem.resources.map((_, j) => {
      const most = extreme('maximize', i, j);
      return Math.min(most / lStar, c.arrivalRate === 0 ? Infinity : (c.rates[j] * most) / c.arrivalRate);
    }),
  );
  const positive = sizes.map((row) => row.map((size) => size > SUPPORT_TOLERANCE));
  const edge = sizes.map((row) => row.map((size) => Math.abs(size / SUPPORT_TOLERANCE - 1) < 0.01));
  return { lambda: 1 / lStar, positive, edge, shareRange: (i, j) => [extreme('minimize', i, j) / lStar, extreme('maximize', i, j) / lStar] };
}

/** SC_j as class ids, from the face. */
function faceSuggested(problem: ClassProblem, face: OptimalFace): Record<string, string[]> {
  return Object.fromEntries(problem.resources.map((r, j) => [r, problem.classes.filter((_, i) => face.positive[i][j] && !face.edge[i][j]).map((c) => c.id)]));
}

/** SC_j as class ids, from an allocation; without the pairs `edge` marks, when given. */
function suggestedIds(problem: ClassProblem, suggested: readonly (readonly number[])[], edge?: boolean[][]): Record<string, string[]> {
  return Object.fromEntries(problem.resources.map((r, j) => [r, suggested[j].filter((i) => edge?.[i][j] !== true).map((i) => problem.classes[i].id).sort()]));
}

describe('the LP matching classes to resources', () => {
  it('the 2×2 example: λ* = 50/49, δ* = [[0, ½], [1, ½]], SC_1 = {C2}, SC_2 = {C1, C2}, and the optimum is unique', () => {
    // δ* gives C1 5 × ½ = 2.5 and C2 2 × 1 + 1 × ½ = 2.5, both λ × 2.45 with λ = 2.5 / 2.45 = 50/49.
    // Optimal by the dual: class prices y = (1, 5)/14.7, resource prices p = (10, 5)/14.7, Σ p = 15/14.7 = 50/49;
    // C1 on R1 earns 9 y_1 < p_1, so δ_{1,1} = 0 in every optimum, and then δ_{1,2} ≥ ½ forces δ_{2,1} = 1, δ_{2,2} = ½.
    const result = allocateClasses(twoByTwo, solver);
    expect(result.status).toBe('optimal');
    expect(result.lambda).toBeCloseTo(50 / 49, 12);
    expect(result.delta?.flat()).toEqual([0, 0.5, 1, 0.5].map((share) => expect.closeTo(share, 9)));
    expect(result.suggested).toEqual([[1], [0, 1]]);
    const face = optimalFace(twoByTwo);
    for (const [i, j] of [[0, 0], [0, 1], [1, 0], [1, 1]]) {
      const [least, most] = face.shareRange(i, j);
      expect(most - least).toBeLessThan(1e-9);
    }
  });

  it('one class on one resource: λ* = μ/α and SC = {C1}', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e3, noNaN: true }), fc.double({ min: 1e-3, max: 1e3, noNaN: true }), (mu, alpha) => {
        const result = allocateClasses({ resources: ['R'], classes: [{ id: 'C1', arrivalRate: alpha, rates: [mu] }] }, solver);
        expect(result.status).toBe('optimal');
        expect(result.lambda! / (mu / alpha)).toBeCloseTo(1, 9);
        expect(result.suggested).toEqual([[0]]);
      }),
      { numRuns: 50 },
    );
  });

  it('one resource: the closed form (no LP) gives the λ* and SC of the optimal face, with and without arrivals, down to tiny shares', () => {
    const classArb = fc.record({ alpha: fc.oneof(fc.constant(0), fc.double({ min: 1e-4, max: 1e3, noNaN: true })), mu: fc.double({ min: 1e-3, max: 1e4, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(classArb, { minLength: 1, maxLength: 6 }), (classes) => {
        fc.pre(classes.some((c) => c.alpha > 0));
        const problem: ClassProblem = { resources: ['R'], classes: classes.map((c, i) => ({ id: `C${i}`, arrivalRate: c.alpha, rates: [c.mu] })) };
        const result = allocateClasses(problem, solver);
        const face = optimalFace(problem);
        expect(result.lambda! / face.lambda).toBeCloseTo(1, 9);
        expect(suggestedIds(problem, result.suggested, face.edge)).toEqual(faceSuggested(problem, face));
        // δ fills the resource: every class with arrivals gets λ* α / μ.
        expect(result.delta!.reduce((sum, [share]) => sum + share, 0)).toBeCloseTo(1, 4);
      }),
      { numRuns: 25 },
    );
  });

  it('suggests every class a resource some optimum shares it with: two identical resources, whichever vertex the solver finds', () => {
    // α = (1, 1), μ = 1 everywhere: λ* = 1 (capacity 2 for λ·2). The optima are δ = [[a, 1 − a], [1 − a, a]], a ∈ [0, 1];
    // a vertex (a = 0 or 1) gives each class one resource, the canonical support both.
    const problem: ClassProblem = {
      resources: ['R1', 'R2'],
      classes: [
        { id: 'C1', arrivalRate: 1, rates: [1, 1] },
        { id: 'C2', arrivalRate: 1, rates: [1, 1] },
      ],
    };
    const result = allocateClasses(problem, solver);
    expect(result.lambda).toBeCloseTo(1, 12);
    expect(result.suggested).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('never suggests a class where it cannot run, even on a resource with capacity to spare', () => {
    // C1 runs on R1 only and needs all of it: λ* = 1. C2 (R2 only, rate 10) needs a tenth of R2 at λ* = 1.
    const result = allocateClasses(
      {
        resources: ['R1', 'R2'],
        classes: [
          { id: 'C1', arrivalRate: 1, rates: [1, 0] },
          { id: 'C2', arrivalRate: 1, rates: [0, 10] },
        ],
      },
      solver,
    );
    expect(result.lambda).toBeCloseTo(1, 12);
    expect(result.suggested).toEqual([[0], [1]]);
    expect(result.delta![1][1]).toBeGreaterThanOrEqual(0.1 - 1e-9);
  });

  it('λ* = 0 when a class with arrivals runs nowhere; then every allocation is optimal and each class is suggested wherever it runs', () => {
    const result = allocateClasses(
      {
        resources: ['R1', 'R2'],
        classes: [
          { id: 'C1', arrivalRate: 1, rates: [0, 0] },
          { id: 'C2', arrivalRate: 1, rates: [1, 2] },
        ],
      },
      solver,
    );
    expect(result).toMatchObject({ status: 'optimal', lambda: 0, suggested: [[1], [1]] });
  });

  it('reports an unbounded LP (no class has arrivals) as a status, with no δ and no suggestions', () => {
    const result = allocateClasses({ resources: ['R1'], classes: [{ id: 'C1', arrivalRate: 0, rates: [3] }] }, solver);
    expect(result).toEqual({ status: 'unbounded', lambda: null, delta: null, suggested: [[]] });
    expect(allocateClasses({ resources: ['R1', 'R2'], classes: [] }, solver).suggested).toEqual([[], []]);
  });

  it('refuses a problem with bad rates, naming each field', () => {
    const bad = { resources: ['R1', 'R1'], classes: [{ id: 'C1', arrivalRate: -1, rates: [1, Number.NaN, 2] }] };
    expect(() => allocateClasses(bad, solver)).toThrow(InputError);
    expect(() => allocateClasses(bad, solver)).toThrow(/resources\[1\]: expected a unique resource id.*\n.*classes\[0\]\.arrivalRate.*\n.*classes\[0\]\.rates: expected one rate per resource \(2\), found 3 rates.*\n.*classes\[0\]\.rates\[1\]/);
  });
});

/** Small problems with small integer rates, so ties and degenerate optima are common. */
const integerProblems: fc.Arbitrary<ClassProblem> = fc
  .record({
    m: fc.integer({ min: 1, max: 3 }),
    classes: fc.array(fc.record({ arrival: fc.integer({ min: 0, max: 3 }), rates: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 3, maxLength: 3 }) }), {
      minLength: 1,
      maxLength: 4,
    }),
  })
  .map(({ m, classes }) => ({
    resources: Array.from({ length: m }, (_, j) => `R${j + 1}`),
    // At least one class has arrivals, so the LP is bounded.
    classes: classes.map((c, i) => ({ id: `C${i + 1}`, arrivalRate: i === 0 ? Math.max(1, c.arrival) : c.arrival, rates: c.rates.slice(0, m) })),
  }));

/**
 * Problems with real rates over the range the allocation is meant for: rates
 * spanning 10⁴, arrival rates 10³, some of them 0. Some classes are a
 * multiple of one rate vector (proportional classes make degenerate optima).
 */
const realProblems: fc.Arbitrary<ClassProblem> = (() => {
  const rate = fc.oneof(fc.constant(0), fc.double({ min: 1e-2, max: 1e2, noNaN: true }));
  const rates = fc.array(rate, { minLength: 4, maxLength: 4 });
  const arrival = fc.oneof(fc.constant(0), fc.double({ min: 1e-2, max: 10, noNaN: true }));
  const scale = fc.double({ min: 0.1, max: 10, noNaN: true });
  const cls = fc.record({ arrival, rates, scale, proportional: fc.boolean() });
  return fc.record({ m: fc.integer({ min: 1, max: 4 }), base: rates, classes: fc.array(cls, { minLength: 1, maxLength: 5 }) }).map(({ m, base, classes }) => ({
    resources: Array.from({ length: m }, (_, j) => `R${j + 1}`),
    classes: classes.map((c, i) => ({
      id: `C${i + 1}`,
      arrivalRate: i === 0 ? Math.max(1, c.arrival) : c.arrival,
      rates: (c.proportional ? base.map((b) => b * c.scale) : c.rates).slice(0, m),
    })),
  }));
})();

const smallProblems = fc.oneof(integerProblems, realProblems);

describe('the canonical optimum', () => {
  it('λ* equals 1 / the least maximum load, and SC_j is every class some optimal allocation gives a share of R_j', () => {
    fc.assert(
      fc.property(smallProblems, (problem) => {
        const result = allocateClasses(problem, solver);
        const face = optimalFace(problem);
        expect(result.status).toBe('optimal');
        expect(result.lambda).toBeCloseTo(face.lambda, 9);
        expect(suggestedIds(problem, result.suggested, face.edge)).toEqual(faceSuggested(problem, face));
        // The δ reported is optimal and has exactly that support.
        result.delta!.forEach((row, i) => row.forEach((share, j) => expect(share > 0).toBe(result.suggested[j].includes(i))));
        problem.classes.forEach((c, i) => {
          const served = c.rates.reduce((sum, rate, j) => sum + rate * result.delta![i][j], 0);
          // A pair below the support threshold is dropped: at most 10⁻⁶ of the class's work, or 10⁻⁶ of the
          // resource (rate × 10⁻⁶ of work; all of a class's work when it needs that little).
          const work = result.lambda! * c.arrivalRate;
          const dropped = c.rates.reduce((sum, rate, j) => (result.delta![i][j] === 0 ? sum + SUPPORT_TOLERANCE * Math.max(work, rate) : sum), 0);
          expect(served).toBeGreaterThanOrEqual(work * (1 - 1e-5) - dropped);
        });
        problem.resources.forEach((_, j) => expect(result.delta!.reduce((sum, row) => sum + row[j], 0)).toBeLessThanOrEqual(1 + 1e-8));
      }),
      { numRuns: 60 },
    );
  });

  it('finds λ* to 9 digits where the least load is small (a property-test counterexample, fast-check seed 1443907660)', () => {
    // C1 takes R1, R2 and what C2 leaves of R3: λ = (0.01 + μ_12 + μ_13) / (1 + μ_13 α_2 / μ_23), L* ≈ 0.022.
    const problem: ClassProblem = {
      resources: ['R1', 'R2', 'R3'],
      classes: [
        { id: 'C1', arrivalRate: 1, rates: [0.01, 45.26813382824831, 0.033052339535150195] },
        { id: 'C2', arrivalRate: 0.16519009430995443, rates: [0, 0.01, 7.479533100995199] },
        { id: 'C3', arrivalRate: 0, rates: [0.01, 0, 0] },
      ],
    };
    const [c1, c2] = problem.classes;
    const closedForm = (c1.rates[0] + c1.rates[1] + c1.rates[2]) / (1 + (c1.rates[2] * c2.arrivalRate) / c2.rates[2]);
    expect(allocateClasses(problem, solver).lambda).toBeCloseTo(closedForm, 9);
    expect(optimalFace(problem).lambda).toBeCloseTo(closedForm, 9);
  });

  it('leaves out of the comparison a pair whose size is at the threshold, which rounding may count either way (a property-test counterexample)', () => {
    // C2 needs λ* × 0.01 / 9.99999 ≈ 1.0000 × 10⁻⁶ of R1: at the edge of SUPPORT_TOLERANCE.
    const problem: ClassProblem = {
      resources: ['R1'],
      classes: [
        { id: 'C1', arrivalRate: 9.999999999647777, rates: [0.01] },
        { id: 'C2', arrivalRate: 0.01, rates: [9.99998999978379] },
      ],
    };
    const face = optimalFace(problem);
    expect(face.edge).toEqual([[false], [true]]);
    expect(suggestedIds(problem, allocateClasses(problem, solver).suggested, face.edge)).toEqual(faceSuggested(problem, face));
  });

  // Known defect, found by the property above (fast-check seed 1610497924): a class with no arrivals gets, in one
  // round of the second stage, more than the threshold of a resource the optimum leaves full, so it is suggested
  // there with a mean share of 5 × 10⁻⁷, under the threshold. This test fails once that is fixed: then make it an it.
  it.fails('does not suggest a class with no arrivals on a resource every optimum fills (known defect)', () => {
    const problem: ClassProblem = {
      resources: ['R1', 'R2', 'R3', 'R4'],
      classes: [
        { id: 'C1', arrivalRate: 1, rates: [4.2780431768881195, 0, 0, 0.01] },
        { id: 'C2', arrivalRate: 0.01, rates: [0.01, 0, 0.01, 0.6301225004613288] },
        { id: 'C3', arrivalRate: 0.01, rates: [0, 0.01, 36.64531702365055, 0] },
        { id: 'C4', arrivalRate: 0, rates: [0, 0.01, 0, 0.01] },
      ],
    };
    const face = optimalFace(problem);
    expect(suggestedIds(problem, allocateClasses(problem, solver).suggested, face.edge)).toEqual(faceSuggested(problem, face));
  });

  it('suggests no resource to a class that needs under the threshold of the only one (a property-test counterexample)', () => {
    // C2 needs λ* × 0.01 / 99.9999 ≈ 10⁻⁶ of R1, not above SUPPORT_TOLERANCE: all of its work, but too little of the resource.
    const problem: ClassProblem = {
      resources: ['R1'],
      classes: [
        { id: 'C1', arrivalRate: 1, rates: [0.01] },
        { id: 'C2', arrivalRate: 0.01, rates: [99.99990000000001] },
      ],
    };
    const result = allocateClasses(problem, solver);
    expect(result.suggested).toEqual([[0]]);
    expect(result.delta![1][0]).toBe(0);
    expect((result.lambda! * 0.01) / 99.99990000000001).toBeLessThanOrEqual(SUPPORT_TOLERANCE);
  });

  it('keeps a class without arrivals off a resource that is full at the optimum, however little that resource is worth', () => {
    // R4 serves C3 (rate 0.01) and C2 (no arrivals). C3 on R4 frees 0.01/43.71 of R2 for C1 (rate 0.01): R4 is worth
    // some 10⁻⁶ of λ*, so every optimum fills it with C3 and C2 has no room; a slack of 10⁻¹² in λ would buy C2 10⁻⁶ of R4.
    const problem: ClassProblem = {
      resources: ['R1', 'R2', 'R3', 'R4'],
      classes: [
        { id: 'C1', arrivalRate: 1, rates: [0.01, 0.01, 2.2674235123304896, 0] },
        { id: 'C2', arrivalRate: 0, rates: [0, 0, 0, 0.01] },
        { id: 'C3', arrivalRate: 0.01, rates: [0, 43.7100026810524, 0, 0.01] },
        { id: 'C4', arrivalRate: 0.01, rates: [0.01, 3.757620123871745, 0, 0] },
      ],
    };
    const result = allocateClasses(problem, solver);
    const face = optimalFace(problem);
    expect(suggestedIds(problem, result.suggested, face.edge)).toEqual(faceSuggested(problem, face));
    expect(result.suggested[3]).toEqual([2]);
  });

  it('gives the same SC sets for the same problem written another way: classes and resources permuted, rates in another time unit', () => {
    const permuted = smallProblems.chain((problem) =>
      fc.record({
        problem: fc.constant(problem),
        classOrder: fc.shuffledSubarray([...problem.classes], { minLength: problem.classes.length }),
        resourceOrder: fc.shuffledSubarray([...problem.resources.keys()], { minLength: problem.resources.length }),
        unit: fc.constantFrom(60, 3600, 1 / 1000),
      }),
    );
    fc.assert(
      fc.property(permuted, ({ problem, classOrder, resourceOrder, unit }) => {
        const other: ClassProblem = {
          resources: resourceOrder.map((j) => problem.resources[j]),
          classes: classOrder.map((c) => ({ id: c.id, arrivalRate: c.arrivalRate * unit, rates: resourceOrder.map((j) => c.rates[j] * unit) })),
        };
        const a = allocateClasses(problem, solver);
        const b = allocateClasses(other, solver);
        expect(b.lambda).toBeCloseTo(a.lambda!, 9);
        expect(suggestedIds(other, b.suggested)).toEqual(suggestedIds(problem, a.suggested));
      }),
      { numRuns: 60 },
    );
  });
});
