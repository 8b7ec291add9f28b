// The sweep as separate processes on worker threads, the way a batch system
// runs it: the compiled command (built once, into dist-test/), shards as
// concurrent processes, a merge, and a sweep stopped with Ctrl-C and rerun.
import { existsSync, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledCli, runCli, startCli } from '../test-support/compiled-cli.js';
import { runSweep } from './run-sweep.js';
import { parseSweepSpecText } from './sweep-spec.js';
import { cliSession } from '../test-support/cli-session.js';
import { LIFO_MODULE, outputsOf, TINY_SCENARIO, TINY_SPEC } from './test-support/sweep-files.js';
import { OUTPUT_FILES } from './sweep-outputs.js';
import { DEFAULT_SCENARIO_PATH } from '../input/load-scenario.js';

// A fresh temporary directory per test (stdout and stderr captured, which these tests do not read).
const files = cliSession();
let main = '';
beforeAll(() => {
  main = buildCompiledCli();
}, 180_000);

describe('mrsched sweep as processes', () => {
  it('three shard processes (index given, from JOB_COMPLETION_INDEX, from SLURM_ARRAY_TASK_ID) merged equal one run on worker threads and one on the main thread, byte for byte', async () => {
    // slowStart 7 is out of range: its 4 cells fail, and every exit status counts them. lifo, from a
    // scheduler module, runs on the worker threads too.
    const text = TINY_SPEC.replace('[0.05, 1]', '[0.05, 7]').replace('schedulers: [fifo, fair+locality]', `schedulerModules: [${JSON.stringify(LIFO_MODULE)}]\nschedulers: [fifo, lifo]`);
    const spec = files.file('spec.yaml', text);
    const single = await runCli(main, ['sweep', spec, '--out', join(files.dir, 'single'), '--jobs', '2', '--allow-modules']);
    expect(single.status).toBe(104);
    expect(single.stderr).toContain('[8/8]');
    expect(outputsOf(join(files.dir, 'single'))['results.csv']).toMatch(/^[0-9a-f]{16},tiny,0\.05,lifo,1,succeeded,lifo,/m);
    const shards = await Promise.all([
      runCli(main, ['sweep', spec, '--out', join(files.dir, 'shard-0'), '--shard', '0/3', '--allow-modules']),
      runCli(main, ['sweep', spec, '--out', join(files.dir, 'shard-1'), '--shard', '3', '--allow-modules'], { JOB_COMPLETION_INDEX: '1' }),
      runCli(main, ['sweep', spec, '--out', join(files.dir, 'shard-2'), '--shard', '3', '--allow-modules'], { SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_MIN: '1' }),
    ]);
    // Cells 0–7 in table order; shard i has cells i, i+3, …; cells 4–7 (slowStart 7) fail: 1, 2 and 1 of them.
    expect(shards.map((s) => s.status)).toEqual([101, 102, 101]);
    expect(shards.map((s) => s.stdout.split('\n')[0])).toEqual([
      'sweep tiny-grid, shard 0/3: 3 of 8 cells: 3 run now, 1 failed (their errors are in ' + join(files.dir, 'shard-0') + '/cells)',
      'sweep tiny-grid, shard 1/3: 3 of 8 cells: 3 run now, 2 failed (their errors are in ' + join(files.dir, 'shard-1') + '/cells)',
      'sweep tiny-grid, shard 2/3: 2 of 8 cells: 2 run now, 1 failed (their errors are in ' + join(files.dir, 'shard-2') + '/cells)',
    ]);
    const incomplete = await runCli(main, ['sweep', 'merge', join(files.dir, 'shard-0'), join(files.dir, 'shard-1'), '--out', join(files.dir, 'merged')]);
    expect(incomplete.status).toBe(3);
    const merged = await runCli(main, ['sweep', 'merge', ...[0, 1, 2].map((i) => join(files.dir, `shard-${i}`)), '--out', join(files.dir, 'merged')]);
    expect(merged.status).toBe(104);
    expect(outputsOf(join(files.dir, 'merged'))).toEqual(outputsOf(join(files.dir, 'single')));
    const mainThread = join(files.dir, 'main-thread');
    await runSweep(parseSweepSpecText(text, spec), { out: mainThread, jobs: 1 });
    expect(outputsOf(mainThread)).toEqual(outputsOf(join(files.dir, 'single')));
  });

  it('a worker that dies fails the cell it was running, and a new worker runs the rest of its batch', async () => {
    // crash ends the thread it runs on; its 6 cells come first in table order, in batches of several.
    const module = files.file('crash.js', "export default ({ z }) => [{ name: 'crash', summary: 'ends its thread', source: 'crash.js', options: z.strictObject({}), optionDescriptions: {}, placements: { map: 'locality', reduce: 'hadoop' }, create: () => process.exit(7) }];\n");
    const seeds = [1, 2, 3, 4, 5, 6];
    const spec = files.file('spec.yaml', `name: crash\nscenarios: [${JSON.stringify(TINY_SCENARIO)}]\nschedulerModules: [${JSON.stringify(module)}]\nschedulers: [crash, fifo]\nseeds: [${seeds.join(', ')}]\n`);
    const run = await runCli(main, ['sweep', spec, '--out', join(files.dir, 'out'), '--jobs', '2', '--allow-modules']);
    expect(run.status).toBe(100 + seeds.length);
    expect(run.stderr.match(/· crash · seed \d+ \([0-9a-f]+\): failed: the worker thread exited with code 7/g)).toHaveLength(seeds.length);
    expect(run.stderr.match(/· fifo · seed \d+ \([0-9a-f]+\): done/g)).toHaveLength(seeds.length);
  });

  it('stopped with Ctrl-C, exits 130 with the finished cells recorded; rerun, it runs only the rest and writes the tables of an uninterrupted run', async () => {
    const text = `name: interrupted\nscenarios: [${JSON.stringify(DEFAULT_SCENARIO_PATH)}]\nschedulers: [fifo]\nseeds: [1, 2, 3]\n`;
    const spec = files.file('spec.yaml', text);
    const out = join(files.dir, 'out');
    const { child, done } = startCli(main, ['sweep', spec, '--out', out, '--jobs', '2']);
    const cellsDir = join(out, 'cells');
    const recorded = () => (existsSync(cellsDir) ? readdirSync(cellsDir).filter((name) => name.endsWith('.json')).length : 0);
    while (recorded() < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGINT');
    const stopped = await done;
    expect(stopped.status).toBe(130);
    expect(stopped.stderr).toMatch(/interrupted after \d+ cells of this run/);
    const before = recorded();
    expect(before).toBeLessThan(3);
    expect(existsSync(join(out, 'results.csv'))).toBe(false);
    const resumed = await runCli(main, ['sweep', spec, '--out', out, '--jobs', '2']);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toContain(`${before} recorded before, ${3 - before} run now`);
    const uninterrupted = join(files.dir, 'uninterrupted');
    await runSweep(parseSweepSpecText(text, spec), { out: uninterrupted, jobs: 1 });
    expect(outputsOf(out)).toEqual(outputsOf(uninterrupted));
  });

  it.each([
    ['SIGINT', 1, 130],
    ['SIGTERM', 2, 143],
  ] as const)('a %s while the tables are written (--jobs %d) waits for the file being written and exits %d: each table whole or absent, no temporary file left', async (signal, jobs, status) => {
    // 12 × 3 values × 2 schedulers: tables and a report of many panels, long enough to write that the signal lands while they are written.
    const values = Array.from({ length: 12 }, (_, i) => (i + 1) / 12);
    const text = `name: signalled\nscenarios: [${JSON.stringify(TINY_SCENARIO)}]\nparameters:\n  settings.slowStart: [${values.join(', ')}]\n  storage.replication: [1, 2, 3]\nschedulers: [fifo, fair]\nseeds: [1]\n`;
    const spec = files.file('spec.yaml', text);
    const complete = join(files.dir, 'complete');
    expect((await runCli(main, ['sweep', spec, '--out', complete, '--jobs', String(jobs)])).status).toBe(0);
    const out = join(files.dir, 'out');
    const { child, done } = startCli(main, ['sweep', spec, '--out', out, '--jobs', String(jobs)]);
    // The first table's temporary file is where the writing of the tables begins (the manifest's, before the cells run, is not).
    while (!existsSync(out)) await new Promise((resolve) => setTimeout(resolve, 5));
    const watcher = watch(out, (_event, name) => {
      if (name?.startsWith('results.csv.partial-') === true) child.kill(signal);
    });
    const stopped = await done;
    watcher.close();
    expect(stopped.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
    // Caught, never killed by it: the write it came during has ended whole.
    expect(stopped.signal).toBeNull();
    expect(stopped.status).toBe(status);
    expect(readdirSync(out).filter((name) => name.includes('.partial-'))).toEqual([]);
    expect(readdirSync(join(out, 'cells')).filter((name) => name.includes('.partial-'))).toEqual([]);
    const reference = outputsOf(complete);
    for (const name of OUTPUT_FILES) if (existsSync(join(out, name))) expect(outputsOf(out)[name], name).toBe(reference[name]);
    // Run again, it writes what an uninterrupted run writes.
    expect((await runCli(main, ['sweep', spec, '--out', out, '--jobs', String(jobs)])).status).toBe(0);
    expect(outputsOf(out)).toEqual(reference);
  });
});
