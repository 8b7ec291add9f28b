import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.js';
import { classifyJobTypes, classifyWorkload, type Classification } from './job-classes.js';
import type { JobTypeEstimate, WorkloadEstimate } from './job-type.js';

/** A job type with defaults: priority 1, no min share, one arrival per unit of time. */
function type(id: string, rates: number[], more: Partial<JobTypeEstimate> = {}): JobTypeEstimate {
  return { id, priority: 1, hasMinShare: false, arrivalRate: 1, rates, ...more };
}

const members = (estimate: WorkloadEstimate, classification: Classification) =>
  classification.classes.map((c) => c.members.map((t) => estimate.jobTypes[t].id));

/**
 * Exp1 of the paper (Table 1): one job type per user, min shares 50/20/40/30/0/0,
 * priorities 3/2/3/2/1/2, on two resources. User1's and User3's jobs are alike
 * (the same rates and arrival rate); the others differ.
 */
const exp1: WorkloadEstimate = {
  resources: ['R1', 'R2'],
  jobTypes: [
    type('advertisement-products', [4, 2], { priority: 3, hasMinShare: true, arrivalRate: 0.5 }),
    type('data-analytics', [1, 1], { priority: 2, hasMinShare: true, arrivalRate: 0.2 }),
    type('advertisement-targeting', [4, 2], { priority: 3, hasMinShare: true, arrivalRate: 0.5 }),
    type('search-ranking', [3, 6], { priority: 2, hasMinShare: true, arrivalRate: 0.3 }),
    type('mail-anti-spam', [8, 8], { priority: 1, arrivalRate: 1 }),
    type('interest-prediction', [1, 1], { priority: 2, arrivalRate: 0.2 }),
  ],
};

describe('exact classification', () => {
  it('JobClasses1 takes the types of users with a min share; JobClasses2 all; alike types share a class', () => {
    const { minShare, fairness } = classifyWorkload(exp1);
    expect(members(exp1, minShare)).toEqual([['advertisement-products', 'advertisement-targeting'], ['data-analytics'], ['search-ranking']]);
    expect([...minShare.classOf]).toEqual([0, 1, 0, 2, -1, -1]);
    // Data analytics and interest prediction have the same priority, rates and arrival rate: one class in JobClasses2.
    expect(members(exp1, fairness)).toEqual([
      ['advertisement-products', 'advertisement-targeting'],
      ['data-analytics', 'interest-prediction'],
      ['search-ranking'],
      ['mail-anti-spam'],
    ]);
    expect(fairness.classes.map((c) => c.id)).toEqual(['C1', 'C2', 'C3', 'C4']);
  });

  it("a class's arrival rate is the sum of its types', and its rates are theirs", () => {
    const c1 = classifyJobTypes(exp1, 'min-share').classes[0];
    expect(c1).toEqual({ id: 'C1', priority: 3, arrivalRate: 1, rates: [4, 2], members: [0, 2] });
  });

  it('groups types equal up to the tolerance (10⁻⁹ relative by default), and no further', () => {
    const estimate = (drift: number): WorkloadEstimate => ({ resources: ['R'], jobTypes: [type('a', [10]), type('b', [10 * (1 + drift)])] });
    expect(classifyJobTypes(estimate(1e-12), 'all').classes).toHaveLength(1);
    expect(classifyJobTypes(estimate(1e-6), 'all').classes).toHaveLength(2);
    expect(classifyJobTypes(estimate(1e-6), 'all', { kind: 'exact', tolerance: 1e-5 }).classes).toHaveLength(1);
  });

  it('never groups types of different priorities, nor a rate of 0 with a positive one', () => {
    const estimate: WorkloadEstimate = { resources: ['R1', 'R2'], jobTypes: [type('a', [1, 1]), type('b', [1, 1], { priority: 2 }), type('c', [1, 0])] };
    expect(classifyJobTypes(estimate, 'all', { kind: 'exact', tolerance: 0.5 }).classes).toHaveLength(3);
  });

  it('chains closeness (single linkage), so the classes do not depend on the order of the types', () => {
    // a ~ b and b ~ c within 10 %, a and c 19 % apart: one class whatever the order.
    const types = [type('a', [100]), type('b', [110]), type('c', [121])];
    fc.assert(
      fc.property(fc.shuffledSubarray(types, { minLength: 3 }), (order) => {
        const estimate = { resources: ['R'], jobTypes: order };
        expect(classifyJobTypes(estimate, 'all', { kind: 'exact', tolerance: 0.1 }).classes).toHaveLength(1);
      }),
    );
  });

  it('refuses an estimate with rates of the wrong length or a negative rate', () => {
    expect(() => classifyJobTypes({ resources: ['R1', 'R2'], jobTypes: [type('a', [1])] }, 'all')).toThrow("job type 'a': 1 rates for 2 resources");
    expect(() => classifyJobTypes({ resources: ['R'], jobTypes: [type('a', [-1])] }, 'all')).toThrow("rate -1 on 'R'");
    expect(() => classifyJobTypes({ resources: ['R'], jobTypes: [type('a', [1], { priority: 0 })] }, 'all')).toThrow('priority 0');
  });
});

