import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { examplePath } from '../example-files.js';
import { verdict, type PaperFigure } from '../paper-experiment.js';
import { groupMean, runSpecSweep } from '../sweep-figures.js';
import { RASOOLI_DOWN_EXPERIMENTS } from './rasooli-down.js';

const workDir = mkdtempSync(join(tmpdir(), 'mrsched-rasooli-down-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const context = { workDir, jobs: 1, replications: 2, warn: (message: string) => expect.fail(message) };

const [experiment] = RASOOLI_DOWN_EXPERIMENTS;
const BENCHMARKS = ['io', 'cpu', 'mixed'].flatMap((workload, i) => ['smaller', 'equal', 'larger'].map((rates, j) => ({ label: `BM${i + 1},${j + 1}`, parameters: [workload, rates] })));

describe('rasooli-down-benchmarks, at 2 replications', () => {
  let figures: readonly PaperFigure[] = [];
  const figure = (label: string) => figures.find((f) => f.label.startsWith(label))!;

  it('gives four counted claims, then Table 6 and Table 7 by benchmark and scheduler, each figure with a note', async () => {
    figures = await experiment.run(context);
    expect(figures).toHaveLength(4 + 27 + 27);
    expect(new Set(figures.map((f) => f.label)).size).toBe(figures.length);
    expect(figures[4].label).toBe('BM1,1 fifo: Fairness (Table 6)');
    expect(figures[57].label).toBe('BM3,3 adaptive: Locality, % (Table 7)');
    for (const f of figures) expect(f.note).toBeDefined();
  });

  it("counts the paper's claims from its tables' midpoints", () => {
    // Table 6 by midpoint, FAIR against the lower of FIFO and proposed: 11.62 < 14.97, 11.65 < 13.64, 11.68 < 14.95,
    // 11.81 < 12.17, 11.97 < 14.18, 11.88 < 15.08, 12.09 < 14.58, 12.09 < 14.70, 11.98 < 12.71: the lowest in all 9.
    expect(figure('benchmarks where fair has the lowest Fairness').paper).toBe(9);
    // Table 7, proposed against FAIR by midpoint: BM1,1 99.30 > 98.60, BM1,2 94.60 > 90.80, BM2,1 99.22 > 97.60,
    // BM3,1 99.56 > 81.20, BM3,2 97.40 > 84.20; below in BM1,3, BM2,2, BM2,3, BM3,3: 5.
    expect(figure('benchmarks where adaptive’s Locality is above fair’s').paper).toBe(5);
  });

  it('reads every figure of ours from the sweep, run at the replications asked for', async () => {
    const groups = await runSpecSweep(examplePath('sweeps/rasooli-down.yaml'), context, 2);
    expect(groups).toHaveLength(27);
    for (const group of groups) expect(group.runs).toHaveLength(2);
    for (const { label, parameters } of BENCHMARKS) {
      for (const scheduler of ['fifo', 'fair', 'adaptive']) {
        expect(figure(`${label} ${scheduler}: Fairness`).ours).toBe(groupMean(groups, scheduler, 'fairness', parameters));
        expect(figure(`${label} ${scheduler}: Locality`).ours).toBe(groupMean(groups, scheduler, 'mapLocalityOverTime', parameters));
      }
    }
    // Lowest where, seed by seed, adaptive's difference from fifo and from fair has a 95% interval below 0: with
    // two seeds, the half-width is t₀.₉₇₅,₁ = 12.706 times the standard deviation |d₁ − d₂| / √2, over √2.
    const clearlyLowest = BENCHMARKS.filter(({ parameters }) =>
      ['fifo', 'fair'].every((other) => {
        const [own, base] = [groups.find((g) => g.scheduler === 'adaptive' && g.parameters.join() === parameters.join())!, groups.find((g) => g.scheduler === other && g.parameters.join() === parameters.join())!];
        const d = own.runs.map((run, i) => run.meanCompletionTime! - base.runs[i].meanCompletionTime!);
        const mean = (d[0] + d[1]) / 2;
        return mean + (12.70620474 * Math.abs(d[0] - d[1])) / 2 < 0;
      }),
    ).length;
    expect(figure('benchmarks where adaptive has the lowest mean completion time').ours).toBe(clearlyLowest);
  });

  it("judges an interval by whether our mean lies in it: no Fairness is the paper's (ours is about twice), and fair and adaptive read every map locally in W2, above the paper's intervals", () => {
    expect(figure('BM1,1 fifo: Fairness').paper).toEqual({ low: 14.88, high: 15.05 });
    const fairness = figures.filter((f) => f.label.endsWith('Fairness (Table 6)'));
    expect(fairness.map(verdict)).toEqual(fairness.map(() => 'differs'));
    for (const f of fairness) expect(f.ours as number).toBeGreaterThan((f.paper as { high: number }).high);
    for (const label of ['BM2,1', 'BM2,2', 'BM2,3'])
      for (const scheduler of ['fair', 'adaptive']) {
        const f = figure(`${label} ${scheduler}: Locality`);
        expect(f.ours).toBeCloseTo(100, 9);
        expect(verdict(f)).toBe('differs');
      }
  });
});
