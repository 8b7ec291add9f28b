/**
 * `npm run bench:sweep`: the sweep runner on 300 cells of the default
 * scenario (fifo, fair and capacity × seeds 1–100), measured three ways in
 * one process, one after another:
 *
 * - baseline: the same 300 cells in a plain loop, one after another on this
 *   thread (resolve the scenario for the seed, run it, compute the metrics),
 *   with nothing of the runner: no spec, no ids, no files;
 * - `runSweep` with one job (the main thread): the baseline plus the
 *   runner's own work, whose difference per cell is the runner's overhead
 *   (the cell's id, its document, its file written atomically, the tables);
 * - `runSweep` with two worker threads: its speed-up over the baseline.
 *
 * Each is run seven times, interleaved, and the median counts. Prints a
 * Markdown table for BENCHMARKS.md with the wall and CPU time (all threads)
 * of each, and the machine's load: on a shared machine the other processes
 * take cores from the workers, which the CPU time shows.
 *
 * Then light cells as a user runs them: `mrsched sweep
 * examples/sweeps/slowstart.yaml` (54 cells of about 90 ms), the whole
 * command in a process of its own, with `--jobs 1` and `--jobs 2` back to
 * back (which goes first alternates), 7 pairs; the ratio of each pair and
 * their median against the 1.7× target.
 *
 * `node sweep.js slowstart` runs the second part alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../src/experiment/run-scenario.js';
import { readScenarioFile, readScenarioText } from '../src/input/load-scenario.js';
import { readSweepSpec, runSweep } from '../src/sweep/index.js';
import { benchStart, conditionsLine, loadText, type BenchStart } from './conditions.js';
import { median } from './timing.js';

const SCHEDULERS = ['fifo', 'fair', 'capacity'];
const SEEDS = Array.from({ length: 100 }, (_, i) => i + 1);
const CELLS = SCHEDULERS.length * SEEDS.length;
const ROUNDS = 7;
// examples/default.yaml, found from the compiled bench (dist-bench/bench/).
const DEFAULT_SCENARIO_PATH = fileURLToPath(new URL('../../examples/default.yaml', import.meta.url));

/** The 300 cells three ways: the plain loop, the sweep on the main thread, on two worker threads; the table's lines. */
async function runnerOverhead(start: BenchStart): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'mrsched-bench-sweep-'));
  const specPath = join(dir, 'spec.yaml');
  writeFileSync(specPath, `name: bench\nscenarios: [${JSON.stringify(DEFAULT_SCENARIO_PATH)}]\nschedulers: [${SCHEDULERS.join(', ')}]\nseeds: [${SEEDS.join(', ')}]\n`);
  const spec = readSweepSpec(specPath);

  /** Wall and CPU seconds (every thread of the process) of `run`. */
  async function measure(run: () => Promise<unknown> | unknown): Promise<{ wall: number; cpu: number }> {
    const wallStart = performance.now();
    const cpuStart = process.cpuUsage();
    await run();
    const cpu = process.cpuUsage(cpuStart);
    return { wall: (performance.now() - wallStart) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
  }

  const text = readScenarioText(readScenarioFile(DEFAULT_SCENARIO_PATH), DEFAULT_SCENARIO_PATH);
  let makespans = 0;
  const loop = () => {
    makespans = 0;
    for (const scheduler of SCHEDULERS) {
      for (const seed of SEEDS) makespans += runScenario(text.resolve({ seed }), scheduler).metrics.makespan ?? 0;
    }
  };
  const sweep = async (jobs: number, out: string) => {
    rmSync(out, { recursive: true, force: true });
    const summary = await runSweep(spec, { out, jobs });
    if (summary.ran !== CELLS || summary.failed > 0) throw new Error('a sweep did not run every cell');
  };

  // Each way seven times, interleaved, so that a burst of load on a shared machine hits all three alike; the median run of each counts.
  const runs: Record<'baseline' | 'one' | 'two', { wall: number; cpu: number }[]> = { baseline: [], one: [], two: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    process.stderr.write(`round ${round} of ${ROUNDS}: the loop, the sweep on the main thread, the sweep on two worker threads…\n`);
    runs.baseline.push(await measure(loop));
    runs.one.push(await measure(() => sweep(1, join(dir, 'one'))));
    runs.two.push(await measure(() => sweep(2, join(dir, 'two'))));
  }
  rmSync(dir, { recursive: true, force: true });
  // The run of median wall time, with its CPU time.
  const middle = (list: { wall: number; cpu: number }[]) => list.find((m) => m.wall === median(list.map((r) => r.wall)))!;
  const [baseline, mainThread, workers] = [middle(runs.baseline), middle(runs.one), middle(runs.two)];

  const row = (name: string, m: { wall: number; cpu: number }, note: string) =>
    `| ${name} | ${m.wall.toFixed(1)} s | ${m.cpu.toFixed(1)} s | ${((m.wall / CELLS) * 1000).toFixed(1)} ms | ${(baseline.wall / m.wall).toFixed(2)} | ${note} |`;
  const overhead = (mainThread.wall - baseline.wall) / CELLS;
  const lines = [
    conditionsLine(start),
    `${CELLS} cells: the default scenario under ${SCHEDULERS.join(', ')}, seeds ${SEEDS[0]}–${SEEDS.at(-1)} (checksum of the makespans: ${makespans.toFixed(0)}); the median of ${ROUNDS} rounds`,
    '',
    '| run | wall time | CPU time | wall per cell | speed-up over the baseline | |',
    '|---|---|---|---|---|---|',
    row('baseline: a plain loop, one cell after another', baseline, ''),
    row('sweep, --jobs 1 (main thread)', mainThread, `runner overhead ${(overhead * 1000).toFixed(1)} ms a cell (${((overhead * CELLS * 100) / baseline.wall).toFixed(1)}%)`),
    row('sweep, --jobs 2 (worker threads)', workers, ''),
    '',
    `Wall times of every round, in seconds: baseline ${runs.baseline.map((m) => m.wall.toFixed(1)).join(', ')}; --jobs 1 ${runs.one.map((m) => m.wall.toFixed(1)).join(', ')}; --jobs 2 ${runs.two.map((m) => m.wall.toFixed(1)).join(', ')}`,
  ];
  return lines;
}

