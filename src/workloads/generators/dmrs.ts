/**
 * The workloads of the DMRS experiments (Aggarwal, Xu, Lan and Subramaniam,
 * "Scheduling dependent map and reduce tasks on heterogeneous machines",
 * arXiv:1711.09964), as a scenario: weighted jobs of one benchmark released
 * in two equal groups onto fast and slow single-container machines.
 *
 * - Jobs: the experiment's classes (dmrs-benchmarks.ts), one job stream
 *   each, every job's weight drawn uniformly from 1–5 (the paper's), released
 *   in two groups `releaseInterval` apart (the paper's two groups; its
 *   interval is lost, 10 minutes assumed). Each class splits evenly between
 *   the groups, the first group taking the odd job.
 * - Task times: the benchmark's seconds per MB (assumed) times the map's
 *   block or the reduce's share of the shuffle, each drawn uniformly within
 *   ±20% of that mean.
 * - Cluster: `fast` and `slow` machines of one core that run one task at a
 *   time (one container), fast ones `speedRatio` times faster, on one 1 Gbps
 *   switch (the paper's; the counts and the ratio are lost and assumed).
 */
import { z } from 'zod';
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { GeneratedScenario } from '../generated-scenario.js';
import {
  DMRS_BENCHMARK_SHAPES,
  DMRS_BENCHMARKS,
  DMRS_EXPERIMENTS,
  dmrsJobClasses,
  type DmrsBenchmarkShape,
  type DmrsJobClass,
} from './dmrs-benchmarks.js';
import { parseGeneratorOptions, positiveNumber, wholeNumber } from './generator-options.js';

const MB = 2 ** 20;
const SPREAD = 0.2;

const optionsSchema = z
  .strictObject({
    experiment: z.enum(DMRS_EXPERIMENTS, { error: `one of ${DMRS_EXPERIMENTS.join(', ')}` }).default('E1'),
    benchmark: z.enum(DMRS_BENCHMARKS, { error: `one of ${DMRS_BENCHMARKS.join(', ')}` }).optional(),
    elephants: wholeNumber(0, 18).default(6),
    fast: wholeNumber(0, 10_000).default(4),
    slow: wholeNumber(0, 10_000).default(4),
    speedRatio: positiveNumber(1000).default(2),
    releaseInterval: positiveNumber(1e9, { zero: true }).default(600),
    seed: wholeNumber(0, 2 ** 31 - 1).default(1),
  })
  .refine((o) => o.fast + o.slow > 0, { error: 'at least one machine (fast + slow ≥ 1)', path: ['fast'] })
  .refine((o) => o.experiment !== 'E4' || o.benchmark === undefined || o.benchmark === 'terasort', {
    error: 'terasort (E4 runs TeraSort only)',
    path: ['benchmark'],
  });

export type DmrsOptions = z.input<typeof optionsSchema>;

export function dmrsScenario(options: DmrsOptions = {}): GeneratedScenario {
  const o = parseGeneratorOptions(optionsSchema, options, 'dmrs options');
  const benchmark = o.experiment === 'E4' ? 'terasort' : (o.benchmark ?? 'terasort');
  const shape = DMRS_BENCHMARK_SHAPES[benchmark];
  const classes = dmrsJobClasses(o.experiment, o.elephants);
  const machines = (kind: 'fast' | 'slow', n: number, speed: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `${kind}${i + 1}`, speed }));
  const scenario: ScenarioFile = {
    name: `dmrs-${o.experiment.toLowerCase()}-${benchmark}`,
    description: `DMRS ${o.experiment}: ${classes.map((c) => `${c.count} × ${c.inputBytes / MB} MB in ${c.blockSize / MB} MB tasks`).join(', ')} of ${benchmark}, weights 1–5, two release groups ${o.releaseInterval} s apart, on ${o.fast} fast and ${o.slow} slow one-container machines.`,
    cluster: {
      defaults: { containers: 1, bandwidth: '1 Gbps' },
      racks: [
        {
          id: 'switch1',
          nodes: [...machines('fast', o.fast, o.speedRatio), ...machines('slow', o.slow, 1)],
        },
      ],
    },
    storage: { blockSize: 64 * MB, replication: 3 },
    profiles: { [benchmark]: { mapOutputRatio: shape.mapOutputRatio, reduces: shape.reduces } },
    jobStreams: classes.map((jobClass) => ({
      idPrefix: `${jobClass.name}-`,
      profile: benchmark,
      count: jobClass.count,
      weight: { dist: 'choice' as const, values: [1, 2, 3, 4, 5] },
      groups: { count: 2, interval: o.releaseInterval },
      inputBytes: jobClass.inputBytes,
      blockSize: jobClass.blockSize,
      ...taskTimes(shape, jobClass),
    })),
    // DMRS's model (§III) has machine speeds and no network: transfers run alone, as there; and no backup attempts.
    settings: { heartbeatInterval: 3, slowStart: 0.05, network: 'isolated', speculation: { maps: false, reduces: false }, seed: o.seed },
  };
  const notes = [
    `Benchmark ${benchmark} (reduces: the paper's ${shape.reduces}); assumed: map ${shape.mapSecondsPerMB} s per MB of input, map output ${shape.mapOutputRatio} × input, reduce ${shape.reduceSecondsPerMB} s per MB of shuffle; task times uniform within ±${SPREAD * 100}% of those means.`,
    `Release: two groups ${o.releaseInterval} s apart (the paper's interval is lost); each class splits evenly between them, the first group taking an odd class's extra job.`,
    `Cluster: ${o.fast} fast (speed ${o.speedRatio}) and ${o.slow} slow (speed 1) machines, one task at a time each, on one 1 Gbps switch; the paper's machine count and speed ratio are lost.`,
    'Weights: drawn uniformly from 1, 2, 3, 4, 5 with the scenario seed.',
    "Network: isolated (each transfer alone, no contention), as DMRS's model of machine speeds has no network; set settings.network to max-min to judge it under contention.",
    "Speculative execution: off, as DMRS's model has no backup attempts; set settings.speculation.maps and .reduces to true for Hadoop's default.",
  ];
  return { scenario, notes };
}

/** A class's map and reduce times: the benchmark's rates times the data each task handles, ±SPREAD. */
function taskTimes(shape: DmrsBenchmarkShape, jobClass: DmrsJobClass) {
  const around = (mean: number) => ({ dist: 'uniform' as const, min: mean * (1 - SPREAD), max: mean * (1 + SPREAD) });
  const shufflePerReduce = (jobClass.inputBytes * shape.mapOutputRatio) / shape.reduces;
  return {
    mapTime: around((shape.mapSecondsPerMB * jobClass.blockSize) / MB),
    reduceTime: around((shape.reduceSecondsPerMB * shufflePerReduce) / MB),
  };
}
