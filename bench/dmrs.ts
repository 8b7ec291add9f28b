/**
 * `npm run bench:dmrs` (also run by `npm run bench`): LP-MapReduce by
 * cutting planes and the DMRS list schedule on 1,000 jobs of 20 tasks (16
 * maps, 4 reduces) on 100 machines (target: under 10 s together), with the
 * jobs released over a busy stretch and all at time 0; then what the first
 * LP's Smith-order cuts and a warm start save, and the compact LP for
 * comparison. The baseline, measured in the same process on the same
 * instance, is the fifo baseline's schedule: one speed-blind pass over the
 * tasks. Each figure is the median of seven runs after a warm-up (one run
 * for the slow cases, marked). Prints a Markdown table for BENCHMARKS.md.
 */
import { Random } from '../src/util/random.js';
import type { DmrsInstance } from '../src/planners/dmrs/dmrs-instance.js';
import { lpOrder } from '../src/planners/dmrs/dmrs.js';
import { planFifo } from '../src/planners/dmrs/fifo.js';
import { listSchedule } from '../src/planners/dmrs/list-schedule.js';
import { solveLpMapReduce } from '../src/planners/dmrs/lp-mapreduce.js';
import type { LpMethod, LpOptions, LpSolution } from '../src/planners/dmrs/lp-solution.js';
import { taskSkew, theoremBound } from '../src/planners/dmrs/theorem-bound.js';
import { loadLinearSolver } from '../src/solvers/linear-program.js';
import { MEDIAN_RUNS, timeMedian } from './timing.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

/**
 * n jobs of 16 maps and 4 reduces (sizes uniform in [10, 100)), weights 1–5,
 * released uniformly over [0, releaseSpan), on `machines` machines of speeds
 * 1, 1.5 or 2.
 */
function instanceOf(n: number, machines: number, releaseSpan: number, seed: number): DmrsInstance {
  const random = new Random(seed);
  const size = () => 10 + random.next() * 90;
  return {
    machines: Array.from({ length: machines }, (_, i) => ({ id: `m${i + 1}`, speed: random.pick([1, 1.5, 2]) })),
    jobs: Array.from({ length: n }, (_, j) => ({
      id: `J${j + 1}`,
      weight: random.int(1, 5),
      release: random.next() * releaseSpan,
      maps: Array.from({ length: 16 }, size),
      reduces: Array.from({ length: 4 }, size),
    })),
  };
}

const solver = await loadLinearSolver();

interface Row {
  readonly what: string;
  readonly instance: string;
  readonly lpSeconds: number;
  readonly scheduleSeconds: number | null;
  readonly rounds: number;
  readonly status: string;
  readonly baselineSeconds: number;
  readonly target: string;
  readonly note: string;
}

const rows: Row[] = [];

function fifoBaseline(instance: DmrsInstance): number {
  return timeMedian(MEDIAN_RUNS, () => planFifo(instance).schedule.objective).seconds;
}

function lpRow(what: string, label: string, instance: DmrsInstance, method: LpMethod, options: LpOptions, extra: { once?: boolean; schedule?: boolean; target?: string; note?: (lp: LpSolution) => string } = {}): LpSolution {
  process.stderr.write(`${what} on ${label}…\n`);
  const { seconds, result: lp } = timeMedian(extra.once === true ? 1 : MEDIAN_RUNS, () => solveLpMapReduce(solver, instance, method, options), extra.once !== true);
  const schedule = extra.schedule === true ? timeMedian(MEDIAN_RUNS, () => listSchedule(instance, lpOrder(lp))) : undefined;
  rows.push({
    what,
    instance: label,
    lpSeconds: seconds,
    scheduleSeconds: schedule?.seconds ?? null,
    rounds: lp.rounds,
    status: lp.status,
    baselineSeconds: fifoBaseline(instance),
    target: extra.target ?? '—',
    note: (extra.note?.(lp) ?? '') + (extra.once === true ? ' (one run)' : ''),
  });
  if (schedule !== undefined) process.stderr.write(`  Σ w·C ${schedule.result.objective}, LP bound ${lp.bound}, ratio ${(schedule.result.objective / lp.bound).toFixed(3)}\n`);
  return lp;
}