describe('class rates of grouped types', () => {
  it('are the rates the class mix is served at: α / Σ_t (α_t / μ_t) per resource', () => {
    // k-means with one class merges a (α 1, μ 2) and b (α 3, μ 6): load 1/2 + 3/6 = 1 for α = 4, so μ = 4 / 1 = 4
    // (the arithmetic mean 4.5 would claim more capacity than the two types use).
    const estimate: WorkloadEstimate = { resources: ['R'], jobTypes: [type('a', [2], { arrivalRate: 1 }), type('b', [6], { arrivalRate: 3 })] };
    const [c] = classifyJobTypes(estimate, 'all', { kind: 'kmeans', classes: 1 }).classes;
    expect(c.arrivalRate).toBe(4);
    expect(c.rates[0]).toBeCloseTo(4, 12);
  });

  it('group 150,000 job types (a scenario of as many users) without running out of stack', () => {
    const jobTypes = Array.from({ length: 150_000 }, (_, i) => type(`t${i}`, [1 + (i % 7)], { arrivalRate: 1 }));
    const [c] = classifyJobTypes({ resources: ['R'], jobTypes }, 'all', { kind: 'kmeans', classes: 1 }).classes;
    expect(c.arrivalRate).toBe(150_000);
  });

  it('are 0 on a resource where a type with arrivals cannot run, and weigh types equally when nothing arrives', () => {
    const estimate: WorkloadEstimate = {
      resources: ['R1', 'R2'],
      jobTypes: [type('a', [2, 0], { arrivalRate: 1 }), type('b', [6, 3], { arrivalRate: 1 })],
    };
    expect(classifyJobTypes(estimate, 'all', { kind: 'kmeans', classes: 1 }).classes[0].rates).toEqual([3, 0]);
    const idle = { ...estimate, jobTypes: estimate.jobTypes.map((t) => ({ ...t, arrivalRate: 0 })) };
    // Harmonic mean of 2 and 6: 2 / (1/2 + 1/6) = 3; on R2 type a cannot run.
    expect(classifyJobTypes(idle, 'all', { kind: 'kmeans', classes: 1 }).classes[0]).toMatchObject({ arrivalRate: 0, rates: [3, 0] });
  });
});

