import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jobSpecView, testJobView as jobView } from '../../test-support/job-view.js';
import type { JobView } from '../types.js';
import { defaultPool, testScenario } from '../../test-support/scenario.js';
import { fairShareOrder } from './ordering.js';
import { JobInfo, MAP, PoolSchedulable, REDUCE } from './schedulable.js';


function runnable(view: JobView): JobInfo {
  const info = new JobInfo(view);
  info.runnable = true;
  return info;
}

describe('job schedulables', () => {
  it('demand running plus pending maps', () => {
    const info = runnable(jobView(0, { runningMaps: 3, pendingMaps: 4 }));
    info.map.updateDemand(false);
    expect(info.map.demand).toBe(7);
  });

  it('demand no reduce slot before slow-start, running plus pending reduces after', () => {
    const view = jobView(0, { pendingReduces: 5 });
    const info = runnable(view);
    info.reduce.updateDemand(false);
    expect(info.reduce.demand).toBe(0);
    view.hasRunnableReduce = true;
    view.runningReduces = 2;
    view.pendingReduces = 3;
    info.reduce.updateDemand(false);
    expect(info.reduce.demand).toBe(5);
  });

  it('demand nothing and weigh 1 while not runnable', () => {
    const info = new JobInfo(jobView(0, { pendingMaps: 4, weight: 3 }));
    info.map.updateDemand(false);
    expect([info.map.demand, info.map.weight]).toEqual([0, 1]);
  });

  it("weigh the job's weight times Hadoop's priority factor, times log2(1 + demand) when size-based", () => {
    // Weight 3, HIGH (× 2): 6. Size-based with demand 7: × log2(8) = 3 → 18.
    const info = runnable(jobView(0, { pendingMaps: 7, weight: 3, priority: 'HIGH' }));
    info.map.updateDemand(false);
    expect(info.map.weight).toBe(6);
    info.map.updateDemand(true);
    expect(info.map.weight).toBe(18);
    const low = runnable(jobView(1, { pendingMaps: 1, priority: 'VERY_LOW' }));
    low.map.updateDemand(false);
    expect(low.map.weight).toBe(0.25);
  });
});

