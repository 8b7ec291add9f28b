import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../experiment/run-scenario.js';
import { builtinSchedulers, type SchedulerFactory } from '../sched/index.js';
import { fifoScheduler } from '../sched/fifo/index.js';
import type { FifoOptions } from '../sched/fifo/options.js';
import { loadScenario } from '../input/load-scenario.js';
import { InputError } from '../util/input-error.js';
import { CELLS_DIR, readCells } from './cell-store.js';
import { poolFigures } from './pool-figures.js';
import { mergeSweeps } from './merge-sweeps.js';
import { runSweep } from './run-sweep.js';
import { parseSweepSpecText } from './sweep-spec.js';
import { cliSession } from '../test-support/cli-session.js';
import { LIFO_MODULE, outputsOf, TINY_SCENARIO, TINY_SPEC } from './test-support/sweep-files.js';
import { TRACES } from '../test-support/traces.js';

// A fresh temporary directory per test (stdout and stderr captured, which these tests do not read).
const files = cliSession();
const noWarnings = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

async function sweep(text: string, out: string, extra: Partial<Parameters<typeof runSweep>[1]> = {}) {
  const spec = parseSweepSpecText(text, files.file('spec.yaml', text));
  return runSweep(spec, { out, jobs: 1, warn: noWarnings, ...extra });
}

