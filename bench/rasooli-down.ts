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
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { compare, type Comparison } from '../src/experiment/compare.js';
import { confidenceInterval95, type ConfidenceInterval, type MetricKey } from '../src/metrics/index.js';
import { readScenarioText } from '../src/model/load-scenario.js';
import type { Scenario } from '../src/model/scenario.js';
import { loadLinearSolver } from '../src/solvers/linear-program.js';
import { loadgenScenario, LOADGEN_RATES } from '../src/workloads/index.js';
import { timedSolver } from './timed-solver.js';

const REPLICATIONS = 30;
const WORKLOADS = ['io', 'cpu', 'mixed'] as const;

/** The paper's Table 6 (Fairness) and Table 7 (Locality, %): 95% intervals for FIFO, FAIR and the proposed algorithm, by BM_{i,j}. */
const PAPER: Record<string, { fairness: [number, number][]; locality: [number, number][] }> = {
  '1,1': { fairness: [[14.88, 15.05], [11.59, 11.65], [14.68, 16.08]], locality: [[96.6, 98.03], [98.12, 99.08], [98.62, 99.98]] },
  '1,2': { fairness: [[14.93, 15.0], [11.57, 11.72], [12.68, 14.6]], locality: [[47.39, 57.81], [89.84, 91.76], [93.82, 95.38]] },
  '1,3': { fairness: [[14.63, 15.26], [11.59, 11.76], [17.23, 17.65]], locality: [[62.93, 65.07], [71.43, 74.57], [66.44, 71.55]] },
  '2,1': { fairness: [[14.77, 15.22], [11.63, 11.98], [11.99, 12.34]], locality: [[90.38, 94.42], [97.12, 98.08], [98.56, 99.87]] },
  '2,2': { fairness: [[14.83, 15.09], [11.81, 12.12], [13.99, 14.36]], locality: [[68.65, 82.15], [93.93, 96.87], [91.78, 95.42]] },
  '2,3': { fairness: [[14.42, 15.73], [11.81, 11.94], [17.37, 17.72]], locality: [[78.73, 84.07], [94.14, 97.86], [93.78, 97.42]] },
  '3,1': { fairness: [[14.94, 15.37], [11.47, 12.71], [14.11, 15.05]], locality: [[73.48, 86.92], [78.77, 83.63], [99.12, 100.0]] },
  '3,2': { fairness: [[14.73, 15.62], [11.72, 12.46], [14.41, 14.98]], locality: [[92.36, 95.24], [81.27, 87.13], [95.11, 99.69]] },
  '3,3': { fairness: [[15.0, 15.44], [11.89, 12.07], [12.11, 13.31]], locality: [[79.23, 88.37], [78.02, 86.37], [66.86, 76.73]] },
};

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
const paperInterval = ([low, high]: [number, number], digits: number) => `(${low.toFixed(digits)}, ${high.toFixed(digits)})`;
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
    const published = paper ? PAPER[label][paper].map((p) => paperInterval(p, 2)) : [];
    return `| BM${label} | ${[...cells, diff, ...published].join(' | ')} |`;
  }),
  '',
];

const total = (s: number, of: (run: Run) => number) => benchmarks.reduce((sum, b) => sum + of(b.runs[s]), 0);
const lines = [
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
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
