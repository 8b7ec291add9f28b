import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseScenarioText } from '../../input/load-scenario.js';
import type { Scenario } from '../../model/scenario.js';
import { runScenario } from '../../experiment/run-scenario.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { testScenario } from '../../test-support/scenario.js';
import { createScheduler } from '../create-scheduler.js';
import { mkjrScheduler, resplitScenario, uaasScheduler } from './index.js';

const batchFile = fileURLToPath(new URL('../../../examples/tian-five-jobs-batch.yaml', import.meta.url));
const fiveJobs = () => parseScenarioText(readFileSync(batchFile, 'utf8'), 'tian-five-jobs-batch.yaml');

/** Heartbeats at 0, 1, 2, … and at every task end: slots are offered the moment they free, as the model assumes. */
const aligned = { alignHeartbeats: true } as const;

describe('uaas in the simulator', () => {
  it('splits every job into one task per slot, sharing its work, input, output and shuffle', () => {
    const scenario = testScenario({
      nodes: [{ mapSlots: 2, reduceSlots: 1 }, { mapSlots: 1, reduceSlots: 2 }],
      jobs: [
        {
          maps: [
            { work: 6, inputBytes: 100, replicas: [0], outputBytes: 30 },
            { work: 3, inputBytes: 50, replicas: [1], outputBytes: 0 },
          ],
          reduces: [{ shuffleShare: 1, work: 9 }],
        },
      ],
    });
    const job = resplitScenario(scenario).jobs[0];
    // 3 map slots: 9 s of work, 150 bytes in and 30 out in thirds; the thirds start at bytes 0, 50 and 100,
    // inside the first map's input (0–100), the first's, and the second's (100–150).
    expect(job.maps.toArray()).toEqual([
      { work: 3, inputBytes: 50, replicas: [0], outputBytes: 10 },
      { work: 3, inputBytes: 50, replicas: [0], outputBytes: 10 },
      { work: 3, inputBytes: 50, replicas: [1], outputBytes: 10 },
    ]);
    expect(job.reduces).toEqual([
      { shuffleShare: 1 / 3, work: 3 },
      { shuffleShare: 1 / 3, work: 3 },
      { shuffleShare: 1 / 3, work: 3 },
    ]);
  });

  it('runs the five-job example in exactly its planned makespan, 107/3, when the workload satisfies the model', () => {
    // One wave per stage over all 30 slots, no input or shuffle, speed 1, slots offered as they free:
    // maps end 1, 3, 7, 11, 31 and reduces 5, 8, 13, 33, 33 + 80/30, as planned.
    const { run, metrics } = runScenario(fiveJobs(), 'uaas', aligned);
    expect(run.plan).toEqual({ planner: 'uaas', model: 'all-slots', durations: 'oracle', order: ['J2', 'J5', 'J1', 'J4', 'J3'], makespan: 107 / 3 });
    expect(metrics.makespan).toBe(107 / 3);
    expect(metrics.plannedMakespan).toBe(107 / 3);
    expect(metrics.planGap).toBe(0);
    const mapsDone = Object.fromEntries(run.jobs.map((job) => [job.id, job.mapsDone]));
    expect(mapsDone).toEqual({ J1: 7, J2: 1, J3: 31, J4: 11, J5: 3 });
    expect(run.attempts.count).toBe(5 * 60);
    expect(checkRunInvariants(run)).toEqual([]);
  });

  it('reports the gap when heartbeats come at the nodes\' own phases', () => {
    const { metrics } = runScenario(fiveJobs(), 'uaas');
    expect(metrics.plannedMakespan).toBe(107 / 3);
    // The scenario's seed fixes the phases: 37.648 s, 5.6 % over the plan (the figures docs/algorithms/makespan.md quotes).
    expect(metrics.makespan).toBeCloseTo(37.648, 3);
    expect(metrics.planGap).toBeCloseTo((100 * (metrics.makespan! - 107 / 3)) / (107 / 3), 9);
    expect(metrics.planGap).toBeCloseTo(5.56, 2);
  });

  it('plans the two-job example at 18.8 and, with J1\'s single reduce split ten ways, runs it in 18.8', () => {
    // 5 nodes of 2 + 2 slots; J1: 10 maps of 9, 1 reduce of 10; J2: 8 maps of 11, 1 reduce of 15.
    const twoJobs = testScenario({
      nodes: Array.from({ length: 5 }, () => ({ mapSlots: 2, reduceSlots: 2 })),
      jobs: [
        { id: 'J1', maps: Array.from({ length: 10 }, () => ({ work: 9 })), reduces: [{ shuffleShare: 1, work: 10 }] },
        { id: 'J2', maps: Array.from({ length: 8 }, () => ({ work: 11 })), reduces: [{ shuffleShare: 1, work: 15 }] },
      ],
      settings: { outOfBandHeartbeat: true, heartbeatInterval: 0.1 },
    });
    const uaas = runScenario(twoJobs, 'uaas', aligned);
    expect(uaas.run.plan!.order).toEqual(['J2', 'J1']);
    // The plan is made on the re-split jobs, whose work sums back to 88 and 90 only up to rounding
    // (ten maps of 8.8 add up to 87.99999999999999): 18.8 to the last bit or two.
    expect(uaas.metrics.plannedMakespan).toBeCloseTo(18.8, 12);
    // Maps J2 0–8.8, J1 8.8–17.8; reduces J2 8.8–10.3, J1 17.8–18.8 (here the tasks' own 8.8 and 9: exactly 18.8).
    expect(uaas.metrics.makespan).toBe(18.8);
    // mkjr plans the same 18.8 but runs the jobs' own tasks: at task level J2, J1 takes 30.
    const mkjr = runScenario(twoJobs, 'mkjr', aligned);
    expect(mkjr.metrics.plannedMakespan).toBe(18.8);
    expect(mkjr.metrics.makespan).toBe(30);
    expect(mkjr.metrics.planGap).toBeCloseTo((100 * (30 - 18.8)) / 18.8, 9);
  });
});

describe('mkjr in the simulator', () => {
  it('runs the jobs\' own tasks in the planned order: 47 where it planned 107/3 on the five-job example', () => {
    // J3 and J4 keep their 20 tasks each: at task level J2, J5, J1, J4, J3 takes 47 (planOptimal's tests).
    const { run, metrics } = runScenario(fiveJobs(), 'mkjr', aligned);
    expect(run.plan!.order).toEqual(['J2', 'J5', 'J1', 'J4', 'J3']);
    expect(metrics.plannedMakespan).toBe(107 / 3);
    expect(metrics.makespan).toBe(47);
    expect(metrics.planGap).toBeCloseTo((100 * (47 - 107 / 3)) / (107 / 3), 9);
  });

  it('matches its plan when every job already has one task per slot', () => {
    const scenario: Scenario = resplitScenario(fiveJobs());
    expect(runScenario(scenario, 'mkjr', aligned).metrics.makespan).toBe(107 / 3);
  });

  it('refuses options, as it takes none', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [], schedulerOptions: { mkjr: { order: 'x' } } });
    expect(() => createScheduler(mkjrScheduler, scenario)).toThrow(/schedulerOptions\.mkjr\.order: expected no options/);
    expect(() => createScheduler(uaasScheduler, testScenario({ nodes: [{}], jobs: [], schedulerOptions: { uaas: { a: 1 } } }))).toThrow(/schedulerOptions\.uaas\.a/);
  });
});
