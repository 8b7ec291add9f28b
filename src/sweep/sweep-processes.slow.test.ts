// The sweep as separate processes on worker threads, the way a batch system
// runs it: the compiled command (built once, into dist-test/), shards as
// concurrent processes, a merge, and a sweep stopped with Ctrl-C and rerun.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledCli, runCli, startCli } from '../test-support/compiled-cli.js';
import { runSweep } from './run-sweep.js';
import { parseSweepSpecText } from './sweep-spec.js';
import { cliSession } from '../test-support/cli-session.js';
import { LIFO_MODULE, outputsOf, TINY_SPEC } from './test-support/sweep-files.js';
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
});
