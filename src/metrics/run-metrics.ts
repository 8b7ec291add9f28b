/**
 * Every metric of one run, as one flat object of numbers (null where a metric
 * is undefined for the run, e.g. completion times when no job succeeded), and
 * METRICS, the ordered list that tables and charts print. docs/metrics.md
 * defines each one.
 */
import type { RunRecord } from '../model/index.js';
import { attemptEnds } from './attempt-end.js';
import { attemptOrder } from './attempt-order.js';
import { completionTimeMetrics, type CompletionTimeMetrics } from './completion-times.js';
import { localityMetrics, type LocalityMetrics } from './locality.js';
import { localityOverTime, type LocalityOverTimeMetrics } from './locality-over-time.js';
import { lostWorkMetrics, type LostWorkMetrics } from './lost-work.js';
import { shareMetrics, type ShareMetrics, type ShareSeries } from './min-share-fairness.js';
import { planMetrics, type PlanMetrics } from './plan-gap.js';
import { networkMetrics, type NetworkMetrics } from './network.js';
import { shuffleTimeMetrics, type ShuffleTimeMetrics } from './shuffle-times.js';
import { slowdownMetrics, type SlowdownMetrics } from './slowdown.js';
import { makespan, runSpan } from './span.js';
import type { TimeBuckets } from './time-buckets.js';
import { utilizationMetrics, type UtilizationMetrics } from './utilization.js';

/** Every metric of a run: the union of each concern's metrics (see their files). */
export interface RunMetrics
  extends CompletionTimeMetrics,
    SlowdownMetrics,
    LocalityMetrics,
    LocalityOverTimeMetrics,
    UtilizationMetrics,
    LostWorkMetrics,
    NetworkMetrics,
    ShuffleTimeMetrics,
    ShareMetrics,
    PlanMetrics {
  /** Last job end − first job submit; null when no job ended. */
  readonly makespan: number | null;
}

export type MetricKey = keyof RunMetrics;
export type MetricUnit = 's' | '%' | 'bytes' | 'byte·hops' | '';

export interface MetricDefinition {
  readonly key: MetricKey;
  /** Short column or axis label. */
  readonly label: string;
  readonly unit: MetricUnit;
  /**
   * Which way is better; 'neither' for a metric shown but not ranked (more
   * rack-local maps may mean fewer node-local ones, or fewer off-rack ones).
   */
  readonly better: 'lower' | 'higher' | 'neither';
  /**
   * The least value the metric can take (0 for a time, a count, bytes, a
   * share or a deviation); null for one that may be negative. An interval
   * around a mean is drawn no lower.
   */
  readonly floor: 0 | null;
  /** One sentence: what it measures and over which jobs or attempts. */
  readonly description: string;
}

/** Buckets of the run's span that the sweeps fill with Rasooli and Down's three functions over time (metrics-over-time.ts). */
export interface OverTimeSeries extends ShareSeries {
  readonly locality: TimeBuckets;
}

/** `series`, if given, receives the functions over time from the sweeps that average them: one pass for both. */
export function computeMetrics(run: RunRecord, series?: OverTimeSeries): RunMetrics {
  const span = runSpan(run);
  const ends = attemptEnds(run);
  const order = attemptOrder(run, ends);
  return {
    makespan: makespan(run),
    ...planMetrics(run),
    ...completionTimeMetrics(run),
    ...slowdownMetrics(run),
    ...localityMetrics(run.attempts),
    ...localityOverTime(run, span, ends, order, series?.locality),
    ...utilizationMetrics(run, span, ends),
    ...lostWorkMetrics(run.attempts),
    ...networkMetrics(run),
    ...shuffleTimeMetrics(run),
    ...shareMetrics(run, span, ends, order, series),
  };
}

