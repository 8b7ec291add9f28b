/**
 * `npm run bench:rasooli-down`: the experiment of Rasooli and Down, "An
 * Adaptive Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems"
 * (CASCON 2011, §7), rerun and timed: the workloads W1–W3 (`generate
 * loadgen --workload io|cpu|mixed`) × the arrival orders BM_{i,1..3}
 * (`--rates smaller|equal|larger`), 100 jobs each, on the paper's six
 * resources with Exp1's users, 30 replications (seeds 1–30, common random
 * numbers), under fifo, fair and adaptive, and adaptive with oracle rates.
 * The same numbers come from `mrsched generate loadgen … && mrsched compare
 * … --schedulers fifo,fair,adaptive --replications 30` per benchmark.
 *
 * Prints Markdown for docs/algorithms/adaptive.md: per benchmark the 95%
 * intervals of Fairness and Locality beside the paper's Tables 6 and 7,
 * min-share dissatisfaction and mean completion time (the paper's Figures
 * 4–9 are lost), the paired differences adaptive − fair over the same seeds;
 * then the wall time of each scheduler over its 270 runs, and the LP solves
 * of adaptive with their time (`timed-solver.ts`).
 */
import { performance } from 'node:perf_hooks';
import { compare, type Comparison } from '../src/experiment/compare.js';
import { confidenceInterval95, type ConfidenceInterval, type MetricKey } from '../src/metrics/index.js';
import { readScenarioText } from '../src/input/load-scenario.js';
import type { Scenario } from '../src/model/scenario.js';
import { RASOOLI_DOWN_TABLES } from '../src/reproduce/experiments/rasooli-down.js';
import { loadLinearSolver } from '../src/solvers/linear-program.js';
import { loadgenScenario, LOADGEN_RATES } from '../src/workloads/index.js';
import { timedSolver } from './timed-solver.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

const REPLICATIONS = 30;
const WORKLOADS = ['io', 'cpu', 'mixed'] as const;


interface Run {
  readonly name: string;
  readonly comparison: Comparison;
  readonly seconds: number;
  readonly lpSolves: number;
  readonly lpSeconds: number;
}

const highs = await loadLinearSolver();
const lp = timedSolver(highs);
const benchmarks: { label: string; runs: Run[] }[] = [];
const wallStart = performance.now();
for (const [w, workload] of WORKLOADS.entries()) {
  for (const [r, rates] of LOADGEN_RATES.entries()) {
    const label = `${w + 1},${r + 1}`;
    const text = readScenarioText(JSON.stringify(loadgenScenario({ workload, rates }).scenario), `BM${label}`);
    const oracle = (s: Scenario): Scenario => ({ ...s, schedulerOptions: { ...s.schedulerOptions, adaptive: { estimates: 'oracle' } } });
    const runs: Run[] = [];
    for (const [name, scheduler, source] of [
      ['fifo', 'fifo', (seed: number) => text.resolve({ seed })],
      ['fair', 'fair', (seed: number) => text.resolve({ seed })],
      ['adaptive', 'adaptive', (seed: number) => text.resolve({ seed })],
      ['adaptive (oracle)', 'adaptive', (seed: number) => oracle(text.resolve({ seed }))],
    ] as const) {
      const [solves, solveSeconds] = [lp.solves, lp.seconds];
      const start = performance.now();
      const comparison = compare(source, { schedulers: [scheduler], replications: REPLICATIONS, seed: 1, solver: lp });
      runs.push({ name, comparison, seconds: (performance.now() - start) / 1000, lpSolves: lp.solves - solves, lpSeconds: lp.seconds - solveSeconds });
    }
    process.stderr.write(`BM${label} done\n`);
    benchmarks.push({ label, runs });
  }
}
const wallSeconds = (performance.now() - wallStart) / 1000;

const metric = (run: Run, key: MetricKey): ConfidenceInterval => run.comparison.results[0].intervals[key]!;
const interval = (c: ConfidenceInterval, digits: number) => `${c.mean.toFixed(digits)} ± ${(c.halfWidth ?? 0).toFixed(digits)}`;
const paperInterval = ([low, high]: readonly [number, number], digits: number) => `(${low.toFixed(digits)}, ${high.toFixed(digits)})`;
/** adaptive − fair, seed by seed. */
function paired(adaptive: Run, fair: Run, key: MetricKey): ConfidenceInterval {
  const a = adaptive.comparison.results[0].runs;
  const f = fair.comparison.results[0].runs;
  return confidenceInterval95(a.map((m, i) => (m[key] as number) - (f[i][key] as number)));
}
const signed = (c: ConfidenceInterval, digits: number) => `${c.mean >= 0 ? '+' : ''}${c.mean.toFixed(digits)} ± ${(c.halfWidth ?? 0).toFixed(digits)}`;

const names = benchmarks[0].runs.map((run) => run.name);
const table = (title: string, key: MetricKey, digits: number, paper?: 'fairness' | 'locality') => [
  `**${title}** (mean ± 95% half-width over ${REPLICATIONS} replications${paper ? "; the paper's intervals after" : ''}):`,
  '',
  `| BM | ${names.join(' | ')} | adaptive − fair (paired) |${paper ? ' paper FIFO | paper FAIR | paper proposed |' : ''}`,
  `|---|${names.map(() => '---|').join('')}---|${paper ? '---|---|---|' : ''}`,
  ...benchmarks.map(({ label, runs }) => {
    const cells = runs.map((run) => interval(metric(run, key), digits));
    const diff = signed(paired(runs[2], runs[1], key), digits);
    const published = paper ? RASOOLI_DOWN_TABLES[label][paper].map((p) => paperInterval(p, 2)) : [];
    return `| BM${label} | ${[...cells, diff, ...published].join(' | ')} |`;
  }),
  '',
];

const total = (s: number, of: (run: Run) => number) => benchmarks.reduce((sum, b) => sum + of(b.runs[s]), 0);
const lines = [
  conditionsLine(start),
  '',
  ...table('Fairness', 'fairness', 2, 'fairness'),
  ...table('Locality(t), %', 'mapLocalityOverTime', 1, 'locality'),
  ...table('Min-share dissatisfaction', 'minShareDissatisfaction', 3),
  ...table('Mean completion time, s', 'meanCompletionTime', 1),
  `**Time**: the whole experiment (9 benchmarks × ${REPLICATIONS} replications × ${names.length} schedulers, ${9 * REPLICATIONS * names.length} runs) ${wallSeconds.toFixed(1)} s wall time.`,
  '',
  `| scheduler | wall time, ${9 * REPLICATIONS} runs | × fifo | LP solves | time in HiGHS | share of the wall time |`,
  '|---|---|---|---|---|---|',
  ...names.map((name, s) => {
    const seconds = total(s, (run) => run.seconds);
    const lpSeconds = total(s, (run) => run.lpSeconds);
    return `| ${name} | ${seconds.toFixed(1)} s | ${(seconds / total(0, (run) => run.seconds)).toFixed(1)} | ${total(s, (run) => run.lpSolves).toLocaleString('en')} | ${lpSeconds.toFixed(1)} s | ${((100 * lpSeconds) / seconds).toFixed(0)} % |`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
