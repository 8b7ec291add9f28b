import { describe, expect, it } from 'vitest';
import { loadLinearSolver, lpFormat, satisfies, solveLinearModel, type LinearModel } from './linear-program.js';

// max x + y  s.t. x + 2y ≤ 4, 0 ≤ x ≤ 3.
const workshop: LinearModel = {
  sense: 'maximize',
  objective: [
    { variable: 0, coefficient: 1 },
    { variable: 1, coefficient: 1 },
  ],
  variables: [{ upper: 3 }, {}],
  constraints: [
    {
      terms: [
        { variable: 0, coefficient: 1 },
        { variable: 1, coefficient: 2 },
      ],
      upper: 4,
    },
  ],
};

describe('solveLinearModel', () => {
  it('solves an LP to its vertex: x = 3, y = 0.5, objective 3.5', async () => {
    const result = await solveLinearModel(workshop);
    expect(result.status).toBe('optimal');
    expect(result.objective).toBeCloseTo(3.5, 9);
    expect([...(result.values ?? [])]).toEqual([3, 0.5]);
  });

  it('keeps integer variables integral: with y integer the optimum drops from 3.5 to 3', async () => {
    // x + 2y ≤ 4 with y ∈ ℤ: y = 0 gives 3, y = 1 gives 2 + 1 = 3 too; both are 3.
    const result = await solveLinearModel({ ...workshop, variables: [{ upper: 3 }, { integer: true }] });
    expect(result.status).toBe('optimal');
    expect(result.objective).toBeCloseTo(3, 9);
    expect(Number.isInteger(result.values?.[1])).toBe(true);
  });

  it('reports infeasibility as a status, not a throw', async () => {
    const result = await solveLinearModel({
      sense: 'minimize',
      objective: [{ variable: 0, coefficient: 1 }],
      variables: [{ upper: 1 }],
      constraints: [{ terms: [{ variable: 0, coefficient: 1 }], lower: 2 }],
    });
    expect(result.status).toBe('infeasible');
    expect(result.values).toBeUndefined();
  });

  it('loads HiGHS once, and the loaded solver answers synchronously, the same each time', async () => {
    const solver = await loadLinearSolver();
    expect(await loadLinearSolver()).toBe(solver);
    // A policy solves inside a run with no await: 200 solves in one synchronous loop.
    const objectives = new Set<number>();
    for (let i = 0; i < 200; i++) objectives.add(solver.solve(workshop).objective!);
    expect([...objectives]).toEqual([3.5]);
  });

  it('reports an unbounded objective as a status', async () => {
    const result = await solveLinearModel({ sense: 'maximize', objective: [{ variable: 0, coefficient: 1 }], variables: [{}], constraints: [] });
    expect(result.status).toBe('unbounded');
  });

  it('writes equality rows once and two-sided rows as two', () => {
    const text = lpFormat({
      sense: 'minimize',
      objective: [{ variable: 0, coefficient: -0.5 }],
      variables: [{ lower: -Infinity }],
      constraints: [
        { terms: [{ variable: 0, coefficient: 1 }], lower: 1, upper: 1 },
        { terms: [{ variable: 0, coefficient: 1 }], lower: 0, upper: 2 },
      ],
    });
    expect(text).toContain(' c0: 1 x0 = 1');
    expect(text).toContain(' c1l: 1 x0 >= 0');
    expect(text).toContain(' c1u: 1 x0 <= 2');
    expect(text).toContain(' -inf <= x0 <= inf');
    expect(text).toContain(' obj: - 0.5 x0');
  });
});

describe('satisfies', () => {
  it('checks bounds, integrality and rows within a relative tolerance', () => {
    const model: LinearModel = { ...workshop, variables: [{ upper: 3 }, { integer: true }] };
    expect(satisfies(model, Float64Array.from([3, 0]))).toBe(true);
    expect(satisfies(model, Float64Array.from([3, 0.5]))).toBe(false); // y not integral
    expect(satisfies(model, Float64Array.from([2, 2]))).toBe(false); // x + 2y = 6 > 4
    expect(satisfies(model, Float64Array.from([3.1, 0]))).toBe(false); // x above 3
    expect(satisfies(model, Float64Array.from([Number.NaN, 0]))).toBe(false); // no value at all
  });
});
