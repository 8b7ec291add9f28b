import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verdict } from './paper-experiment.js';
import { PAPER_EXPERIMENTS } from './registry.js';

const workDir = mkdtempSync(join(tmpdir(), 'mrsched-reproduce-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const context = { workDir, jobs: 1, warn: (message: string) => expect.fail(message) };

/** The figures that differ from the paper, by experiment: each one a slip docs/algorithms/makespan.md works out. */
const DIFFERING: Readonly<Record<string, readonly string[]>> = {
  'tian-five-jobs': ['UAAS below MK_JR, %', "BalancedPools: Pool2's jobs", 'UAAS below BalancedPools, %'],
  'tian-two-jobs-node-failed': ['MK_JR order ("keeps the same")', 'MK_JR makespan', 'MK_JR above optimal, %'],
  // docs/algorithms/dmrs.md, "What does not": the 82% and TeraSort's gap depend on values the text lost.
  'dmrs-e1-e4': [
    'largest improvement over FIFO, identical-machine and map-only, %',
    'E1: the benchmark where dmrs gains most over FIFO',
    'E2: the benchmark where dmrs gains most over FIFO',
    'E3: the benchmark where dmrs gains most over FIFO',
  ],
};

/** Experiments that simulate for seconds: their own tests (experiments/*.test.ts) run them at a small size and check their verdicts. */
const TESTED_ON_THEIR_OWN = new Set(['rasooli-down-benchmarks', 'reduce-placement-stochastic']);

describe('the registry of the papers’ experiments', () => {
  it('names each experiment once, with its paper and what it is', () => {
    const names = PAPER_EXPERIMENTS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['tian-five-jobs', 'tian-two-jobs', 'tian-two-jobs-node-failed', 'tian-five-jobs-simulated', 'dmrs-e1-e4', 'fischer-theorem-4-1', 'fischer-theorem-4-3', 'fischer-random-instances', ...TESTED_ON_THEIR_OWN]));
    // By its authors and title, as a reader can look it up.
    for (const experiment of PAPER_EXPERIMENTS) expect(experiment.paper).toMatch(/^(Tian et al\., On Dynamic Job Ordering|Aggarwal, Xu, Lan, Subramaniam, On the Optimality|Fischer, Su, Yin, Assigning Tasks|Rasooli, Down, An Adaptive Scheduling|Improving ReduceTask Data Locality)/);
  });

  it.each(PAPER_EXPERIMENTS.filter((e) => !TESTED_ON_THEIR_OWN.has(e.name)).map((e) => [e.name, e] as const))('%s: reproduces every figure but the slips the specs find, each of which has its note', async (name, experiment) => {
    const figures = await experiment.run(context);
    expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) if (typeof figure.ours === 'number') expect(Number.isFinite(figure.ours)).toBe(true);
    const differing = figures.filter((f) => verdict(f) === 'differs');
    expect(differing.map((f) => f.label)).toEqual(DIFFERING[name] ?? []);
    for (const figure of differing) expect(figure.note).toBeDefined();
    // The paper is the paper: in a simulator a "seed" reads as a random seed.
    for (const figure of figures) expect(figure.note ?? '').not.toMatch(/\bseed[’']s\b|\bthe seed\b/i);
  });
});
