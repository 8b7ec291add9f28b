import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenarioText } from '../model/load-scenario.js';
import { runScenario } from '../experiment/run-scenario.js';

// Every example shipped in examples/ must load and run to completion under
// each of Hadoop's schedulers: a broken example is a broken first impression.
const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const files = readdirSync(examples)
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .sort();
const schedulers = ['fifo', 'fair', 'capacity'] as const;

describe('examples/', () => {
  it('holds the examples the docs and the papers refer to', () => {
    expect(files).toEqual(expect.arrayContaining(['default.yaml', 'tiny.yaml', 'rasooli-down-exp1.yaml', 'dmrs-terasort.yaml']));
  });

  describe.each(files)('%s', (file) => {
    const scenario = parseScenarioText(readFileSync(join(examples, file), 'utf8'), file);

    it.each(schedulers)('runs every job to success under %s', (scheduler) => {
      const { run } = runScenario(scenario, scheduler);
      expect(run.jobs.length).toBe(scenario.jobs.length);
      const notSucceeded = run.jobs.filter((job) => job.status !== 'succeeded').map((job) => job.id);
      expect(notSucceeded).toEqual([]);
    });
  });
});

describe('examples/rasooli-down-exp1.yaml', () => {
  const file = 'rasooli-down-exp1.yaml';
  const scenario = parseScenarioText(readFileSync(join(examples, file), 'utf8'), file);

  it('has the six users of Exp1, 100 jobs and six nodes', () => {
    expect(scenario.jobs.length).toBe(100);
    expect(scenario.cluster.nodes.length).toBe(6);
    const users = scenario.users.map((u) => [u.id, u.priority, u.minShare.map + u.minShare.reduce]);
    expect(users).toEqual([
      ['User1', 3, 50],
      ['User2', 2, 20],
      ['User3', 3, 40],
      ['User4', 2, 30],
      ['User5', 1, 0],
      ['User6', 2, 0],
    ]);
    for (const job of scenario.jobs) expect(job.pool).toBe(job.user);
  });
});

describe('examples/dmrs-terasort.yaml', () => {
  const file = 'dmrs-terasort.yaml';
  const scenario = parseScenarioText(readFileSync(join(examples, file), 'utf8'), file);

  it('has 18 TeraSort jobs of 4 reduces, weights 1–5, in two equal release groups', () => {
    expect(scenario.jobs.length).toBe(18);
    for (const job of scenario.jobs) {
      expect(job.reduces.length).toBe(4);
      expect(job.weight).toBeGreaterThanOrEqual(1);
      expect(job.weight).toBeLessThanOrEqual(5);
    }
    const submits = [...new Set(scenario.jobs.map((job) => job.submitTime))].sort((a, b) => a - b);
    expect(submits.length).toBe(2);
    expect(scenario.jobs.filter((job) => job.submitTime === submits[0]).length).toBe(9);
  });
});
