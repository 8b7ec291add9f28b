/**
 * `npm run bench:makespan` (also run by `npm run bench`): the makespan
 * planners on large batches, each timed against a baseline measured in the
 * same process: Float64Array.prototype.sort on as many floats as the planner
 * sorts jobs (once for UAAS, once per split for slot-ratio, about once per
 * pool evaluated for BalancedPools). Prints a Markdown table for
 * BENCHMARKS.md. Each figure is the median of seven runs after one warm-up.
 */
import { Random } from '../src/util/random.js';
import { planBalancedPools } from '../src/planners/makespan/balanced-pools.js';
import type { MakespanProblem } from '../src/planners/makespan/problem.js';
import { planSlotRatio } from '../src/planners/makespan/slot-ratio.js';
import { planUaas } from '../src/planners/makespan/uaas.js';
import { MEDIAN_RUNS, timeMedian } from './timing.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

/** n jobs with random requested slots (1 … slots) and stage durations (1 … 1000), on a cluster of `slots` × `slots`. */
function batch(n: number, mapSlots: number, reduceSlots: number, seed: number): MakespanProblem {
  const random = new Random(seed);
  return {
    cluster: { mapSlots, reduceSlots },
    jobs: Array.from({ length: n }, (_, i) => ({
      id: `J${i + 1}`,
      mapSlots: random.int(1, mapSlots),
      reduceSlots: random.int(1, reduceSlots),
      mapDuration: 1 + random.next() * 999,
      reduceDuration: 1 + random.next() * 999,
    })),
  };
}

/** Sorting `count` random floats, `times` times over. */
function sortBaseline(count: number, times: number): number {
  const random = new Random(7);
  const values = Float64Array.from({ length: count }, () => random.next());
  return timeMedian(MEDIAN_RUNS, () => {
    let last = 0;
    for (let t = 0; t < times; t++) last += Float64Array.from(values).sort()[0];
    return last;
  }).seconds;
}

interface Row {
  readonly planner: string;
  readonly instance: string;
  readonly seconds: number;
  readonly baseline: string;
  readonly baselineSeconds: number;
  readonly target: string;
}

const rows: Row[] = [];

{
  const problem = batch(1_000_000, 1000, 1000, 1);
  const { seconds, result } = timeMedian(MEDIAN_RUNS, () => planUaas(problem));
  process.stderr.write(`uaas: makespan ${result.makespan}\n`);
  rows.push({
    planner: 'uaas',
    instance: '1,000,000 jobs, 1000 × 1000 slots',
    seconds,
    baseline: 'sort 1,000,000 floats',
    baselineSeconds: sortBaseline(1_000_000, 1),
    target: '< 2 s',
  });
  // A flow-shop plan builds its per-job stage objects when they are first read: here they are.
  const withStages = timeMedian(MEDIAN_RUNS, () => planUaas(problem).stages.length);
  rows.push({
    planner: 'uaas, stages read',
    instance: 'the same, every stage object built',
    seconds: withStages.seconds,
    baseline: 'sort 1,000,000 floats',
    baselineSeconds: rows[0].baselineSeconds,
    target: '—',
  });
}
{
  const problem = batch(1_000, 100, 100, 2);
  const { seconds, result } = timeMedian(MEDIAN_RUNS, () => planBalancedPools(problem));
  process.stderr.write(`balanced-pools: makespan ${result.makespan}\n`);
  rows.push({
    planner: 'balanced-pools',
    instance: '1,000 jobs, 100 × 100 slots (K = 100)',
    seconds,
    // About one sort of the batch per pool evaluated: 999 split points × 7 search steps × 2 pools.
    baseline: 'sort 1,000 floats, 14,000 times',
    baselineSeconds: sortBaseline(1_000, 14_000),
    target: '—',
  });
}
{
  const problem = batch(10_000, 50, 51, 3);
  const { seconds, result } = timeMedian(MEDIAN_RUNS, () => planSlotRatio(problem));
  process.stderr.write(`slot-ratio: ${result.splits?.length ?? 0} splits\n`);
  rows.push({
    planner: 'slot-ratio',
    instance: '10,000 jobs, 101 slots: 100 splits',
    seconds,
    baseline: 'sort 10,000 floats, 100 times',
    baselineSeconds: sortBaseline(10_000, 100),
    target: '—',
  });
}

const lines = [
  conditionsLine(start),
  '',
  '| planner | instance | wall time | target | baseline | baseline time | × baseline |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.planner} | ${r.instance} | ${r.seconds.toFixed(3)} s | ${r.target} | ${r.baseline} | ${(r.baselineSeconds * 1000).toFixed(2)} ms | ${(r.seconds / r.baselineSeconds).toFixed(1)} |`,
  ),
];
process.stdout.write(lines.join('\n') + '\n');
