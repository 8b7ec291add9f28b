/**
 * `npm run bench`: the synthetic day (about 1,000 nodes and 1,000,000 map
 * tasks) under each benchmarked scheduler (fifo, fair, adaptive, dmrs), with
 * the isolated network and with max-min sharing in turn, each in a fresh
 * process, in 7 rounds (every scheduler and network once a round, so a burst
 * of load on a shared machine falls on all of them alike). Prints a Markdown
 * table for BENCHMARKS.md, one row per scheduler and network with the median
 * of its 7 runs: wall and CPU time, attempts simulated per second (with the
 * slowest and fastest run beside the median, and the median against the
 * target), peak memory, and the run's time as a multiple of the bare
 * event-queue baseline measured in the same process; then the cost of
 * sharing (max-min ÷ isolated, within each round, and their median), the
 * time taken to load and resolve the scenario, which the wall time leaves
 * out, and, for `dmrs`, its wall time against `fair`'s of the same round and
 * network (target: at most 3×) and its LP solves and plans.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Measurement } from './measurement.js';
import { benchStart, conditionsLine } from './conditions.js';
import { median } from './timing.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

const here = fileURLToPath(new URL('.', import.meta.url));
const scenario = fileURLToPath(new URL('../../bench/synthetic-day.yaml', import.meta.url));
const targets: Record<string, number> = { fifo: 500_000, fair: 200_000 };
// adaptive and dmrs (no rate target) beside fair, for the wall-time ratios BENCHMARKS.md quotes.
/** `dmrs` is held to a multiple of `fair`'s wall time, not to a rate. */
const DMRS_OVER_FAIR = 3;
const schedulers = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...Object.keys(targets), 'adaptive', 'dmrs'];

const NETWORKS = ['isolated', 'max-min'] as const;
/** Runs of each scheduler and network, whose median the table gives; max-min ÷ isolated is taken within each round. */
const ROUNDS = 7;

/** The runs of each scheduler and network, in round order. */
const runs = new Map<string, Measurement[]>();
const runsOf = (scheduler: string, network: string): Measurement[] => runs.get(`${scheduler} ${network}`) ?? [];
for (let round = 0; round < ROUNDS; round++) {
  for (const scheduler of schedulers) {
    for (const network of NETWORKS) {
      process.stderr.write(`simulating the synthetic day under ${scheduler}, network ${network} (round ${round + 1} of ${ROUNDS})…\n`);
      const out = execFileSync(process.execPath, [`${here}simulate-day.js`, scenario, scheduler, network], { encoding: 'utf8', maxBuffer: 1 << 20 });
      runs.set(`${scheduler} ${network}`, [...runsOf(scheduler, network), JSON.parse(out) as Measurement]);
    }
  }
}

