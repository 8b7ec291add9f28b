import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runClaimMap } from '../claim-map-run.js';
import { verdict } from '../paper-experiment.js';
import { REDUCE_PLACEMENT_EXPERIMENTS } from './reduce-placement.js';

const [experiment] = REDUCE_PLACEMENT_EXPERIMENTS;

describe('reduce-placement-stochastic, at 1 replication', () => {
  it("reproduces Fig. 9's > 90% against random in reading 1 only, and its 22% against greedy in neither reading", async () => {
    const figures = await experiment.run({ workDir: '', jobs: 1, replications: 1, warn: (message) => expect.fail(message) });
    expect(figures).toHaveLength(14);
    const of = (reading: number, text: string) => figures.filter((f) => f.label.startsWith(`reading ${reading}`) && f.label.includes(text));
    // Reading 1: few slots in use, rhc takes among the cheapest; reading 2: a fraction ρ of them taken, the saving falls below 90%.
    expect(of(1, 'against random').map(verdict)).toEqual(Array(5).fill('reproduced'));
    expect(of(2, 'against random').map(verdict)).toEqual(Array(5).fill('differs'));
    const [largest1] = of(1, 'largest saving');
    const [largest2] = of(2, 'largest saving');
    expect([verdict(largest1), verdict(largest2)]).toEqual(['differs', 'differs']);
    expect(largest1.ours).toBeLessThan(5);
    expect(largest2.ours).toBeGreaterThan(10);
    expect(largest2.ours).toBeLessThan(20);
    for (const f of figures) expect(f.note).toBeDefined();
  });
});

describe('reduce-placement-stochastic --sensitivity, at 2 replications', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'mrsched-reduce-placement-'));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("maps Fig. 9's claims in the queueing model and the placements' in the testbed, each into a directory of its own", async () => {
    const context = { workDir, jobs: 1, replications: 2, warn: (message: string) => expect.fail(message) };
    const [queueing, cluster] = experiment.sensitivity!;
    const model = await runClaimMap(experiment.name, queueing, context);
    expect(model.dir).toBe(join(workDir, 'reduce-placement-queueing-sensitivity'));
    expect(existsSync(join(model.dir, 'claim-map.csv'))).toBe(true);
    const [againstRandom, againstGreedy] = model.map.claims;
    // The reading of ρ decides "more than 90% below random", whatever K and ρ (at 10 replications: holds at every
    // cell of reading 1, fails at every cell of reading 2; two seeds' intervals, t with one degree of freedom, may tie).
    expect(againstRandom.cells).toHaveLength(2 * 3 * 3);
    for (const cell of againstRandom.cells) {
      const percent = (100 * cell.difference!.mean) / cell.referenceMean!;
      if (cell.coordinates[0] === '1') {
        expect(percent).toBeLessThan(-90);
        expect(cell.verdict).not.toBe('fails');
      } else {
        expect(percent).toBeGreaterThan(-90);
        expect(cell.verdict).not.toBe('holds');
      }
    }
    // Reading 2: rhc below greedy at every K and ρ (two seeds' interval, t with one degree of freedom, may still straddle 0).
    for (const cell of againstGreedy.cells.filter((c) => c.coordinates[0] === '2')) {
      expect(['holds', 'tie']).toContain(cell.verdict);
      expect(cell.difference!.mean).toBeLessThan(0);
    }
    const testbed = await runClaimMap(experiment.name, cluster, context);
    expect(testbed.dir).toBe(join(workDir, 'reduce-placement-sensitivity'));
    const [fetchCost, , rhcAgainstGreedy] = testbed.map.claims;
    expect(fetchCost.cells).toHaveLength(3 * 2);
    // rhc takes greedy's slots on the testbed: the same cost on every seed, a tie, not a failure.
    for (const cell of rhcAgainstGreedy.cells) expect(cell).toMatchObject({ verdict: 'tie', difference: { mean: 0, low: 0, high: 0 } });
  });
});
