import { describe, expect, it } from 'vitest';
import { estimatesMoved } from './estimates-moved.js';
import type { JobTypeEstimate, WorkloadEstimate } from './job-type.js';

const small: JobTypeEstimate = { id: 'small', priority: 2, hasMinShare: true, arrivalRate: 0.5, rates: [4, 2] };
const large: JobTypeEstimate = { id: 'large', priority: 1, hasMinShare: false, arrivalRate: 0.1, rates: [0.5, 0] };
const before: WorkloadEstimate = { resources: ['R1', 'R2'], jobTypes: [small, large] };
const withSmall = (change: Partial<JobTypeEstimate>): WorkloadEstimate => ({ ...before, jobTypes: [{ ...small, ...change }, large] });

describe('estimatesMoved (default tolerance 10 %)', () => {
  it('is false for the same estimate, the types listed in another order, or rates within 10 %', () => {
    expect(estimatesMoved(before, before)).toBe(false);
    expect(estimatesMoved(before, { ...before, jobTypes: [large, small] })).toBe(false);
    // 4 → 4.4 is 0.4 / 4.4 ≈ 9.1 % of the larger; 0.5 → 0.46 is 8 %.
    expect(estimatesMoved(before, withSmall({ rates: [4.4, 2], arrivalRate: 0.46 }))).toBe(false);
  });

  it('is true when a rate or an arrival rate moves by more than 10 %, or a rate leaves 0', () => {
    expect(estimatesMoved(before, withSmall({ rates: [4, 2.3] }))).toBe(true);
    expect(estimatesMoved(before, withSmall({ arrivalRate: 0.6 }))).toBe(true);
    expect(estimatesMoved(before, { ...before, jobTypes: [small, { ...large, rates: [0.5, 0.01] }] })).toBe(true);
  });

  it('is true when a type appears or goes, its priority or min-share status changes, or the resources change', () => {
    expect(estimatesMoved(before, { ...before, jobTypes: [small] })).toBe(true);
    expect(estimatesMoved(before, { ...before, jobTypes: [small, { ...large, id: 'huge' }] })).toBe(true);
    expect(estimatesMoved(before, withSmall({ priority: 3 }))).toBe(true);
    expect(estimatesMoved(before, withSmall({ hasMinShare: false }))).toBe(true);
    expect(estimatesMoved(before, { ...before, resources: ['R1', 'R3'] })).toBe(true);
  });

  it('takes the tolerance given', () => {
    expect(estimatesMoved(before, withSmall({ rates: [4, 2.3] }), 0.2)).toBe(false);
    expect(estimatesMoved(before, withSmall({ rates: [4.04, 2] }), 0.001)).toBe(true);
  });
});