/** Every metric, in the order tables and reports show them. */
export const METRICS: readonly MetricDefinition[] = [
  {
    key: 'makespan',
    label: 'Makespan',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Last job end minus first job submission, over jobs that ended (succeeded or failed).',
  },
  {
    key: 'plannedMakespan',
    label: 'Planned makespan',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: "The makespan a plan-driven scheduler's plan predicted (uaas, mkjr), in its planner's model; undefined for the others.",
  },
  {
    key: 'planGap',
    label: 'Makespan over plan',
    unit: '%',
    better: 'lower',
    floor: null,
    description: 'Simulated makespan minus planned makespan, as a percentage of the planned; undefined without a plan.',
  },
  {
    key: 'jobsSucceeded',
    label: 'Jobs succeeded',
    unit: '',
    better: 'higher',
    floor: 0,
    description: 'Number of jobs that succeeded.',
  },
  {
    key: 'jobsFailed',
    label: 'Jobs failed',
    unit: '',
    better: 'lower',
    floor: 0,
    description: 'Number of jobs that failed.',
  },
  {
    key: 'jobsUnfinished',
    label: 'Jobs unfinished',
    unit: '',
    better: 'lower',
    floor: 0,
    description: 'Number of jobs neither succeeded nor failed when the run stopped.',
  },
  {
    key: 'meanCompletionTime',
    label: 'Mean completion',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Mean of end minus submission over succeeded jobs.',
  },
  {
    key: 'medianCompletionTime',
    label: 'Median completion',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Median of end minus submission over succeeded jobs.',
  },
  {
    key: 'p95CompletionTime',
    label: 'p95 completion',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: '95th percentile (nearest rank) of end minus submission over succeeded jobs.',
  },
  {
    key: 'maxCompletionTime',
    label: 'Max completion',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Largest end minus submission over succeeded jobs.',
  },
  {
    key: 'totalWeightedCompletionTime',
    label: 'Weighted completion',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Sum of weight times (end minus submission) over succeeded jobs.',
  },
  {
    key: 'meanSlowdown',
    label: 'Mean slowdown',
    unit: '',
    better: 'lower',
    floor: 0,
    description: 'Mean over succeeded jobs of completion time divided by the job alone on the empty cluster, I/O ignored.',
  },
  {
    key: 'maxSlowdown',
    label: 'Max slowdown',
    unit: '',
    better: 'lower',
    floor: 0,
    description: 'Largest completion time divided by the job alone on the empty cluster, over succeeded jobs.',
  },
  {
    key: 'mapNodeLocal',
    label: 'Node-local maps',
    unit: '%',
    better: 'higher',
    floor: 0,
    description: 'Share of succeeded map attempts that read input and read it from their own node.',
  },
  {
    key: 'mapRackLocal',
    label: 'Rack-local maps',
    unit: '%',
    better: 'neither',
    floor: 0,
    description: 'Share of succeeded map attempts that read input from another node of their rack (better than off-rack, worse than node-local, so not ranked).',
  },
  {
    key: 'mapOffRack',
    label: 'Off-rack maps',
    unit: '%',
    better: 'lower',
    floor: 0,
    description: 'Share of succeeded map attempts that read input from another rack.',
  },
  {
    key: 'mapLocalityOverTime',
    label: 'Node-local maps over time',
    unit: '%',
    better: 'higher',
    floor: 0,
    description: 'Time average of the share of running maps that read input from their own node, over the time such maps run (Locality(t) of Rasooli and Down).',
  },
  {
    key: 'mapSlotUtilization',
    label: 'Map slot utilization',
    unit: '%',
    better: 'higher',
    floor: 0,
    description: 'Busy map slot-seconds (all attempts) over map slots times the span; containers when slots are unified.',
  },
  {
    key: 'reduceSlotUtilization',
    label: 'Reduce slot utilization',
    unit: '%',
    better: 'higher',
    floor: 0,
    description: 'Busy reduce slot-seconds (all attempts) over reduce slots times the span; containers when slots are unified.',
  },
  {
    key: 'memoryUtilization',
    label: 'Memory utilization',
    unit: '%',
    better: 'higher',
    floor: 0,
    description: "Memory-seconds held by containers (attempts and ApplicationMasters) over the cluster's memory times the span; YARN resource clusters only.",
  },
  {
    key: 'vcoreUtilization',
    label: 'Vcore utilization',
    unit: '%',
    better: 'higher',
    floor: 0,
    description: "Vcore-seconds held by containers over the cluster's vcores times the span; YARN resource clusters only.",
  },
  {
    key: 'lostWork',
    label: 'Lost work',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Slot-seconds of attempts that failed or were killed (preempted, their job failed, their map output lost).',
  },
  {
    key: 'remoteReadBytes',
    label: 'Remote map input',
    unit: 'bytes',
    better: 'lower',
    floor: 0,
    description: 'Map input bytes read over the network by succeeded map attempts.',
  },
  {
    key: 'shuffleBytes',
    label: 'Shuffle',
    unit: 'bytes',
    better: 'lower',
    floor: 0,
    description: 'Map output bytes fetched by succeeded reduce attempts, local or remote.',
  },
  {
    key: 'shuffleNetworkBytes',
    label: 'Shuffle over network',
    unit: 'bytes',
    better: 'lower',
    floor: 0,
    description: 'Shuffle bytes of succeeded reduce attempts that crossed the network.',
  },
  {
    key: 'fetchCost',
    label: 'Fetch cost',
    unit: 'byte·hops',
    better: 'lower',
    floor: 0,
    description: 'Sum of bytes times hop distance fetched by succeeded reduce attempts.',
  },
  {
    key: 'networkBytes',
    label: 'Network traffic',
    unit: 'bytes',
    better: 'lower',
    floor: 0,
    description: 'Bytes that crossed the network, over every attempt whatever its status.',
  },
  {
    key: 'replicationBytes',
    label: 'Replication traffic',
    unit: 'bytes',
    better: 'lower',
    floor: 0,
    description: 'Bytes moved by the block copies the scheduler asked for (extra replicas of map input), whole or cut short; no attempt counts them.',
  },
  {
    key: 'meanShuffleTime',
    label: 'Mean shuffle time',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: 'Mean over succeeded reduce attempts of shuffle end (end minus compute time) minus start, waiting for maps included.',
  },
  {
    key: 'meanShuffleTail',
    label: 'Mean shuffle tail',
    unit: 's',
    better: 'lower',
    floor: 0,
    description: "Mean over succeeded reduce attempts of the copying left after the job's last map: shuffle end minus the later of start and last map end.",
  },
  {
    key: 'minShareDissatisfaction',
    label: 'Min-share dissatisfaction',
    unit: '',
    better: 'lower',
    floor: 0,
    description: 'Time average of the sum over users with demand below their min share of the missing fraction times priority.',
  },
  {
    key: 'fairness',
    label: 'Fairness deviation',
    unit: '',
    better: 'lower',
    floor: 0,
    description: 'Time average, in slots, of the sum over priority levels of each active user\u2019s distance from the level\u2019s mean slots beyond min share.',
  },
];
