/**
 * `npm run bench:reduce-placement` (also run by `npm run bench`): the
 * paper's stochastic experiment (50,000 jobs, 1,000 slots) at one load,
 * ρ = 0.6, one replication, under both readings of the model: the whole
 * experiment (the run of the queue, the thresholds for K = 100, every
 * placement replayed), then each placement's replay alone. The baseline,
 * measured in the same process, is the run of the queue alone (its draws
 * and events, no placement), timed after the experiment has warmed it up.
 * Prints a Markdown table for BENCHMARKS.md; each figure is the median of
 * seven runs after a warm-up.
 */
import { MEDIAN_RUNS, timeMedian } from './timing.js';
import { reducePlacementExperiment, defaultMaxInService } from '../src/experiment/reduce-placement.js';
import { Random } from '../src/util/random.js';
import { reducePlacementRule, type ReducePlacementRuleSpec } from '../src/planners/reduce-placement/placement-rule.js';
import { replayPlacement } from '../src/planners/reduce-placement/placement-replay.js';
import { PAPER_MODEL, modelDemandLaw, queueTrajectory, type ModelReading, type QueueingModel } from '../src/planners/reduce-placement/queueing-model.js';
import { reduceThresholds } from '../src/planners/reduce-placement/thresholds.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

const LOAD = 0.6;
const SEED = 1;

interface Row {
  readonly what: string;
  readonly seconds: number;
  readonly baselineSeconds: number;
  readonly target: string;
}

const rows: Row[] = [];
for (const reading of [1, 2] as const satisfies readonly ModelReading[]) {
  const model: QueueingModel = { ...PAPER_MODEL, load: LOAD, reading, maxInService: defaultMaxInService(reading, PAPER_MODEL.slots) };
  const whole = timeMedian(MEDIAN_RUNS, () => reducePlacementExperiment({ loads: [LOAD], reading, replications: 1, seed: SEED }));
  // After the experiment, which has warmed the queue's code up six times: the first runs are several times slower.
  const baseline = timeMedian(MEDIAN_RUNS, () => queueTrajectory(model, SEED));
  const result = whole.result.loads[0];
  const names = result.placements.map((p) => p.placement);
  process.stderr.write(`reading ${reading}: ${result.placements.map((p) => `${p.placement} ${p.meanCost.mean.toFixed(1)}`).join(', ')}\n`);
  const K = Number.isFinite(model.maxInService) ? `K = ${model.maxInService}` : 'K unlimited';
  rows.push({ what: `reading ${reading}, ${K}: the whole experiment (${names.join(', ')})`, seconds: whole.seconds, baselineSeconds: baseline.seconds, target: '< 5 s' });
  const trajectory = baseline.result;
  const specs: ReducePlacementRuleSpec[] = [{ name: 'random', random: new Random(1) }, { name: 'greedy' }, { name: 'rhc' }];
  if (Number.isFinite(model.maxInService)) {
    const thresholds = timeMedian(MEDIAN_RUNS, () => reduceThresholds(model.maxInService, modelDemandLaw(model)));
    rows.push({ what: `reading ${reading}: thresholds for K = ${model.maxInService}, r̄ = 10`, seconds: thresholds.seconds, baselineSeconds: baseline.seconds, target: '—' });
    specs.push({ name: 'thresholds', thresholds: thresholds.result });
  }
  for (const spec of specs) {
    const replay = timeMedian(MEDIAN_RUNS, () => replayPlacement(trajectory, reducePlacementRule(spec)));
    rows.push({ what: `reading ${reading}: replay ${spec.name}`, seconds: replay.seconds, baselineSeconds: baseline.seconds, target: '—' });
  }
}

const lines = [
  conditionsLine(start),
  `ρ = ${LOAD}, ${PAPER_MODEL.jobs.toLocaleString('en')} jobs, ${PAPER_MODEL.slots.toLocaleString('en')} slots, one replication (seed ${SEED}).`,
  '',
  '| what | wall time | target | baseline (the queue alone) | × baseline |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.what} | ${r.seconds.toFixed(3)} s | ${r.target} | ${(r.baselineSeconds * 1000).toFixed(1)} ms | ${(r.seconds / r.baselineSeconds).toFixed(1)} |`),
];
process.stdout.write(lines.join('\n') + '\n');
