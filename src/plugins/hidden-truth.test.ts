/**
 * A scheduler written outside mrsched, loaded as `--scheduler-module` loads
 * one, that walks every object it is handed (the API, its setup at
 * creation, the job, node and view at every offer) finds no task's work
 * and no field of the hidden truth.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../experiment/run-scenario.js';
import { testScenario } from '../test-support/scenario.js';
import { registryWithModules } from './scheduler-modules.js';
import type { CuriousFactory } from './test-support/curious-module.js';

// Work values no run computes by chance; no node has speed 1, so no measured duration equals one.
const WORK = (k: number) => 5678.0123 + k / 512;
const scenario = testScenario({
  nodes: [{ rack: 'r1', speed: 1.5, mapSlots: 2 }, { rack: 'r1', speed: 2 }, { rack: 'r2', speed: 3 }],
  jobs: [
    { maps: [{ work: WORK(0), inputBytes: 100, replicas: [0, 2] }, { work: WORK(1), inputBytes: 100, replicas: [1] }], reduces: [{ work: WORK(2) }] },
    { submit: 3, maps: [{ work: WORK(3), outputBytes: 40 }, { work: WORK(4) }], reduces: [{ work: WORK(5) }, { work: WORK(6) }] },
    { submit: 9, maps: [{ work: WORK(7) }] },
  ],
  settings: { failures: [{ node: 2, at: 4000, recoverAt: 4500 }], trackerExpiry: 60 },
});

describe('a scheduler module that walks all it is handed', () => {
  it('finds no task work and no field of the truth, at creation or at any offer', async () => {
    const registry = await registryWithModules([fileURLToPath(new URL('test-support/curious-module.ts', import.meta.url))]);
    const curious = registry.get('curious') as CuriousFactory;
    curious.sought = { numbers: new Set(Array.from({ length: 8 }, (_, k) => WORK(k))), names: new Set(['work', 'outputBytes', 'shuffleShare', 'failures', 'jobs']) };
    const { run } = runScenario(scenario, 'curious', { registry });
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(curious.walked).toBeGreaterThan(1000);
    expect(curious.found).toEqual([]);
    expect(run.oracleRead).toBe(false);
  });
});
