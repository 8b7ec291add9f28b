import { describe, expect, it } from 'vitest';
import { mapsRunningAt } from '../../test-support/attempt-rows.js';
import { parseScenarioText } from '../../input/load-scenario.js';
import type { RunRecord } from '../../model/run-record.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import { createScheduler } from '../create-scheduler.js';
import { fairScheduler } from './index.js';

/**
 * The example of Ghodsi et al., "Dominant Resource Fairness" (NSDI 2011):
 * a node of 11 vcores and 20 GB, and one of 2 vcores and 2 GB that holds
 * the two AMs (1 vcore, 1 GB each; it heartbeats first) and no task; job A's
 * maps take <1 vcore, 4 GB>, job B's <3 vcores, 1 GB>, 20 maps of 1,000 s.
 */
function drfScenario(policy: 'drf' | 'fair', extra = '') {
  return parseScenarioText(
    `
cluster:
  racks:
    - id: r1
      nodes:
        - { id: small, memory: 2 GB, vcores: 2 }
        - { id: big, memory: 20 GB, vcores: 11 }
pools:
  - { id: A, schedulingPolicy: ${policy} }
  - { id: B, schedulingPolicy: ${policy} }
jobs:
  - { id: a, pool: A, maps: 20, mapTime: 1000 s, mapContainer: { memory: 4 GB, vcores: 1 } }
  - { id: b, pool: B, maps: 20, mapTime: 1000 s, mapContainer: { memory: 1 GB, vcores: 3 } }
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 }
schedulerOptions:
  fair: { schedulingPolicy: ${policy}${extra} }
`,
    'drf.yaml',
  );
}

function run(scenario: ReturnType<typeof drfScenario>): RunRecord {
  const record = simulate(scenario, createScheduler(fairScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}


describe("YARN's Fair Scheduler on a resource cluster", () => {
  it('gives the DRF example its dominant-resource allocation: B 2 maps, A 4 (A 1 vcore and 4 GB, B 3 vcores and 1 GB)', () => {
    const record = run(drfScenario('drf'));
    expect(record.applicationMasters!.map((am) => am.node)).toEqual([0, 0]);
    // One container per heartbeat to the lower dominant share (cluster 22 GB, 13 vcores; each AM's 1/13 of the vcores):
    // A first by name, then the shares after each map: A 5/22, B 4/13, A 9/22, B 7/13, A 13/22; B's third map
    // finds 2 vcores free, so A takes its fourth: A 4 maps (16 GB, 4 vcores), B 2 (2 GB, 6 vcores) on big.
    expect(mapsRunningAt(record, 100)).toEqual([4, 2]);
  });

  it('gives B 3 maps under memory-only fairness (the fair policy), as DRF is meant to prevent', () => {
    expect(mapsRunningAt(run(drfScenario('fair')), 100)).toEqual([2, 3]);
  });

  it('fills every free container at a heartbeat with assignMultiple', () => {
    const record = run(drfScenario('drf', ', assignMultiple: true'));
    const firstStarts = new Set<number>();
    const a = record.attempts;
    for (let i = 0; i < a.count; i++) if (a.start[i] < 10) firstStarts.add(a.start[i]);
    expect(firstStarts.size).toBe(1);
    expect(mapsRunningAt(record, 100)).toEqual([4, 2]);
  });

  /** One node of 8 GB and 8 vcores (1 GB, 1-vcore containers), AMs of 1 GB; jobs of 20 maps of 100 s in the given pools. */
  function queues(pools: string, jobs: string[], fair = '') {
    const jobLines = jobs.map((pool, i) => `  - { id: j${i}, pool: ${pool}, maps: 20, mapTime: 100 s }`).join('\n');
    return parseScenarioText(
      `
cluster: { racks: [{ id: r1, nodes: [{ id: n, memory: 8 GB, vcores: 8 }] }] }
pools: ${pools}
jobs:
${jobLines}
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 }
schedulerOptions:
  fair: { assignMultiple: true${fair} }
`,
      'queues.yaml',
    );
  }

  it('divides between parent queues by weight before their leaves: eng (weight 3) and ads, eng.dev and eng.test inside eng', () => {
    // 8 containers, 3 AMs: 5 for maps. By memory usage over weight (AMs count), filled one container at a time:
    // eng holds its two AMs (2 GB) against ads's one; eng's weight 3 lets it reach 6 GB to ads's 2 GB.
    const scenario = queues('[{ id: eng, weight: 3 }, { id: eng.dev }, { id: eng.test }, { id: ads }]', ['eng.dev', 'eng.test', 'ads']);
    const counts = mapsRunningAt(run(scenario), 50);
    expect(counts[0] + counts[1]).toBe(4);
    expect(Math.abs(counts[0] - counts[1])).toBeLessThanOrEqual(1);
    expect(counts[2]).toBe(1);
  });

  it("keeps a queue within its maxResources, its parent's limit holding its leaves", () => {
    const scenario = queues('[{ id: eng, maxResources: { memory: 3 GB, vcores: 8 } }, { id: eng.dev }, { id: ads }]', ['eng.dev', 'ads']);
    // eng.dev's AM (1 GB) and 2 maps reach eng's 3 GB; ads takes the other 4 containers.
    expect(mapsRunningAt(run(scenario), 50)).toEqual([2, 4]);
  });

  it('runs at most maxRunningJobs of a queue at once, the rest waiting in submission order', () => {
    const scenario = queues('[{ id: eng, maxRunningJobs: 1 }, { id: eng.dev }, { id: eng.test }]', ['eng.dev', 'eng.test']);
    const record = run(scenario);
    const [first, second] = record.jobs;
    expect(second.firstStart!).toBeGreaterThanOrEqual(first.end!);
  });

  it('orders a fifo leaf by submission: the first job takes every container it can use', () => {
    const scenario = queues('[{ id: q, schedulingPolicy: fifo }]', ['q', 'q']);
    // 8 containers, 2 AMs: the first job's 6 maps, none of the second's while the first has maps pending.
    expect(mapsRunningAt(run(scenario), 50)).toEqual([6, 0]);
  });

  it("holds a job's AM back while its queue's AMs hold maxAMShare of its fair share, until the first job ends (TestFairScheduler.testQueueMaxAMShare)", () => {
    // q alone has the node's 8 GB: 0.2 of it (1639 MB) holds one 1 GB AM, not two.
    const record = run(queues('[{ id: q, maxAmShare: 0.2 }]', ['q', 'q']));
    const [first, second] = record.applicationMasters!;
    expect(first.start).toBe(0);
    expect(second.start).toBeGreaterThanOrEqual(first.end!);
    expect(second.start).toBeLessThanOrEqual(first.end! + 1);
    expect(record.jobs[1].firstStart!).toBeGreaterThan(record.jobs[0].end! - 1);
  });

  it('starts both AMs at once under the default maxAMShare, 0.5 of the fair share (4 GB)', () => {
    const record = run(queues('[{ id: q }]', ['q', 'q']));
    expect(record.applicationMasters!.map((am) => am.start)).toEqual([0, 0]);
  });

  it("refuses pools that break YARN's policy rules: fifo on a parent, drf under fair", () => {
    const scenario = queues('[{ id: eng, schedulingPolicy: fifo }, { id: eng.dev }, { id: ads, schedulingPolicy: drf }]', ['eng.dev', 'ads']);
    expect(() => run(scenario)).toThrow(/root\.eng: fifo is for leaf queues only[\s\S]*root\.ads: drf is not allowed under root/);
  });
});