const ratioNote = (instance: DmrsInstance) => (lp: LpSolution) =>
  `DMRS / LP = ${(listSchedule(instance, lpOrder(lp)).objective / lp.bound).toFixed(3)}; D = ${taskSkew(instance).toFixed(2)}, Theorem 1's factor ${theoremBound(instance).toFixed(1)}`;

// The target case: 1,000 jobs × 20 tasks on 100 machines, released over 5,000 time units
// (about 70% of the time the cluster needs for all the work, so jobs queue).
const busy = instanceOf(1000, 100, 5000, 1);
const busyLp = lpRow('DMRS: cuts + list schedule', '1,000 jobs × 20 tasks, 100 machines, releases over 5,000', busy, 'cuts', {}, { schedule: true, target: '< 10 s', note: ratioNote(busy) });
const atZero = instanceOf(1000, 100, 0, 2);
lpRow('DMRS: cuts + list schedule', 'the same sizes, all released at 0', atZero, 'cuts', {}, { schedule: true, target: '< 10 s', note: ratioNote(atZero) });

// A warm start: the LP of the first 990 jobs, then all 1,000 from its cuts (a job arrival online).
const first = { machines: busy.machines, jobs: busy.jobs.slice(0, 990) };
const before = solveLpMapReduce(solver, first, 'cuts');
lpRow('cuts, warm start', '1,000 jobs from the cuts of the first 990', busy, 'cuts', { warmStart: before.cuts }, {
  note: (lp) => `relative difference from the cold solve's bound ${(Math.abs(lp.bound - busyLp.bound) / busyLp.bound).toExponential(1)}`,
});

// Spec 2.4(a) as written: the first LP has the bounds (7) only.
for (const n of [50, 100]) {
  const instance = instanceOf(n, 100, 0, 3);
  const smith = solveLpMapReduce(solver, instance, 'cuts');
  lpRow('cuts from the bounds (7) alone', `${n} jobs × 20 tasks, 100 machines, all at 0`, instance, 'cuts', { initialCuts: 'none' }, {
    once: n === 100,
    note: (lp) => `Smith start: ${smith.rounds} round(s); relative difference of the bounds ${(Math.abs(lp.bound - smith.bound) / smith.bound).toExponential(1)}`,
  });
}

// The compact LP, n(n−1)/2 variables.
for (const n of [100, 300]) {
  const instance = instanceOf(n, 100, 0, 4);
  const cuts = lpRow('cuts (Smith start)', `${n} jobs × 20 tasks, 100 machines, all at 0`, instance, 'cuts', {});
  lpRow('compact LP', `the same ${n} jobs`, instance, 'compact', {}, {
    once: n === 300,
    note: (lp) => `relative difference from cuts ${(Math.abs(lp.bound - cuts.bound) / lp.bound).toExponential(1)}`,
  });
}

const lines = [
  conditionsLine(start),
  '',
  '| what | instance | LP | list schedule | total | target | LP rounds | LP status | fifo baseline | total × baseline | note |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map((r) => {
    const total = r.lpSeconds + (r.scheduleSeconds ?? 0);
    return `| ${r.what} | ${r.instance} | ${r.lpSeconds.toFixed(3)} s | ${r.scheduleSeconds === null ? '—' : `${r.scheduleSeconds.toFixed(3)} s`} | ${total.toFixed(3)} s | ${r.target} | ${r.rounds} | ${r.status} | ${(r.baselineSeconds * 1000).toFixed(2)} ms | ${Math.round(total / r.baselineSeconds).toLocaleString('en')} | ${r.note.trim()} |`;
  }),
];
process.stdout.write(lines.join('\n') + '\n');