describe('pool schedulables', () => {
  it('keep a FIFO-mode pool in priority then submit order', () => {
    const pool = new PoolSchedulable(defaultPool('p', { schedulingMode: 'fifo' }), MAP, 0);
    const jobs = [
      jobView(0, { submit: 0 }),
      jobView(1, { submit: 1, priority: 'HIGH' }),
      jobView(2, { submit: 2 }),
    ].map(runnable);
    for (const info of jobs) pool.add(info.map);
    expect(pool.jobs.map((j) => j.name)).toEqual(['j1', 'j0', 'j2']);
    pool.remove(jobs[1].map);
    expect(pool.jobs.map((j) => j.name)).toEqual(['j0', 'j2']);
  });

  it('sum their jobs demands, share their fair share among the jobs in fair mode, and order them by it', () => {
    // Pool share 6 between j0 (weight 2, demand 10) and j1 (weight 1, demand 10): 4 and 2.
    // Running 2 and 0: keys 2/4 and 0/2 → j1 first.
    const spec = defaultPool('p', { schedulingMode: 'fair', minShare: { map: 1, reduce: 2 } });
    const pool = new PoolSchedulable(spec, REDUCE, 0);
    expect(pool.minShare).toBe(2);
    const j0 = runnable(jobView(0, { runningReduces: 2, pendingReduces: 8, hasRunnableReduce: true, weight: 2 }));
    const j1 = runnable(jobView(1, { pendingReduces: 10, hasRunnableReduce: true, submit: 5 }));
    pool.add(j0.reduce);
    pool.add(j1.reduce);
    pool.updateDemand(false);
    expect(pool.demand).toBe(20);
    pool.fairShare = 6;
    pool.redistributeShare();
    expect([j0.reduce.fairShare, j1.reduce.fairShare]).toEqual([4, 2]);
    expect(pool.prepare(1, 1)).toBe(true);
    expect(pool.running).toBe(2);
    expect(pool.jobs.map((j) => j.name)).toEqual(['j1', 'j0']);
    expect(pool.startTime).toBe(0);
  });

  it('count a launch at once and move the launching job back in fair mode', () => {
    // Shares 3 and 3, both running 0; j0 (earlier) first; after its launch 1/3 > 0: j1 first.
    const pool = new PoolSchedulable(defaultPool('p', { schedulingMode: 'fair' }), MAP, 0);
    const j0 = runnable(jobView(0, { pendingMaps: 5 }));
    const j1 = runnable(jobView(1, { pendingMaps: 5, submit: 1 }));
    pool.add(j0.map);
    pool.add(j1.map);
    pool.updateDemand(false);
    pool.fairShare = 6;
    pool.redistributeShare();
    expect(pool.prepare(1, 1)).toBe(true);
    expect(pool.jobs.map((j) => j.name)).toEqual(['j0', 'j1']);
    pool.launched(0);
    expect([pool.running, j0.map.running]).toEqual([1, 1]);
    expect(pool.jobs.map((j) => j.name)).toEqual(['j1', 'j0']);
  });

  it('keep a fair-mode pool in fair-share order as tasks end and launch between updates', () => {
    // Steps: a task of some job ends (running drops), or the pool launches from its first job; now and then an
    // update (new fair shares). After every prepare the jobs must be in the order a full sort gives.
    const stepArb = fc.oneof(
      fc.record({ end: fc.nat(7) }),
      fc.record({ launch: fc.constant(true) }),
      fc.record({ update: fc.constant(true) }),
    );
    const countsArb = fc.array(fc.nat(6), { minLength: 2, maxLength: 8 });
    fc.assert(
      fc.property(countsArb, fc.array(stepArb, { maxLength: 60 }), (counts, steps) => {
        const pool = new PoolSchedulable(defaultPool('p', { schedulingMode: 'fair' }), MAP, 0);
        const views = counts.map((r, i) => jobView(i, { runningMaps: r, pendingMaps: 20, weight: 1 + (i % 3) }));
        for (const view of views) pool.add(runnable(view).map);
        const update = () => {
          pool.updateDemand(false);
          pool.fairShare = 10;
          pool.redistributeShare();
        };
        update();
        let beat = 0;
        const check = () => {
          expect(pool.prepare(++beat, beat)).toBe(true);
          const sorted = [...pool.jobs].sort(fairShareOrder);
          expect(pool.jobs.map((j) => j.name)).toEqual(sorted.map((j) => j.name));
        };
        check();
        for (const step of steps) {
          if ('end' in step) {
            const view = views[step.end % views.length];
            if (view.runningMaps > 0) view.runningMaps--;
          } else if ('launch' in step) {
            const first = pool.jobs[0];
            views[first.job.index].runningMaps++;
            pool.launched(0);
            expect(pool.jobs.map((j) => j.name)).toEqual([...pool.jobs].sort(fairShareOrder).map((j) => j.name));
          } else {
            update();
          }
          check();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('PoolSchedulable.prepare, reused', () => {
  it('gives the same answer for the same stamp without reading the jobs again', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{ work: 1 }] }] });
    const pool = new PoolSchedulable(scenario.pools[0], MAP, 0);
    let reads = 0;
    const job = {
      index: 0,
      spec: jobSpecView(scenario.jobs[0]),
      priorityRank: 2,
      pendingMaps: 1,
      get runningMaps() {
        reads++;
        return 0;
      },
      runningReduces: 0,
      succeededMaps: 0,
      pendingReduces: 0,
      succeededReduces: 0,
      mayBackUpMap: false,
      hasRunnableReduce: false,
      mayBackUpReduce: false,
      firstStart: null,
    };
    const info = new JobInfo(job);
    info.runnable = true;
    pool.add(info.map);
    expect(pool.prepare(1, 7)).toBe(true);
    expect(pool.prepare(2, 7)).toBe(true);
    expect(reads).toBe(1);
    expect(pool.prepare(3, 8)).toBe(true);
    expect(reads).toBe(2);
  });
});