describe('runSweep on the main thread', () => {
  it('runs every scenario × parameter value × scheduler × seed, and each cell has the metrics of that run done alone', async () => {
    const out = join(files.dir, 'out');
    const summary = await sweep(TINY_SPEC, out);
    expect(summary).toEqual({ cells: 8, share: 8, alreadyDone: 0, ran: 8, failed: 0, wroteTables: true });
    const rows = outputsOf(out)['results.csv'].trim().split('\n');
    expect(rows[0]).toMatch(/^cell,scenario,settings\.slowStart,scheduler,seed,status,run,stalled,makespan,/);
    expect(rows.slice(1).map((row) => row.split(',').slice(1, 6).join(','))).toEqual([
      'tiny,0.05,fifo,1,succeeded',
      'tiny,0.05,fifo,2,succeeded',
      'tiny,0.05,fair+locality,1,succeeded',
      'tiny,0.05,fair+locality,2,succeeded',
      'tiny,1,fifo,1,succeeded',
      'tiny,1,fifo,2,succeeded',
      'tiny,1,fair+locality,1,succeeded',
      'tiny,1,fair+locality,2,succeeded',
    ]);
    // The cell with slowStart 1, fair+locality, seed 2 against the same run made by hand.
    const scenario = loadScenario(TINY_SCENARIO, { seed: 2 });
    const alone = runScenario({ ...scenario, settings: { ...scenario.settings, slowStart: 1 } }, 'fair+locality');
    const cells = [...readCells(out, noWarnings).values()];
    const cell = cells.find((c) => c.scheduler === 'fair+locality' && c.seed === 2 && c.parameters['settings.slowStart'] === 1);
    expect(cell).toMatchObject({ status: 'succeeded', run: 'fair+locality', metrics: alone.metrics });
  });

  it('summarises each group over its seeds with the 95% interval of the mean', async () => {
    const out = join(files.dir, 'out');
    await sweep(TINY_SPEC, out);
    const cells = [...readCells(out, noWarnings).values()].filter((c) => c.scheduler === 'fifo' && c.parameters['settings.slowStart'] === 1);
    const makespans = cells.map((c) => (c.status === 'succeeded' ? c.metrics.makespan! : NaN)).sort();
    const row = outputsOf(out)['summary.csv'].split('\n').find((line) => line.startsWith('tiny,1,fifo,makespan,,'))!;
    const [, , , , , runs, failed, n, mean, halfWidth] = row.split(',');
    expect([runs, failed, n]).toEqual(['2', '0', '2']);
    // Two values a and b: mean (a+b)/2, s = |a−b|/√2, half-width t(0.975, 1)·s/√2 = 12.706…·|a−b|/2.
    expect(Number(mean)).toBeCloseTo((makespans[0] + makespans[1]) / 2, 5);
    expect(Number(halfWidth)).toBeCloseTo((12.70620474 * Math.abs(makespans[0] - makespans[1])) / 2, 4);
  });

  it("gives each group's pools their mean wait and completion over the seeds, from each cell's pools", async () => {
    const out = join(files.dir, 'out');
    await sweep(TINY_SPEC, out);
    const cells = [...readCells(out, noWarnings).values()].filter((c) => c.scheduler === 'fifo' && c.parameters['settings.slowStart'] === 1);
    // A cell's pools are those of the same run made alone.
    const scenario = loadScenario(TINY_SCENARIO, { seed: 1 });
    const alone = runScenario({ ...scenario, settings: { ...scenario.settings, slowStart: 1 } }, 'fifo');
    expect(cells.find((c) => c.seed === 1)).toMatchObject({ pools: poolFigures(alone.run) });
    const waits = cells.map((c) => (c.status === 'succeeded' ? c.pools.find((p) => p.pool === 'bob')!.meanWait : NaN));
    const summary = outputsOf(out)['summary.csv'];
    expect(summary.split('\n')[0]).toBe(
      'scenario,settings.slowStart,scheduler,metric,pool,runs,failed,n,mean,half_width,low,high,baseline,difference_n,difference_mean,difference_half_width,difference_low,difference_high',
    );
    const row = summary.split('\n').find((line) => line.startsWith('tiny,1,fifo,meanWait,bob,'))!.split(',');
    expect(row.slice(5, 8)).toEqual(['2', '0', '2']);
    expect(Number(row[8])).toBeCloseTo((waits[0] + waits[1]) / 2, 5);
    // The whole run's mean completion, then each pool's under the same name.
    expect(summary.split('\n').filter((line) => line.startsWith('tiny,1,fifo,meanCompletionTime,')).map((line) => line.split(',')[4])).toEqual(['', 'alice', 'bob']);
  });

  it('gives each scheduler its difference from the baseline, paired by seed, and none to the baseline itself', async () => {
    const out = join(files.dir, 'out');
    await sweep(TINY_SPEC, out, { baseline: 'fifo' });
    const cells = [...readCells(out, noWarnings).values()].filter((c) => c.parameters['settings.slowStart'] === 0.05);
    const makespan = (scheduler: string, seed: number) => {
      const cell = cells.find((c) => c.scheduler === scheduler && c.seed === seed)!;
      return cell.status === 'succeeded' ? cell.metrics.makespan! : NaN;
    };
    const differences = [1, 2].map((seed) => makespan('fair+locality', seed) - makespan('fifo', seed));
    const lines = outputsOf(out)['summary.csv'].split('\n');
    const row = lines.find((line) => line.startsWith('tiny,0.05,fair+locality,makespan,,'))!.split(',');
    expect(row.slice(12, 14)).toEqual(['fifo', '2']);
    expect(Number(row[14])).toBeCloseTo((differences[0] + differences[1]) / 2, 5);
    expect(Number(row[15])).toBeCloseTo((12.70620474 * Math.abs(differences[0] - differences[1])) / 2, 4);
    expect(lines.find((line) => line.startsWith('tiny,0.05,fifo,makespan,,'))).toMatch(/,,,,,,$/);
    // The pools' waits too.
    expect(lines.find((line) => line.startsWith('tiny,0.05,fair+locality,meanWait,bob,'))).toMatch(/,fifo,2,-?\d/);
  });

  it('refuses a baseline that is not among the schedulers before any cell runs, and merges with one as a single run writes it', async () => {
    const out = join(files.dir, 'out');
    const error = await sweep(TINY_SPEC, out, { baseline: 'fifoo' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain("baseline: expected one of the sweep's schedulers as its spec labels them (fifo, fair+locality), found 'fifoo' (did you mean 'fifo'?)");
    expect(existsSync(join(out, CELLS_DIR))).toBe(false);
    const single = join(files.dir, 'single');
    await sweep(TINY_SPEC, single, { baseline: 'fair+locality' });
    const shards = [0, 1].map((index) => join(files.dir, `shard-${index}`));
    for (const [index, dir] of shards.entries()) await sweep(TINY_SPEC, dir, { shard: { index, count: 2 } });
    expect(() => mergeSweeps(shards, join(files.dir, 'wrong'), noWarnings, { baseline: 'fair' })).toThrow(/found 'fair'/);
    mergeSweeps(shards, join(files.dir, 'merged'), noWarnings, { baseline: 'fair+locality' });
    expect(outputsOf(join(files.dir, 'merged'))).toEqual(outputsOf(single));
  });

  it('resumes: a rerun runs only the cells without a file, and the tables come out byte for byte the same', async () => {
    const once = join(files.dir, 'once');
    await sweep(TINY_SPEC, once);
    const resumed = join(files.dir, 'resumed');
    await sweep(TINY_SPEC, resumed);
    const cellFiles = readdirSync(join(resumed, CELLS_DIR)).sort();
    // As if interrupted: three cells never ended, one left its temporary file behind, no tables yet.
    for (const name of cellFiles.slice(0, 3)) rmSync(join(resumed, CELLS_DIR, name));
    writeFileSync(join(resumed, CELLS_DIR, `${cellFiles[0]}.partial-host-1`), '{"id": "half');
    for (const name of ['results.csv', 'summary.csv', 'report.html']) rmSync(join(resumed, name));
    const again = await sweep(TINY_SPEC, resumed);
    expect(again).toMatchObject({ alreadyDone: 5, ran: 3, wroteTables: true });
    expect(outputsOf(resumed)).toEqual(outputsOf(once));
    expect((await sweep(TINY_SPEC, resumed)).ran).toBe(0);
  });

  it('splits the cells over shards, which write no tables, and merging the shards gives the single run byte for byte', async () => {
    const single = join(files.dir, 'single');
    await sweep(TINY_SPEC, single);
    const shards = [0, 1, 2].map((index) => join(files.dir, `shard-${index}`));
    const shares = [];
    for (const [index, dir] of shards.entries()) shares.push(await sweep(TINY_SPEC, dir, { shard: { index, count: 3 } }));
    expect(shares.map((s) => [s.share, s.wroteTables])).toEqual([
      [3, false],
      [3, false],
      [2, false],
    ]);
    expect(existsSync(join(shards[0], 'results.csv'))).toBe(false);
    const merged = join(files.dir, 'merged');
    expect(mergeSweeps(shards, merged, noWarnings)).toEqual({ cells: 8, failed: 0 });
    expect(outputsOf(merged)).toEqual(outputsOf(single));
    // The merged directory is a whole sweep: a rerun into it runs nothing.
    expect((await sweep(TINY_SPEC, merged)).ran).toBe(0);
  });

  it('refuses to merge shards with cells missing, naming how many and the first', async () => {
    const dir = join(files.dir, 'shard-0');
    // Shard 0 of 2 runs cells 0, 2, 4, 6: cell 1 (fifo, seed 2) is the first without a result.
    await sweep(TINY_SPEC, dir, { shard: { index: 0, count: 2 } });
    expect(() => mergeSweeps([dir], join(files.dir, 'merged'), noWarnings)).toThrow(/4 of the 8 cells of the sweep 'tiny-grid' have no result yet, the first [0-9a-f]{16} \(tiny · 0\.05 · fifo · seed 2\)/);
  });

  it('refuses to merge directories that hold different results for one cell, naming each such cell, its files and where they part', async () => {
    const shards = [0, 1].map((index) => join(files.dir, `shard-${index}`));
    for (const [index, dir] of shards.entries()) await sweep(TINY_SPEC, dir, { shard: { index, count: 2 } });
    // Shard 1 holds a copy of one of shard 0's cells: the same result merges, another is refused.
    const name = readdirSync(join(shards[0], CELLS_DIR))[0];
    const record = JSON.parse(readFileSync(join(shards[0], CELLS_DIR, name), 'utf8')) as { metrics: { makespan: number } };
    writeFileSync(join(shards[1], CELLS_DIR, name), JSON.stringify(record));
    expect(mergeSweeps(shards, join(files.dir, 'same'), noWarnings)).toEqual({ cells: 8, failed: 0 });
    const makespan = record.metrics.makespan;
    record.metrics.makespan += 1;
    writeFileSync(join(shards[1], CELLS_DIR, name), JSON.stringify(record));
    const merged = join(files.dir, 'merged');
    let error: unknown;
    try {
      mergeSweeps(shards, merged, noWarnings);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const problems = (error as InputError).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe(`cells/${name}`);
    expect(problems[0].expected).toMatch(/^one result for the cell [0-9a-f]{16} \(tiny · [\d.]+ · (fifo|fair\+locality) · seed \d\)/);
    expect(problems[0].found).toBe(
      `different results in ${join(shards[0], CELLS_DIR, name)} and ${join(shards[1], CELLS_DIR, name)} (makespan ${makespan} against ${makespan + 1}): remove the wrong one, or run the cell again into one directory`,
    );
    expect(existsSync(merged)).toBe(false);
  });

  it('records a failing cell with its error and runs the others; the tables say which failed', async () => {
    const out = join(files.dir, 'out');
    const summary = await sweep(TINY_SPEC.replace('[0.05, 1]', '[0.05, 7]'), out);
    expect(summary).toMatchObject({ ran: 8, failed: 4, wroteTables: true });
    const results = outputsOf(out)['results.csv'];
    expect(results.split('\n').filter((row) => row.includes(',failed,'))).toHaveLength(4);
    expect(results).toMatch(/tiny,7,fifo,1,failed,,,.*settings\.slowStart: expected a number ≤ 1, found 7/);
    expect(outputsOf(out)['summary.csv']).toMatch(/^tiny,7,fifo,makespan,,0,2,0,,,,,,,,,,$/m);
    expect(outputsOf(out)['report.html']).toContain('2 of 2 cells failed');
  });

  it('gives a cell the same id in any sweep with the same inputs, so a grown spec keeps what ran', async () => {
    const out = join(files.dir, 'out');
    await sweep(TINY_SPEC, out);
    const grown = await sweep(TINY_SPEC.replace('[0.05, 1]', '[0.05, 0.5, 1]').replace('[1, 2]', '[1, 2, 3]'), out);
    expect(grown).toMatchObject({ cells: 18, alreadyDone: 8, ran: 10 });
  });

  it('gives the same tables from a spec whose fields come in another order', async () => {
    const a = join(files.dir, 'a');
    await sweep(TINY_SPEC, a);
    const manifest = readFileSync(join(a, 'sweep.json'), 'utf8');
    const reordered = `seeds: [1, 2]\nschedulers: [fifo, fair+locality]\n${TINY_SPEC.split('\n').slice(0, 4).join('\n')}\n`;
    const b = join(files.dir, 'b');
    await sweep(reordered, b);
    expect(readFileSync(join(b, 'sweep.json'), 'utf8')).toBe(manifest);
    expect(outputsOf(b)).toEqual(outputsOf(a));
  });

  it('runs a scenario that names a trace (imported once per thread, relative to the scenario file), and a changed trace gives new cells', async () => {
    copyFileSync(TRACES.swimFirst50, files.file('trace.tsv', ''));
    files.file('day.yaml', 'name: day\ntrace: { format: swim, path: trace.tsv }\ncluster: { generate: { racks: 2, nodesPerRack: 10, mapSlots: 2, reduceSlots: 2 } }\n');
    const text = `name: traced\nscenarios: [day.yaml]\nparameters:\n  cluster.generate.nodesPerRack: [5, 10]\nschedulers: [fifo]\n`;
    const out = join(files.dir, 'out');
    expect(await sweep(text, out)).toMatchObject({ ran: 2, failed: 0 });
    const cells = [...readCells(out, noWarnings).values()];
    for (const cell of cells) expect(cell.status === 'succeeded' && cell.metrics.jobsSucceeded + cell.metrics.jobsFailed + cell.metrics.jobsUnfinished).toBe(50);
    appendFileSync(join(files.dir, 'trace.tsv'), '\n');
    expect(await sweep(text, out)).toMatchObject({ alreadyDone: 0, ran: 2 });
  });

  it('loads HiGHS for a cell whose scheduler solves LPs, and hands it to the scheduler', async () => {
    const solvers: unknown[] = [];
    const lpFifo: SchedulerFactory<FifoOptions> = {
      ...fifoScheduler,
      name: 'lp-fifo',
      needsLinearSolver: true,
      create: (setup) => {
        solvers.push(setup.solver);
        return fifoScheduler.create(setup);
      },
    };
    const registry = builtinSchedulers();
    registry.register(lpFifo);
    const summary = await sweep(TINY_SPEC.replace('fair+locality', 'lp-fifo'), join(files.dir, 'out'), { registry });
    expect(summary).toMatchObject({ ran: 8, failed: 0 });
    // Its 4 cells, each with HiGHS (their options are checked before any ran without building anything: cell-options.ts).
    expect(solvers).toHaveLength(4);
    for (const solver of solvers) expect(solver).toMatchObject({ solve: expect.any(Function) });
    await expect(sweep(TINY_SPEC, join(files.dir, 'two'), { registry, jobs: 2 })).rejects.toThrow(/a scheduler registry of your own runs on this thread only/);
  });

  it('writes the tables as Parquet on request: the typed values of the CSV rows, and the same bytes from merged shards', async () => {
    const text = TINY_SPEC.replace('[0.05, 1]', '[0.05, 7]');
    const single = join(files.dir, 'single');
    await sweep(text, single, { parquet: true });
    const rows = await parquetReadObjects({ file: arrayBufferOf(join(single, 'results.parquet')) });
    const csv = outputsOf(single)['results.csv'].trim().split('\n').slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(8);
    rows.forEach((row, i) => {
      expect([row.cell, row.scenario, row['settings.slowStart'], row.scheduler, row.seed, row.status]).toEqual([csv[i][0], 'tiny', Number(csv[i][2]), csv[i][3], Number(csv[i][4]), csv[i][5]]);
      // Full precision in Parquet, 6 decimals in the CSV.
      if (row.status === 'succeeded') expect(Number((row.makespan as number).toFixed(6))).toBe(Number(csv[i][8]));
      else expect([row.makespan, row.stalled, row.error]).toEqual([null, null, expect.stringContaining('settings.slowStart')]);
    });
    const summary = await parquetReadObjects({ file: arrayBufferOf(join(single, 'summary.parquet')) });
    expect(summary.find((r) => r.scheduler === 'fifo' && r['settings.slowStart'] === 7 && r.metric === 'makespan')).toMatchObject({ runs: 0, failed: 2, n: 0, mean: null });
    const shards = [0, 1].map((index) => join(files.dir, `shard-${index}`));
    for (const [index, dir] of shards.entries()) await sweep(text, dir, { shard: { index, count: 2 } });
    mergeSweeps(shards, join(files.dir, 'merged'), noWarnings, { parquet: true });
    for (const name of ['results.parquet', 'summary.parquet']) expect(readFileSync(join(files.dir, 'merged', name)).equals(readFileSync(join(single, name)))).toBe(true);
  });
});

describe('scheduler modules of a spec', () => {
  it('loads them into the registry of every cell, and a changed module gives new cells', async () => {
    copyFileSync(LIFO_MODULE, files.file('lifo.js', ''));
    const text = TINY_SPEC.replace('schedulers: [fifo, fair+locality]', 'schedulerModules: [lifo.js]\nschedulers: [lifo, fifo+spread]');
    const out = join(files.dir, 'out');
    expect(await sweep(text, out)).toMatchObject({ ran: 8, failed: 0 });
    const runs = new Set([...readCells(out, noWarnings).values()].map((cell) => cell.status === 'succeeded' && cell.run));
    expect(runs).toEqual(new Set(['lifo', 'fifo+spread']));
    appendFileSync(join(files.dir, 'lifo.js'), '\n// changed\n');
    expect(await sweep(text, out)).toMatchObject({ alreadyDone: 0, ran: 8 });
  });
});

function arrayBufferOf(path: string): ArrayBuffer {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
