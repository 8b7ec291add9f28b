import { describe, expect, it } from 'vitest';
import { ARRIVE, ENTER, LEAVE, PAPER_MODEL, arrivalRate, queueTrajectory, type QueueingModel } from './queueing-model.js';

const model = (fields: Partial<QueueingModel>): QueueingModel => ({ ...PAPER_MODEL, load: 0.5, reading: 1, maxInService: Infinity, ...fields });

describe("the paper's queueing model", () => {
  it('records each job arriving, entering and leaving once, in that order, never more than K in service', () => {
    const run = queueTrajectory(model({ jobs: 3000, maxInService: 2, load: 0.7 }), 3);
    const seen = new Int8Array(3000).fill(-1);
    let present = 0;
    for (let s = 0; s < run.kind.length; s++) {
      const j = run.job[s];
      expect(run.kind[s]).toBe(seen[j] + 1);
      seen[j] = run.kind[s];
      if (run.kind[s] === ARRIVE) expect(run.count[s]).toBe(present++);
      if (run.kind[s] === ENTER) expect(run.count[s]).toBeLessThanOrEqual(2);
      if (run.kind[s] === LEAVE) present--;
    }
    expect([...seen].every((k) => k === LEAVE)).toBe(true);
    expect(run.delayedJobs).toBeGreaterThan(0);
  });

  it('reading 1 is an M/M/1 processor-sharing queue: mean jobs present ρ/(1 − ρ), few slots busy', () => {
    // ρ = 0.5: E[N] = 1, and E[busy slots] = E[N]·E[R] = 5.5. Averaged over 4 runs of 50,000 jobs.
    const runs = [1, 2, 3, 4].map((seed) => queueTrajectory(model({ load: 0.5 }), seed));
    const meanPresent = runs.reduce((s, r) => s + r.meanJobsPresent, 0) / runs.length;
    const meanBusy = runs.reduce((s, r) => s + r.meanBusySlots, 0) / runs.length;
    expect(meanPresent).toBeGreaterThan(0.9);
    expect(meanPresent).toBeLessThan(1.1);
    expect(meanBusy).toBeGreaterThan(5.5 * 0.9);
    expect(meanBusy).toBeLessThan(5.5 * 1.1);
    expect(arrivalRate(model({ load: 0.5 }))).toBe(0.5);
  });

  it('reading 2 keeps a fraction ρ of the slots busy: λ = ρ·r/E[R], each job at rate 1', () => {
    // ρ = 0.4: λ = 400/5.5 = 72.7 jobs per unit time, 400 slots busy on average.
    const run = queueTrajectory(model({ load: 0.4, reading: 2, jobs: 20_000 }), 5);
    expect(arrivalRate(model({ load: 0.4, reading: 2 }))).toBeCloseTo(400 / 5.5, 10);
    expect(run.meanBusySlots).toBeGreaterThan(380);
    expect(run.meanBusySlots).toBeLessThan(420);
    expect(run.delayedJobs).toBe(0);
  });

  it('draws the same run from the same seed, and sorted slot costs in [1, 100]', () => {
    const a = queueTrajectory(model({ jobs: 500 }), 9);
    const b = queueTrajectory(model({ jobs: 500 }), 9);
    expect(b).toEqual(a);
    expect(a.slotCosts.length).toBe(1000);
    for (let k = 1; k < a.slotCosts.length; k++) expect(a.slotCosts[k]).toBeGreaterThanOrEqual(a.slotCosts[k - 1]);
    expect(a.slotCosts[0]).toBeGreaterThanOrEqual(1);
    expect(a.slotCosts[999]).toBeLessThanOrEqual(100);
    expect(queueTrajectory(model({ jobs: 500 }), 10).data).not.toEqual(a.data);
  });
});
