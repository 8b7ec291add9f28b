import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

const cli = cliSession();

describe('mrsched compare with the flow scheduler', () => {
  it('runs flow beside fair (delay scheduling) and fifo, with locality and job times for each', async () => {
    expect(await main(['compare', tiny, '--schedulers', 'fifo,fair,flow', '--out', join(cli.dir, 'c')])).toBe(0);
    const lines = cli.out.split('\n');
    expect(lines.find((line) => line.startsWith('metric'))).toMatch(/fifo\s+fair\s+flow$/);
    for (const metric of ['Node-local maps', 'Mean completion', 'Makespan']) {
      const row = lines.find((line) => line.startsWith(metric));
      expect(row?.trim().split(/\s{2,}/)).toHaveLength(4);
    }
  });
});

const terasort = fileURLToPath(new URL('../../examples/dmrs-terasort.yaml', import.meta.url));

describe('mrsched compare with the DMRS schedulers', () => {
  it('runs dmrs and its baselines beside fifo on the TeraSort example, weighted completion time in the summary', async () => {
    const out = join(cli.dir, 'c');
    expect(await main(['compare', terasort, '--schedulers', 'fifo,dmrs,dmrs-identical,dmrs-map-only', '--replications', '2', '--out', out])).toBe(0);
    expect(cli.out.split('\n').find((line) => line.startsWith('Weighted completion'))?.trim().split(/\s{2,}/)).toHaveLength(5);
    type Summary = { schedulers: { scheduler: string; intervals: { totalWeightedCompletionTime: { mean: number; n: number } } }[] };
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    const weighted = Object.fromEntries(summary.schedulers.map((s) => [s.scheduler, s.intervals.totalWeightedCompletionTime]));
    expect(Object.keys(weighted)).toEqual(['fifo', 'dmrs', 'dmrs-identical', 'dmrs-map-only']);
    expect(weighted.dmrs.n).toBe(2);
    // The example's jobs wait behind one another under fifo; DMRS takes the heavy-weight, short jobs first.
    expect(weighted.dmrs.mean).toBeLessThan(weighted.fifo.mean);
  });

  it('refuses a bad DMRS option, naming the field, and a placement in place of its own (exit 2)', async () => {
    const bad = cli.file('bad.yaml', readFileSync(terasort, 'utf8') + '\nschedulerOptions:\n  dmrs: { estimates: psychic, replanInterval: -1 }\n');
    expect(await main(['simulate', bad, '--scheduler', 'dmrs'])).toBe(2);
    expect(cli.err).toContain("schedulerOptions.dmrs.estimates: expected 'learned'");
    expect(cli.err).toContain('schedulerOptions.dmrs.replanInterval: expected a duration ≥ 0');
    expect(await main(['simulate', terasort, '--scheduler', 'dmrs+delay'])).toBe(2);
    expect(cli.err).toContain("no map placement: 'dmrs' places its maps its own way");
  });
});
