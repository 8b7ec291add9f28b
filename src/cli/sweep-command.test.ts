import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { LIFO_MODULE, TINY_SPEC } from '../sweep/test-support/sweep-files.js';
import { pathToFileURL } from 'node:url';
import { main } from './program.js';
import { sweepProgress } from './sweep-progress.js';
import type { RunMetrics } from '../metrics/index.js';
import type { CellRecord } from '../sweep/index.js';

const cli = cliSession();

describe('mrsched sweep', () => {
  it('runs the cells on the main thread with --jobs 1, a plain line per cell when stderr is not a terminal, and names the tables', async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC);
    const out = join(cli.dir, 'out');
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1'])).toBe(0);
    const lines = cli.err.trim().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('running 8 of 8 cells on the main thread');
    expect(lines[1]).toMatch(/^\[1\/8\] tiny · settings\.slowStart=0\.05 · fifo · seed 1 \([0-9a-f]{16}\): done$/);
    expect(cli.out).toBe(`sweep tiny-grid, 8 cells: 8 run now\nwrote ${out}/results.csv, ${out}/summary.csv, ${out}/report.html\n`);
    cli.clearOutput();
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1'])).toBe(0);
    expect(cli.out).toContain('sweep tiny-grid, 8 cells: 8 recorded before, 0 run now');
  });

  it('exits 100 + the number of failed cells, each failure on its line with its error', async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC.replace('[0.05, 1]', '[0.05, 7]'));
    expect(await main(['sweep', spec, '--out', join(cli.dir, 'out'), '--jobs', '1'])).toBe(104);
    expect(cli.err).toMatch(/\[5\/8\] tiny · settings\.slowStart=7 · fifo · seed 1 \([0-9a-f]+\): failed: .*settings\.slowStart: expected a number ≤ 1, found 7\n/);
    expect(cli.err).toContain('mrsched: 4 cells failed\n');
    expect(cli.out).toContain('4 failed (their errors are in');
  });

  it("exits 2 before any cell runs when a cell's scheduler options are wrong, at the line that set them", async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC.replace('schedulers: [fifo, fair+locality]', 'schedulers: [fifo, { name: fair, options: { nodeLocalityDelay: .inf } }]'));
    const out = join(cli.dir, 'out');
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1'])).toBe(2);
    expect(cli.err).toBe(
      `mrsched: ${spec}: 1 problem\n  ${spec}:5:64: schedulers[1].options.nodeLocalityDelay: expected a duration ≥ 0 (seconds, or like '5 s'), found Infinity (the cells of tiny · settings.slowStart=0.05 · fair)\n`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("loads the spec's scheduler modules only with --allow-modules, and without it runs none of their code", async () => {
    // A module that leaves a mark when it is loaded at all.
    const marker = join(cli.dir, 'module-ran');
    cli.file('marking.js', `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport { default } from ${JSON.stringify(pathToFileURL(LIFO_MODULE).href)};\n`);
    const spec = cli.file('spec.yaml', TINY_SPEC.replace('schedulers: [fifo, fair+locality]', 'schedulerModules: [marking.js]\nschedulers: [fifo, lifo]'));
    const out = join(cli.dir, 'out');
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1'])).toBe(2);
    expect(cli.err).toBe(
      `mrsched: ${spec}: 1 problem\n  ${spec}: schedulerModules: expected no scheduler modules unless --allow-modules is given (a module is a program that runs with your rights: read it first), found '${join(cli.dir, 'marking.js')}'\n`,
    );
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(out)).toBe(false);
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1', '--allow-modules', '--quiet'])).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(readFileSync(join(out, 'results.csv'), 'utf8')).toContain(',lifo,');
  });

  it("leaves another command's output alone unless --force, and writes nothing into it", async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC);
    const out = join(cli.dir, 'compared');
    mkdirSync(out);
    writeFileSync(join(out, 'report.html'), 'the report of a comparison');
    for (const args of [['sweep', spec, '--out', out, '--jobs', '1'], ['sweep', 'merge', cli.dir, '--out', out]]) {
      cli.clearOutput();
      expect(await main(args)).toBe(2);
      expect(cli.err).toBe(`mrsched: --out ${out}: holds 'report.html' and no sweep.json or cells: it is not a sweep directory, and is left alone (choose another directory, or --force to write into it)\n`);
      expect(readdirSync(out)).toEqual(['report.html']);
    }
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1', '--force', '--quiet'])).toBe(0);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('tiny-grid');
    // Now a sweep directory: run again, it resumes without --force.
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1'])).toBe(0);
  });

  it('takes the shard index from the batch system when only the count is given, and refuses a shard that does not exist', async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC);
    vi.stubEnv('JOB_COMPLETION_INDEX', '');
    vi.stubEnv('SLURM_ARRAY_TASK_ID', '');
    expect(await main(['sweep', spec, '--out', join(cli.dir, 'a'), '--jobs', '1', '--shard', '3'])).toBe(2);
    expect(cli.err).toContain('found no index: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set');
    expect(await main(['sweep', spec, '--out', join(cli.dir, 'a'), '--jobs', '1', '--shard', '3/3'])).toBe(2);
    expect(cli.err).toContain('found shard 3 of 3 (shards are numbered from 0)');
    vi.stubEnv('SLURM_ARRAY_TASK_ID', '2');
    cli.clearOutput();
    expect(await main(['sweep', spec, '--out', join(cli.dir, 'a'), '--jobs', '1', '--shard', '3'])).toBe(0);
    expect(cli.out).toContain('shard 2/3: 2 of 8 cells: 2 run now\nwhen every shard has run: mrsched sweep merge');
    vi.unstubAllEnvs();
  });

  it('merge exits 3 while a shard is missing, then writes the tables when all are there', async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC);
    const shards = [0, 1].map((i) => join(cli.dir, `shard-${i}`));
    expect(await main(['sweep', spec, '--out', shards[0], '--jobs', '1', '--shard', '0/2'])).toBe(0);
    expect(await main(['sweep', 'merge', shards[0], '--out', join(cli.dir, 'merged')])).toBe(3);
    expect(cli.err).toMatch(/4 of the 8 cells of the sweep 'tiny-grid' have no result yet/);
    expect(await main(['sweep', spec, '--out', shards[1], '--jobs', '1', '--shard', '1/2'])).toBe(0);
    cli.clearOutput();
    expect(await main(['sweep', 'merge', ...shards, '--out', join(cli.dir, 'merged')])).toBe(0);
    expect(cli.out).toContain('merged 2 directories: 8 cells\nwrote');
  });

  it('reports a spec mistake with its line and exits 2 before running anything, and a directory that is no sweep', async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC.replace('seeds: [1, 2]', 'seeds: [1, two]'));
    expect(await main(['sweep', spec, '--out', join(cli.dir, 'out')])).toBe(2);
    expect(cli.err).toContain(`${spec}:6:12: seeds[1]: expected a number, found 'two'`);
    expect(await main(['sweep', 'merge', cli.dir])).toBe(2);
    expect(cli.err).toContain(`is not a sweep directory`);
  });
});

