/**
 * `npm run experiments:dmrs`: the experiments E1–E4 of "On the Optimality of
 * Scheduling Dependent MapReduce Tasks on Heterogeneous Machines" (Aggarwal,
 * Xu, Lan, Subramaniam, §VI; spec 2.7) in the simulator, not a speed
 * benchmark: each experiment's scenario from `mrsched generate dmrs`, run
 * under fifo, fair, dmrs and the paper's two baselines (dmrs-identical,
 * dmrs-map-only) with replications (common random numbers: replication r
 * redraws task times and weights with seed r for every scheduler alike).
 * Prints a Markdown table of the total weighted completion time in hours
 * (mean ± 95% interval) and DMRS's improvement over each other scheduler,
 * (other − dmrs) / other.
 *
 * The values the paper left open are the generator's defaults unless given:
 * 8 machines (4 fast, 4 slow), speed ratio 2, release interval 600 s. E4
 * varies the number of elephants among its 18 TeraSort jobs.
 *
 *   node dist-bench/bench/dmrs-experiments.js [--replications N] [--fast N] [--slow N] [--speed-ratio X] [--release-interval S]
 */
import { parseArgs } from 'node:util';
import { compare } from '../src/experiment/compare.js';
import { resolveScenario } from '../src/input/resolve-scenario.js';
import { loadLinearSolver } from '../src/solvers/linear-program.js';
import { dmrsScenario, type DmrsOptions } from '../src/workloads/generators/dmrs.js';
import { DMRS_BENCHMARKS } from '../src/workloads/generators/dmrs-benchmarks.js';

const SCHEDULERS = ['fifo', 'fair', 'dmrs', 'dmrs-identical', 'dmrs-map-only'];
const ELEPHANTS = [3, 6, 9, 12, 15];

const { values } = parseArgs({
  options: {
    replications: { type: 'string', default: '10' },
    fast: { type: 'string', default: '4' },
    slow: { type: 'string', default: '4' },
    'speed-ratio': { type: 'string', default: '2' },
    'release-interval': { type: 'string', default: '600' },
  },
});
const replications = Number(values.replications);
const cluster = { fast: values.fast, slow: values.slow, speedRatio: values['speed-ratio'], releaseInterval: values['release-interval'] };

const experiments: { label: string; options: DmrsOptions }[] = [
  ...(['E1', 'E2', 'E3'] as const).flatMap((experiment) => DMRS_BENCHMARKS.map((benchmark) => ({ label: `${experiment} ${benchmark}`, options: { experiment, benchmark } }))),
  ...ELEPHANTS.map((elephants) => ({ label: `E4 terasort, ${elephants} elephants`, options: { experiment: 'E4' as const, elephants } })),
];

const solver = await loadLinearSolver();
const hours = (seconds: number) => (seconds / 3600).toFixed(2);
const header = ['experiment', ...SCHEDULERS.map((s) => `${s} (h)`), ...SCHEDULERS.filter((s) => s !== 'dmrs').map((s) => `dmrs vs ${s}`)];
const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
let notes: readonly string[] = [];
for (const { label, options } of experiments) {
  const generated = dmrsScenario({ ...options, ...cluster });
  notes = generated.notes;
  const comparison = compare((seed) => resolveScenario(generated.scenario, label, seed), { schedulers: SCHEDULERS, replications, seed: 1, solver });
  const mean = new Map(comparison.results.map((r) => [r.scheduler, r.intervals.totalWeightedCompletionTime]));
  const dmrs = mean.get('dmrs')!.mean!;
  const cells = SCHEDULERS.map((s) => {
    const interval = mean.get(s)!;
    return interval.halfWidth === null ? hours(interval.mean!) : `${hours(interval.mean!)} ± ${hours(interval.halfWidth)}`;
  });
  const gains = SCHEDULERS.filter((s) => s !== 'dmrs').map((s) => `${((100 * (mean.get(s)!.mean! - dmrs)) / mean.get(s)!.mean!).toFixed(1)}%`);
  lines.push(`| ${[label, ...cells, ...gains].join(' | ')} |`);
  process.stderr.write(`${label} done\n`);
}
lines.push('', `${replications} replications (seeds 1–${replications}); weighted completion Σ weight × (end − submit), mean ± 95% interval.`, ...notes.slice(1).map((note) => `- ${note}`));
process.stdout.write(lines.join('\n') + '\n');