const rate = (r: Measurement) => r.attempts / r.simSeconds;
const medianOf = (list: readonly Measurement[], figure: (r: Measurement) => number) => median(list.map(figure));
const first = runsOf(schedulers[0], NETWORKS[0])[0];
const lines = [
  conditionsLine(start),
  `Scenario: ${first.nodes} nodes, ${first.jobs} jobs, ${first.maps} maps, ${first.reduces} reduces; every figure the median of ${ROUNDS} runs, each in a process of its own`,
  '',
  '| scheduler | network | attempts | events | simulated time | wall time | CPU time | attempts/s | slowest – fastest | target | × baseline | peak RSS | unfinished jobs |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...schedulers.flatMap((scheduler) =>
    NETWORKS.map((network) => {
      const mine = runsOf(scheduler, network);
      const r = mine[0];
      const rates = mine.map(rate);
      const medianRate = median(rates);
      const target = network === 'isolated' ? targets[scheduler] : undefined;
      return [
        scheduler,
        network,
        r.attempts.toLocaleString('en'),
        r.events.toLocaleString('en'),
        `${(r.simulatedSeconds / 3600).toFixed(1)} h`,
        `${medianOf(mine, (x) => x.simSeconds).toFixed(2)} s`,
        `${medianOf(mine, (x) => x.simCpuSeconds).toFixed(2)} s`,
        Math.round(medianRate).toLocaleString('en'),
        `${Math.round(Math.min(...rates)).toLocaleString('en')} – ${Math.round(Math.max(...rates)).toLocaleString('en')}`,
        target === undefined ? '—' : `${(medianRate / target).toFixed(2)} × ${target.toLocaleString('en')}`,
        medianOf(mine, (x) => x.simSeconds / x.baselineSeconds).toFixed(1),
        `${(medianOf(mine, (x) => x.peakRssBytes) / 2 ** 20).toFixed(0)} MiB`,
        String(r.unfinishedJobs),
      ].join(' | ').replace(/^/, '| ').concat(' |');
    }),
  ),
  '',
  '| scheduler | max-min ÷ isolated, wall time, per round | median | CPU time, per round | median |',
  '|---|---|---|---|---|',
  ...schedulers.map((scheduler) => {
    const [isolated, maxMin] = NETWORKS.map((network) => runsOf(scheduler, network));
    const ratios = (seconds: (r: Measurement) => number) => isolated.map((r, round) => seconds(maxMin[round]) / seconds(r));
    const [wall, cpu] = [ratios((r) => r.simSeconds), ratios((r) => r.simCpuSeconds)];
    return `| ${scheduler} | ${wall.map((x) => x.toFixed(2)).join(', ')} | ${median(wall).toFixed(2)} | ${cpu.map((x) => x.toFixed(2)).join(', ')} | ${median(cpu).toFixed(2)} |`;
  }),
  '',
  '× baseline: wall time of the run divided by the wall time of the bare event queue handling the same number of events in the same process. Targets: the engine with the isolated network.',
  `Loading and resolving the scenario, not in the wall time (medians): ${schedulers.map((scheduler) => `${medianOf(runsOf(scheduler, 'isolated'), (r) => r.resolveSeconds).toFixed(2)} s (${scheduler})`).join(', ')}.`,
];
for (const scheduler of schedulers) {
  for (const network of NETWORKS) {
    const mine = runsOf(scheduler, network);
    if (mine[0].lpSolves > 0) {
      const lpSeconds = medianOf(mine, (r) => r.lpSeconds);
      lines.push(`LPs of ${scheduler} (${network}): ${mine[0].lpSolves.toLocaleString('en')} solves, ${lpSeconds.toFixed(2)} s in HiGHS (median; ${((100 * lpSeconds) / medianOf(mine, (r) => r.simSeconds)).toFixed(0)} % of its wall time).`);
    }
    const r = mine[0];
    if (r.dmrs === undefined || r.lpMapReduce === undefined) continue;
    // fair's run of the same network and round.
    const fair = runsOf('fair', network);
    if (fair.length === mine.length) {
      const over = (seconds: (x: Measurement) => number) => median(mine.map((x, round) => seconds(x) / seconds(fair[round])));
      lines.push(`${scheduler} (${network}): wall time ${over((x) => x.simSeconds).toFixed(2)} × fair's of the same round (median; target ≤ ${DMRS_OVER_FAIR}); CPU time ${over((x) => x.simCpuSeconds).toFixed(2)} × fair's.`);
    }
    const d = r.dmrs;
    const lp = r.lpMapReduce;
    const lpMapReduceSeconds = medianOf(mine, (x) => x.lpMapReduce?.seconds ?? 0);
    lines.push(
      `${scheduler} (${network}): ${lp.solves.toLocaleString('en')} LP-MapReduce solves in ${lpMapReduceSeconds.toFixed(2)} s (median; ${((1000 * lpMapReduceSeconds) / Math.max(1, lp.solves)).toFixed(3)} ms each, ${d.lpRounds} HiGHS LPs); ` +
        `plans ${d.plansOnArrival.toLocaleString('en')} on arrivals, ${d.plansOnDeviation.toLocaleString('en')} on deviations, ${d.plansOnFailure} on failures; ${d.tasksPlaced.toLocaleString('en')} tasks placed.`,
    );
  }
}
process.stdout.write(lines.join('\n') + '\n');