describe('mrsched sweep --baseline', () => {
  it('fills the difference columns of summary.csv, and refuses a scheduler the spec does not have before any cell runs', async () => {
    const spec = cli.file('spec.yaml', TINY_SPEC);
    const out = join(cli.dir, 'out');
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1', '--baseline', 'fair'])).toBe(2);
    expect(cli.err).toContain(`${spec}: baseline: expected one of the sweep's schedulers as its spec labels them (fifo, fair+locality), found 'fair'`);
    expect(existsSync(join(out, 'cells'))).toBe(false);
    expect(await main(['sweep', spec, '--out', out, '--jobs', '1', '--baseline', 'fair+locality'])).toBe(0);
    const rows = readFileSync(join(out, 'summary.csv'), 'utf8').split('\n');
    expect(rows.find((row) => row.startsWith('tiny,1,fifo,makespan,,'))).toMatch(/,fair\+locality,2,-?\d/);
  });
});

describe('the progress bar on a terminal', () => {
  it('redraws in place with the cells done, the failures, the rate and the time left, and prints each failure above it', () => {
    let text = '';
    let now = 0;
    const progress = sweepProgress(4, (t) => (text += t), true, () => now);
    const record = (status: 'succeeded' | 'failed'): CellRecord =>
      status === 'succeeded'
        ? { id: 'c1', scenario: 's', parameters: { x: 1 }, scheduler: 'fifo', seed: 1, status, run: 'fifo', stalled: false, metrics: {} as RunMetrics, pools: [] }
        : { id: 'c2', scenario: 's', parameters: { x: 2 }, scheduler: 'fifo', seed: 1, status, error: 'boom' };
    now = 1000;
    progress.cell(record('succeeded'));
    expect(text).toBe('\r\x1b[2K[██████░░░░░░░░░░░░░░░░░░] 25% · 1/4 cells · 1.00 cells/s · 3 s left');
    now = 1100; // within 200 ms: no redraw, but a failure prints at once
    progress.cell(record('failed'));
    expect(text.endsWith('\r\x1b[2Ks · x=2 · fifo · seed 1 (c2) failed: boom\n\r\x1b[2K[████████████░░░░░░░░░░░░] 50% · 2/4 cells · 1.82 cells/s · 2 s left · 1 failed')).toBe(true);
    progress.end();
    expect(text.endsWith('\r\x1b[2K')).toBe(true);
  });
});
