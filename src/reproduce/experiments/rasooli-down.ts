/**
 * Seed 002: Rasooli and Down, "An Adaptive Scheduling Algorithm for Dynamic
 * Heterogeneous Hadoop Systems" (CASCON 2011), §7: the nine benchmarks (the
 * Loadgen workloads W1–W3 × the arrival orders BM_{i,1..3}, 100 jobs each)
 * under FIFO, Fair Sharing and the proposed algorithm, run in the simulator
 * by examples/sweeps/rasooli-down.yaml. The paper's figures are its Tables 6
 * (Fairness) and 7 (Locality, %), 95% intervals over 30 replications, and
 * its claims on the metrics whose figures are lost (Figures 4–9). The
 * paper's users, R1–R3's slots, R1–R5's rates, the arrival rates and the
 * job sizes are lost (spec 3.7), so its values are not expected here: the
 * claims, counted over the nine benchmarks, are the shape that can be
 * compared: "adaptive is lowest" where its paired 95% interval against
 * fifo's and against fair's (seed by seed) lies wholly below 0. 30
 * replications, as the paper ran (about a minute on two cores).
 */
import type { MetricKey } from '../../metrics/index.js';
import type { CellGroup } from '../../sweep/index.js';
import { examplePath } from '../example-files.js';
import type { PaperExperiment, PaperFigure } from '../paper-experiment.js';
import type { Sensitivity } from '../sensitivity.js';
import { groupDifference, groupMean, runSpecSweep } from '../sweep-figures.js';

const PAPER = 'Rasooli, Down, An Adaptive Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems';
const RASOOLI_DOWN_DEFAULT_REPLICATIONS = 30;

/** The workloads and arrival orders as the spec's parameters name them, in the paper's order (W1–W3, BM_{i,1..3}). */
const WORKLOADS = ['io', 'cpu', 'mixed'] as const;
const RATES = ['smaller', 'equal', 'larger'] as const;
/** The paper's FIFO, FAIR and proposed algorithm, in the order of its tables' columns. */
const SCHEDULERS = ['fifo', 'fair', 'adaptive'] as const;

type Interval = readonly [number, number];

/**
 * Table 6 (Fairness) and Table 7 (Locality, %) of §7: the 95% intervals of
 * FIFO, FAIR and the proposed algorithm, by BM_{i,j} ("i,j"), as the paper
 * prints them (spec 3.7 reads the same from the OCR).
 */
