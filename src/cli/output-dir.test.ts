import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';
import { isOutputFile } from './output-dir.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const tiny = join(examples, 'tiny.yaml');
const cli = cliSession();

const RUN_FILES = ['jobs.csv', 'nodes.csv', 'report.html', 'summary.json', 'tasks.csv'];
const COMPARE_FILES = ['report.html', 'runs', 'summary.json'];

describe('--out writes a directory all or nothing, and replaces only what mrsched wrote', () => {
  it('refuses a directory holding other files, before the run, and leaves it as it was', async () => {
    const target = join(cli.dir, 'mine');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'mine');
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', target])).toBe(2);
    expect(cli.err).toMatch(/--out .*mine: holds 'notes\.txt', which mrsched does not write: it is not a previous output/);
    expect(cli.out).toBe('');
    expect(readdirSync(target)).toEqual(['notes.txt']);
    expect(readdirSync(cli.dir)).toEqual(['mine']);
  });

  it("refuses a previous output's folder holding a file mrsched does not write", async () => {
    const target = join(cli.dir, 'out');
    expect(await main(['compare', tiny, '--schedulers', 'fifo', '--out', target])).toBe(0);
    const [run] = readdirSync(join(target, 'runs'));
    writeFileSync(join(target, 'runs', run, 'notes.txt'), 'mine');
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', target])).toBe(2);
    expect(cli.err).toMatch(/--out .*out: holds 'runs', which mrsched does not write/);
    expect(readFileSync(join(target, 'runs', run, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('replaces a previous output whole: no stale file of another run stays', async () => {
    const target = join(cli.dir, 'out');
    expect(await main(['compare', tiny, '--schedulers', 'fifo', '--out', target])).toBe(0);
    expect(readdirSync(target).sort()).toEqual(COMPARE_FILES);
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', target])).toBe(0);
    expect(readdirSync(target).sort()).toEqual(RUN_FILES);
    // Nothing hidden is left beside it.
    expect(readdirSync(cli.dir)).toEqual(['out']);
  });

  it('gives the output directory the mode any new directory gets, not the private one of its hidden stage', async () => {
    mkdirSync(join(cli.dir, 'plain'));
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', join(cli.dir, 'run')])).toBe(0);
    expect(statSync(join(cli.dir, 'run')).mode).toBe(statSync(join(cli.dir, 'plain')).mode);
  });

  it('writes into an empty directory, and creates missing parents', async () => {
    mkdirSync(join(cli.dir, 'empty'));
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', join(cli.dir, 'empty')])).toBe(0);
    expect(readdirSync(join(cli.dir, 'empty')).sort()).toEqual(RUN_FILES);
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', join(cli.dir, 'a', 'b', 'c')])).toBe(0);
    expect(readdirSync(join(cli.dir, 'a', 'b', 'c')).sort()).toEqual(RUN_FILES);
  });

  it('replaces another directory or a file with --force', async () => {
    const target = join(cli.dir, 'theirs');
    mkdirSync(join(target, 'sub'), { recursive: true });
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', target, '--force'])).toBe(0);
    expect(readdirSync(target).sort()).toEqual(RUN_FILES);
    const file = cli.file('a-file', 'text');
    expect(await main(['compare', tiny, '--schedulers', 'fifo', '--out', file])).toBe(2);
    expect(cli.err).toMatch(/a-file: is not a directory \(--force replaces it\)/);
    expect(await main(['compare', tiny, '--schedulers', 'fifo', '--out', file, '--force'])).toBe(0);
    expect(readdirSync(file).sort()).toEqual(COMPARE_FILES);
  });

  it('refuses a place where nothing can be written before the run, instead of hanging (/proc)', async () => {
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', '/proc/mrsched-out/run'])).toBe(2);
    expect(cli.err).toMatch(/--out \/proc\/mrsched-out\/run: nothing can be written in \/proc \(ENOENT/);
    expect(await main(['import', 'swim', tiny, '--out', '/proc/x.yaml'])).toBe(2);
    expect(cli.err).toMatch(/--out \/proc\/x\.yaml: nothing can be written in \/proc/);
    expect(await main(['sweep', join(examples, 'sweeps', 'tian-five-jobs.yaml'), '--out', '/proc/mrsched-sweep'])).toBe(2);
    expect(cli.err).toMatch(/--out \/proc\/mrsched-sweep: nothing can be written in \/proc/);
    const makespan = join(examples, 'makespan', 'tian-five-jobs.yaml');
    expect(await main(['plan', 'makespan', makespan, '--algorithm', 'johnson', '--gantt', '/proc/g/plan.svg'])).toBe(2);
    expect(cli.err).toMatch(/--gantt \/proc\/g\/plan\.svg: nothing can be written in \/proc/);
  });

  it('removes the hidden directory a killed run left beside the target, once that run has ended', async () => {
    // A process that has ended: its pid is free (spawnSync waited for it).
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    const abandoned = join(cli.dir, `.run.mrsched-${pid}-abcdef`);
    mkdirSync(abandoned);
    writeFileSync(join(abandoned, 'tasks.csv'), 'half');
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', join(cli.dir, 'run')])).toBe(0);
    expect(readdirSync(cli.dir)).toEqual(['run']);
  });

  it("names its probe with the run's pid, so that the next output removes one a signal left before any handler", async () => {
    const seen: string[] = [];
    const watcher = watch(cli.dir, (_event, name) => seen.push(String(name)));
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', join(cli.dir, 'run')])).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    watcher.close();
    expect(seen.filter((name) => name.includes('-probe-'))[0]).toMatch(new RegExp(`^\\.run\\.mrsched-${process.pid}-probe-`));
    const { pid } = spawnSync(process.execPath, ['-e', '']);
    mkdirSync(join(cli.dir, `.run.mrsched-${pid}-probe-abcdef`));
    expect(await main(['simulate', tiny, '-s', 'fifo', '--out', join(cli.dir, 'run')])).toBe(0);
    expect(readdirSync(cli.dir)).toEqual(['run']);
  });

  it('knows every file the commands write into a directory, in its folders too', async () => {
    const target = join(cli.dir, 'out');
    expect(await main(['compare', tiny, '--schedulers', 'fifo', '--explain', '--format', 'batsim', '--out', target])).toBe(0);
    const files = readdirSync(target, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name)).toContain('schedule.csv');
    for (const { name } of files) expect(isOutputFile(name)).toBe(true);
    expect(isOutputFile('report-attempts-12-3.js')).toBe(true);
    expect(isOutputFile('report-decisions-2.js')).toBe(true);
    expect(isOutputFile('report-attempts-12.js')).toBe(false);
    expect(isOutputFile('report-attempts-.js')).toBe(false);
    // A second run replaces it: it is recognised as a previous output.
    expect(await main(['compare', tiny, '--schedulers', 'fifo', '--explain', '--format', 'batsim', '--out', target])).toBe(0);
  });
});

describe('one-file outputs', () => {
  it('replace an existing file, and refuse a directory in its place', async () => {
    const target = cli.file('scenario.yaml', 'old');
    expect(await main(['generate', 'loadgen', '--jobs', '2', '--out', target])).toBe(0);
    expect(readFileSync(target, 'utf8')).toMatch(/^# Generated by mrsched generate loadgen/);
    mkdirSync(join(cli.dir, 'dir.yaml'));
    expect(await main(['generate', 'loadgen', '--jobs', '2', '--out', join(cli.dir, 'dir.yaml')])).toBe(2);
    expect(cli.err).toMatch(/dir\.yaml: is a directory, not a file/);
    expect(existsSync(join(cli.dir, 'dir.yaml'))).toBe(true);
    expect(readdirSync(cli.dir).sort()).toEqual(['dir.yaml', 'scenario.yaml']);
  });
});