/** The example sweep of light cells, and the speed-up `--jobs 2` is held to over `--jobs 1`. */
const SLOWSTART_SPEC = fileURLToPath(new URL('../../examples/sweeps/slowstart.yaml', import.meta.url));
const JOBS_TWO_TARGET = 1.7;
const PAIRS = 7;
// The command as a user runs it, compiled beside the bench (dist-bench/src/).
const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

/** `--jobs 1` against `--jobs 2` on slowstart.yaml, the whole command, in pairs back to back; the table's lines. */
function lightCells(start: BenchStart): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mrsched-bench-slowstart-'));
  const seconds = (jobs: number): number => {
    const out = join(dir, `jobs-${jobs}`);
    rmSync(out, { recursive: true, force: true });
    const begin = performance.now();
    execFileSync(process.execPath, [MAIN, 'sweep', SLOWSTART_SPEC, '--out', out, '--jobs', String(jobs)], { stdio: 'ignore' });
    return (performance.now() - begin) / 1000;
  };
  const pairs: { one: number; two: number; load: readonly number[] }[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    process.stderr.write(`pair ${pair + 1} of ${PAIRS}: slowstart.yaml with --jobs 1 and --jobs 2…\n`);
    const load = loadavg();
    // Which goes first alternates, so a burst of load does not always fall on the same one.
    const first = pair % 2 === 0 ? 1 : 2;
    const firstSeconds = seconds(first);
    const secondSeconds = seconds(3 - first);
    pairs.push(first === 1 ? { one: firstSeconds, two: secondSeconds, load } : { one: secondSeconds, two: firstSeconds, load });
  }
  rmSync(dir, { recursive: true, force: true });
  const ratios = pairs.map((p) => p.one / p.two);
  const ratio = median(ratios);
  return [
    conditionsLine(start),
    `mrsched sweep examples/sweeps/slowstart.yaml (54 cells), the whole command, --jobs 1 against --jobs 2 in ${PAIRS} pairs back to back (which goes first alternates)`,
    '',
    '| pair | load average before (1, 5, 15 min) | --jobs 1 | --jobs 2 | --jobs 1 ÷ --jobs 2 |',
    '|---|---|---|---|---|',
    ...pairs.map((p, k) => `| ${k + 1} | ${loadText(p.load)} | ${p.one.toFixed(2)} s | ${p.two.toFixed(2)} s | ${ratios[k].toFixed(2)} |`),
    '',
    `Median ratio ${ratio.toFixed(2)} (${(ratio / JOBS_TWO_TARGET).toFixed(2)} × the ${JOBS_TWO_TARGET}× target); median wall time --jobs 1 ${median(pairs.map((p) => p.one)).toFixed(2)} s, --jobs 2 ${median(pairs.map((p) => p.two)).toFixed(2)} s.`,
  ];
}

const start = benchStart();
const lines = process.argv[2] === 'slowstart' ? lightCells(start) : [...(await runnerOverhead(start)), '', ...lightCells(benchStart())];
process.stdout.write(lines.join('\n') + '\n');