export const RASOOLI_DOWN_TABLES: Readonly<Record<string, { readonly fairness: readonly Interval[]; readonly locality: readonly Interval[] }>> = {
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

interface Benchmark {
  /** "i,j" of BM_{i,j}. */
  readonly label: string;
  /** The spec's parameter values. */
  readonly parameters: readonly [string, string];
}

const BENCHMARKS: readonly Benchmark[] = WORKLOADS.flatMap((workload, i) => RATES.map((rates, j): Benchmark => ({ label: `${i + 1},${j + 1}`, parameters: [workload, rates] })));

const midpoint = ([low, high]: Interval) => (low + high) / 2;

/** How many benchmarks `holds` is true of, given each scheduler's figure there (in SCHEDULERS' order). */
const countBenchmarks = (figureOf: (benchmark: Benchmark) => readonly number[], holds: (figures: readonly number[]) => boolean) =>
  BENCHMARKS.filter((benchmark) => holds(figureOf(benchmark))).length;

/** Scheduler s has the strictly lowest figure. */
const lowest = (s: number) => (figures: readonly number[]) => figures.every((value, t) => t === s || figures[s] < value);

/** Benchmarks where adaptive's `metric` is below fifo's and below fair's, each paired 95% interval wholly under 0. */
const clearlyLowest = (groups: readonly CellGroup[], metric: MetricKey) =>
  BENCHMARKS.filter(({ parameters }) =>
    ['fifo', 'fair'].every((other) => {
      const difference = groupDifference(groups, 'adaptive', other, metric, parameters);
      return difference !== null && difference.high !== null && difference.high < 0;
    }),
  ).length;

const FAIRNESS_NOTE =
  "our Fairness is about twice the paper's: with Exp1's min shares (140 slots on a 48-slot cluster) every min-share user stays far below its share, and Fairness measures the spread of that deficit; the paper's users in these runs are lost (spec 3.7)";
const LOCALITY_NOTE =
  "delay scheduling gives fair and adaptive 95–100% in W2 and W3 on six nodes holding three replicas of every block, 68–74% in W1, where reads share the slow disks; the paper's adaptive stored data by its suggested classes, adaptive's option replication (off here, as by default: on, it lowered W3's Locality by 0.5–1.5 points and made its mean completion 11–13% longer, docs/algorithms/adaptive.md), and FIFO's locality depends on the lost arrival rates and job sizes (spec 3.7)";

const benchmarks: PaperExperiment = {
  name: 'rasooli-down-benchmarks',
  paper: PAPER,
  title: `§7, Tables 6 and 7: the nine benchmarks (W1–W3 × BM_{i,1..3}, 100 jobs) under fifo, fair and adaptive (examples/sweeps/rasooli-down.yaml), ${RASOOLI_DOWN_DEFAULT_REPLICATIONS} replications as in the paper unless given --replications`,
  async run(context) {
    const groups = await runSpecSweep(examplePath('sweeps/rasooli-down.yaml'), context, context.replications ?? RASOOLI_DOWN_DEFAULT_REPLICATIONS);
    const ours = (metric: MetricKey) => (benchmark: Benchmark) => SCHEDULERS.map((scheduler) => groupMean(groups, scheduler, metric, benchmark.parameters));
    const paper = (table: 'fairness' | 'locality') => (benchmark: Benchmark) => RASOOLI_DOWN_TABLES[benchmark.label][table].map(midpoint);
    const [fair, adaptive] = [1, 2];
    const adaptiveAboveFair = (figures: readonly number[]) => figures[adaptive] > figures[fair];
    return [
      {
        label: 'benchmarks where fair has the lowest Fairness (§7: "the Fair-sharing algorithm has the best Fairness")',
        paper: countBenchmarks(paper('fairness'), lowest(fair)),
        counted: true,
        ours: countBenchmarks(ours('fairness'), lowest(fair)),
        note: "the paper's count from Table 6's midpoints; here fair and adaptive are within about two slots of each other, and at 30 replications fair is the lower in BM1,1, BM1,2 and BM3,1–BM3,3, adaptive in BM1,3 and BM2,1–BM2,3 (docs/algorithms/adaptive.md)",
      },
      {
        label: 'benchmarks where adaptive’s Locality is above fair’s (§7: "close to, and in some cases better")',
        paper: countBenchmarks(paper('locality'), adaptiveAboveFair),
        counted: true,
        ours: countBenchmarks(ours('mapLocalityOverTime'), adaptiveAboveFair),
        note: `the paper's count from Table 7's midpoints; ${LOCALITY_NOTE}`,
      },
      {
        label: 'benchmarks where adaptive has the lowest min-share dissatisfaction, paired 95% intervals below fifo’s and fair’s (§7, the lost Figures 4–6)',
        paper: BENCHMARKS.length,
        counted: true,
        ours: clearlyLowest(groups, 'minShareDissatisfaction'),
        note: "spec 3.7 reads the paper as lowest in all nine; at 30 replications adaptive is below fair in all nine, by 23–24% in W1 and 4–10% in W2 and W3, although Fair's pools already hold Exp1's min shares (docs/algorithms/adaptive.md)",
      },
      {
        label: 'benchmarks where adaptive has the lowest mean completion time, paired 95% intervals below fifo’s and fair’s (§7: "the best … in all the benchmarks", Figures 7–9)',
        paper: BENCHMARKS.length,
        counted: true,
        ours: clearlyLowest(groups, 'meanCompletionTime'),
        note: 'at 30 replications adaptive beats fair only in BM2,2 and BM2,3, loses by 14–31 s in W1, 2.8 s in BM2,1 and 32–40 s in W3, and FIFO is lowest in BM3,3 (docs/algorithms/adaptive.md)',
      },
      ...tableFigures(groups, 'Fairness', 'fairness', 'fairness', FAIRNESS_NOTE),
      ...tableFigures(groups, 'Locality, %', 'locality', 'mapLocalityOverTime', LOCALITY_NOTE),
    ];
  },
};

/** One figure per benchmark and scheduler: the paper's interval of Table 6 or 7 beside our mean. */
function tableFigures(groups: readonly CellGroup[], name: string, table: 'fairness' | 'locality', metric: MetricKey, note: string): PaperFigure[] {
  return BENCHMARKS.flatMap((benchmark) =>
    SCHEDULERS.map((scheduler, s): PaperFigure => {
      const [low, high] = RASOOLI_DOWN_TABLES[benchmark.label][table][s];
      return { label: `BM${benchmark.label} ${scheduler}: ${name} (Table ${table === 'fairness' ? 6 : 7})`, paper: { low, high }, ours: groupMean(groups, scheduler, metric, benchmark.parameters), note };
    }),
  );
}

/**
 * Where §7's claims hold over what the paper lost or we assumed: the users'
 * min shares against the cluster's size, and the arrival order; at the
 * paper's 30 replications (about 2 minutes on two cores).
 */
const sensitivity: Sensitivity = {
  kind: 'sweep',
  spec: 'rasooli-down-sensitivity.yaml',
  description:
    "W3 (mixed) under fifo, fair and adaptive, over Exp1's min shares (140 slots) scaled, Table 3's six resources (48 slots) repeated, and the arrival orders BM3,1–BM3,3 (examples/sweeps/rasooli-down-sensitivity.yaml).",
  defaultReplications: 30,
  axisNames: { 'generate.minShareScale': 'min shares (× 140 slots)', 'generate.clusterCopies': 'cluster (× 48 slots)', 'generate.rates': 'arrival order' },
  rows: 'min shares (× 140 slots)',
  columns: 'cluster (× 48 slots)',
  claims: [
    { label: 'adaptive has the lowest mean completion time (§7: "the best … in all the benchmarks")', metric: 'meanCompletionTime', scheduler: 'adaptive', against: { schedulers: ['fifo', 'fair'] }, shape: { kind: 'below', percent: 0 } },
    { label: 'adaptive has the lowest min-share dissatisfaction (§7, Figures 4–6)', metric: 'minShareDissatisfaction', scheduler: 'adaptive', against: { schedulers: ['fifo', 'fair'] }, shape: { kind: 'below', percent: 0 } },
    { label: 'fair has the lowest Fairness (§7: "the Fair-sharing algorithm has the best Fairness")', metric: 'fairness', scheduler: 'fair', against: { schedulers: ['fifo', 'adaptive'] }, shape: { kind: 'below', percent: 0 } },
  ],
};

export const RASOOLI_DOWN_EXPERIMENTS: readonly PaperExperiment[] = [{ ...benchmarks, sensitivity: [sensitivity] }];