describe('k-means classification (COSHH)', () => {
  // Three groups of two types on two resources, each pair within 2 % of each other, groups a factor 3 or more apart.
  const grouped: WorkloadEstimate = {
    resources: ['R1', 'R2'],
    jobTypes: [
      type('small-1', [30, 10]),
      type('large-1', [1, 1], { arrivalRate: 0.1 }),
      type('small-2', [30.3, 10.1]),
      type('cpu-1', [3, 9], { arrivalRate: 0.5 }),
      type('large-2', [1.01, 1], { arrivalRate: 0.1 }),
      type('cpu-2', [3, 9.1], { arrivalRate: 0.5 }),
    ],
  };

  it('with the number of classes given, finds the groups', () => {
    const result = classifyJobTypes(grouped, 'all', { kind: 'kmeans', classes: 3, random: () => new Random(7) });
    expect(members(grouped, result)).toEqual([
      ['small-1', 'small-2'],
      ['large-1', 'large-2'],
      ['cpu-1', 'cpu-2'],
    ]);
  });

  it('without it, takes the smallest number of classes whose spread is within the tolerance', () => {
    // Within a class the features differ by at most 1 % (log 0.01): three classes do at tolerance 0.1, not two.
    expect(classifyJobTypes(grouped, 'all', { kind: 'kmeans' }).classes).toHaveLength(3);
    // At a tolerance of 10⁻⁴ only one class per type does.
    expect(classifyJobTypes(grouped, 'all', { kind: 'kmeans', spreadTolerance: 1e-4 }).classes).toHaveLength(6);
  });

  it('keeps priorities apart, and needs at least one class per priority level', () => {
    const estimate: WorkloadEstimate = { resources: ['R'], jobTypes: [type('a', [1]), type('b', [1], { priority: 2 }), type('c', [1.001])] };
    expect(members(estimate, classifyJobTypes(estimate, 'all', { kind: 'kmeans', classes: 2 }))).toEqual([['a', 'c'], ['b']]);
    expect(() => classifyJobTypes(estimate, 'all', { kind: 'kmeans', classes: 1 })).toThrow('expected a whole number ≥ 2');
  });

  it('gives no more classes than distinct types, and none for no types', () => {
    const twins: WorkloadEstimate = { resources: ['R'], jobTypes: [type('a', [1]), type('b', [1]), type('c', [5])] };
    expect(classifyJobTypes(twins, 'all', { kind: 'kmeans', classes: 3 }).classes).toHaveLength(2);
    expect(classifyJobTypes(exp1, 'min-share', { kind: 'kmeans' }).classes.length).toBeGreaterThan(0);
    expect(classifyJobTypes({ resources: ['R'], jobTypes: [type('x', [1])] }, 'min-share', { kind: 'kmeans' })).toEqual({ classes: [], classOf: Int32Array.of(-1) });
  });

  it('on random types: the same seed gives the same classes, and the chosen number meets the spread tolerance', () => {
    const types = fc.array(
      fc.record({
        priority: fc.integer({ min: 1, max: 2 }),
        arrivalRate: fc.double({ min: 0.01, max: 10, noNaN: true }),
        rates: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 100, noNaN: true })), { minLength: 2, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(types, fc.integer(), (list, seed) => {
        const estimate: WorkloadEstimate = { resources: ['R1', 'R2'], jobTypes: list.map((t, i) => ({ id: `t${i}`, hasMinShare: false, ...t })) };
        const method = { kind: 'kmeans', random: () => new Random(seed), spreadTolerance: 0.2 } as const;
        const result = classifyJobTypes(estimate, 'all', method);
        expect(classifyJobTypes(estimate, 'all', method)).toEqual(result);
        for (const c of result.classes) {
          // Every member within e^0.2 of the class's mean log feature, so any two within e^0.4.
          const logs = c.members.map((t) => [...estimate.jobTypes[t].rates, estimate.jobTypes[t].arrivalRate].map((x) => Math.log(Math.max(x, 1e-4))));
          logs.forEach((a) => logs.forEach((b) => a.forEach((x, d) => expect(Math.abs(x - b[d])).toBeLessThanOrEqual(0.4 + 1e-9))));
          expect(new Set(c.members.map((t) => estimate.jobTypes[t].priority)).size).toBe(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});
