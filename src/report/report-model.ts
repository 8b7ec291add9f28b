/**
 * What the interactive report's scripts draw, computed here once: per
 * scheduler, the cluster's running tasks and each pool's and user's running
 * tasks, demand, fair share and waiting jobs over time (first replication);
 * on a YARN resource cluster, each pool's and user's memory, vcores and
 * dominant share over time, with the pools' YARN fair shares, in their place;
 * Rasooli and Down's min-share dissatisfaction, fairness and locality over
 * time; every metric in its one unit with the best marked as printed and the paired
 * difference from the baseline; completion-time distributions; the nodes and
 * jobs the Gantt chart names. The attempts themselves travel packed beside it
 * (`attempt-columns.ts`). Numbers are rounded to what the charts can show.
 */
import type { Comparison, SchedulerComparison } from '../experiment/compare.js';
import { poolResourceFairShares } from '../experiment/pool-resource-shares.js';
import { poolFairShares, slotCapacity } from '../experiment/pool-shares.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { taskDoneTimes, type TaskDoneTimes } from '../metrics/task-done-times.js';
import { dominantShare } from '../metrics/dominant-share.js';
import { groupResourceTimeline, type GroupResourceTimeline } from '../metrics/group-resources.js';
import { groupTimeline, type GroupTimeline } from '../metrics/group-timeline.js';
import { clusterResources } from '../metrics/held-containers.js';
import { pairedDifference, type MetricDefinition, type MetricsOverTime } from '../metrics/index.js';
import type { Resources } from '../model/resources.js';
import type { RunRecord } from '../model/run-record.js';
import { bestPrinted, differenceScale, differenceText, formatScaled, metricScale, type MetricScale } from './metric-scale.js';

/** Time bins of the over-time charts. */
const TIME_BINS = 480;
/** Points of each completion-time distribution. */
const CDF_POINTS = 400;

export interface SeriesSet {
  readonly id: string;
  readonly runningMaps: number[];
  readonly runningReduces: number[];
  readonly demandMaps: number[];
  readonly demandReduces: number[];
  readonly waitingJobs: number[];
  /** Pools only: the Fair Scheduler's share for the demand. */
  readonly fairMaps?: number[];
  readonly fairReduces?: number[];
}

/** A group's use of a resource cluster over time, in the bins of its run: memory in MB, dominant shares in percent. */
export interface ResourceSeriesSet {
  readonly id: string;
  readonly memory: number[];
  readonly vcores: number[];
  readonly dominantShare: number[];
  readonly demandMemory: number[];
  readonly demandVcores: number[];
  /** Pools only: YARN's instantaneous fair share; its vcores only below drf queues, its dominant share otherwise of memory alone. */
  readonly fairMemory?: number[];
  readonly fairVcores?: number[];
  readonly fairDominantShare?: number[];
}

export interface RunModel {
  readonly scheduler: string;
  readonly seed: number;
  /** Start and width of the time bins, seconds. */
  readonly binStart: number;
  readonly binWidth: number;
  readonly runningMaps: number[];
  readonly runningReduces: number[];
  readonly pools: readonly SeriesSet[];
  readonly users: readonly SeriesSet[];
  /** On a resource cluster only: the groups' memory, vcores and dominant shares, in place of their tasks. */
  readonly poolResources?: readonly ResourceSeriesSet[];
  readonly userResources?: readonly ResourceSeriesSet[];
  /** Rasooli and Down's metrics over the run's span in equal bins; null without a span. */
  readonly overTime: OverTimeModel | null;
}

export interface OverTimeModel {
  readonly binStart: number;
  readonly binWidth: number;
  readonly dissatisfaction: (number | null)[];
  readonly fairness: (number | null)[];
  /** Percent of running maps that read locally; null in a bin where no map read input. */
  readonly locality: (number | null)[];
}

export interface MetricModel {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly better: MetricDefinition['better'];
  readonly scale: MetricScale;
  /** Per scheduler: mean and 95% interval (null bounds with one replication), or null where undefined. */
  readonly values: readonly ({ mean: number; low: number | null; high: number | null } | null)[];
  readonly printed: readonly string[];
  readonly best: readonly number[];
  /** Per scheduler: its value minus the baseline's, paired by seed, with a 95% interval; null for the baseline. */
  readonly differences: readonly ({ mean: number; low: number | null; high: number | null; printed: string } | null)[];
}

export interface PoolModel {
  readonly id: string;
  readonly weight: number;
  readonly minShareMaps: number;
  readonly minShareReduces: number;
  readonly maxRunningJobs: number | null;
  /** On a resource cluster only: YARN's minResources (MB, vcores) and the pool's own scheduling policy, if it sets one. */
  readonly minResources?: { readonly memory: number; readonly vcores: number };
  readonly schedulingPolicy?: string;
}

export interface ReportModel {
  readonly schedulers: readonly string[];
  readonly baseline: number;
  readonly seeds: readonly number[];
  readonly mapSlots: number;
  readonly reduceSlots: number;
  /** On a resource cluster only: its memory in MB and its vcores. */
  readonly resources?: { readonly memory: number; readonly vcores: number };
  readonly pools: readonly PoolModel[];
  readonly users: readonly { id: string; minShareMaps: number; minShareReduces: number }[];
  readonly nodes: { readonly ids: readonly string[]; readonly rack: readonly number[]; readonly racks: readonly string[] };
  readonly jobs: { readonly ids: readonly string[]; readonly pool: readonly number[]; readonly user: readonly number[]; readonly submit: readonly number[] };
  readonly runs: readonly RunModel[];
  readonly metrics: readonly MetricModel[];
  /** Per scheduler: completion times at evenly spaced ranks, and how many jobs they stand for. */
  readonly completionTimes: readonly { readonly times: number[]; readonly jobs: number }[];
}

/** `ends`: each first replication's effective attempt ends (attempt-end.ts), if the caller has them. */
export function reportModel(
  comparison: Comparison,
  metrics: readonly MetricDefinition[],
  baseline: number,
  ends: readonly Float64Array[] = comparison.results.map((r) => attemptEnds(r.sample)),
): ReportModel {
  const results = comparison.results;
  const first = results[0].sample;
  const scenario = first.scenario;
  const [mapSlots, reduceSlots] = slotCapacity(first);
  const capacity = clusterResources(first);
  const runs = results.map((r, s) => runModel(r.sample, r.overTime, ends[s]));
  const pools = firstSeen(first.jobs.map((job) => job.pool));
  const users = firstSeen(first.jobs.map((job) => job.user));
  const poolSpecs = new Map(scenario.pools.map((pool) => [pool.id, pool]));
  const userSpecs = new Map(scenario.users.map((user) => [user.id, user]));
  const racks = [...new Set(scenario.cluster.nodes.map((node) => node.rack))];
  return {
    schedulers: results.map((r) => r.scheduler),
    baseline,
    seeds: comparison.seeds,
    mapSlots,
    reduceSlots,
    ...(capacity === null ? {} : { resources: inMegabytes(capacity) }),
    pools: pools.ids.map((id) => {
      const pool = poolSpecs.get(id);
      const slots = {
        id,
        weight: pool?.weight ?? 1,
        minShareMaps: pool?.minShare.map ?? 0,
        minShareReduces: pool?.minShare.reduce ?? 0,
        maxRunningJobs: pool === undefined || pool.maxRunningJobs === Infinity ? null : pool.maxRunningJobs,
      };
      if (capacity === null) return slots;
      const policy = pool?.schedulingPolicy === undefined ? {} : { schedulingPolicy: pool.schedulingPolicy };
      return { ...slots, minResources: inMegabytes(pool?.minResources ?? { memory: 0, vcores: 0 }), ...policy };
    }),
    users: users.ids.map((id) => ({ id, minShareMaps: userSpecs.get(id)?.minShare.map ?? 0, minShareReduces: userSpecs.get(id)?.minShare.reduce ?? 0 })),
    nodes: {
      ids: scenario.cluster.nodes.map((node) => node.id),
      rack: scenario.cluster.nodes.map((node) => racks.indexOf(node.rack)),
      racks,
    },
    jobs: {
      ids: first.jobs.map((job) => job.id),
      pool: pools.index,
      user: users.index,
      submit: first.jobs.map((job) => tenths(job.submit)),
    },
    runs,
    metrics: metrics.map((metric) => metricModel(metric, results, baseline)),
    completionTimes: results.map((r) => ({ times: evenRanks(r.completionTimes, CDF_POINTS).map(round2), jobs: r.completionTimes.length })),
  };
}

function runModel(run: RunRecord, overTime: MetricsOverTime | null, ends: Float64Array): RunModel {
  const done = taskDoneTimes(run, ends);
  const pools = groupTimeline(run, 'pool', TIME_BINS, ends, done);
  const users = groupTimeline(run, 'user', TIME_BINS, ends, done);
  const fair = pools === null ? [] : poolFairShares(run, pools);
  return {
    scheduler: run.scheduler,
    seed: run.seed,
    binStart: pools?.start ?? 0,
    binWidth: pools?.width ?? 0,
    runningMaps: rounded(pools?.runningMaps),
    runningReduces: rounded(pools?.runningReduces),
    pools: seriesSets(pools).map((set, g) => ({ ...set, fairMaps: rounded(fair[g].fairMaps), fairReduces: rounded(fair[g].fairReduces) })),
    users: seriesSets(users),
    ...resourceModels(run, ends, done),
    overTime: overTimeModel(overTime),
  };
}

/** On a resource cluster, each pool's and user's resource series, the pools' with their fair shares; nothing elsewhere. */
function resourceModels(run: RunRecord, ends: Float64Array, done: TaskDoneTimes): Pick<RunModel, 'poolResources' | 'userResources'> {
  const pools = groupResourceTimeline(run, 'pool', TIME_BINS, ends, done);
  const users = groupResourceTimeline(run, 'user', TIME_BINS, ends, done);
  if (pools === null || users === null) return {};
  const capacity = pools.capacity;
  const fair = poolResourceFairShares(run, pools);
  return {
    poolResources: resourceSeriesSets(pools).map((set, g) => {
      const { fairMemory, fairVcores } = fair[g];
      const shares = Array.from(fairMemory, (memory, bin) => percent(dominantShare({ memory, vcores: fairVcores?.[bin] ?? 0 }, capacity)));
      return { ...set, fairMemory: megabytes(fairMemory), ...(fairVcores === null ? {} : { fairVcores: rounded(fairVcores) }), fairDominantShare: shares };
    }),
    userResources: resourceSeriesSets(users),
  };
}

function resourceSeriesSets(timeline: GroupResourceTimeline): ResourceSeriesSet[] {
  return timeline.groups.map((group) => ({
    id: group.id,
    memory: megabytes(group.memory),
    vcores: rounded(group.vcores),
    dominantShare: Array.from(group.dominantShare, percent),
    demandMemory: megabytes(group.demandMemory),
    demandVcores: rounded(group.demandVcores),
  }));
}

function overTimeModel(series: MetricsOverTime | null): OverTimeModel | null {
  if (series === null) return null;
  const hundredths = (values: Float64Array) => Array.from(values, (v) => (Number.isNaN(v) ? null : round2(v)));
  return {
    binStart: series.start,
    binWidth: (series.end - series.start) / series.buckets,
    dissatisfaction: hundredths(series.dissatisfaction),
    fairness: hundredths(series.fairness),
    locality: hundredths(series.locality),
  };
}

function seriesSets(timeline: GroupTimeline | null): SeriesSet[] {
  return (timeline?.groups ?? []).map((group) => ({
    id: group.id,
    runningMaps: rounded(group.runningMaps),
    runningReduces: rounded(group.runningReduces),
    demandMaps: rounded(group.demandMaps),
    demandReduces: rounded(group.demandReduces),
    waitingJobs: rounded(group.waitingJobs),
  }));
}

function metricModel(metric: MetricDefinition, results: readonly SchedulerComparison[], baseline: number): MetricModel {
  const intervals = results.map((r) => r.intervals[metric.key]);
  const base = results[baseline].runs.map((run) => run[metric.key]);
  const differences = results.map((r, s) => (s === baseline ? null : pairedDifference(r.runs.map((run) => run[metric.key]), base)));
  const scale = metricScale(metric, [
    ...intervals.flatMap((c) => (c === null ? [] : [c.mean, c.low, c.high])),
    ...differences.flatMap((c) => (c === null ? [] : [c.mean, c.low, c.high])),
  ]);
  const means = intervals.map((c) => c?.mean ?? null);
  // A small difference keeps its digits: 0.00 TiB·hops ± 0.00 TiB·hops said nothing.
  const differencesScale = differenceScale(scale, differences.flatMap((c) => (c === null ? [] : [c.mean, c.halfWidth])));
  return {
    key: metric.key,
    label: metric.label,
    description: metric.description,
    better: metric.better,
    scale,
    values: intervals.map((c) => (c === null ? null : { mean: c.mean, low: c.low, high: c.high })),
    printed: means.map((v) => formatScaled(v, scale)),
    best: bestPrinted(means, metric, scale),
    differences: differences.map((c) =>
      c === null ? null : { mean: c.mean, low: c.low, high: c.high, printed: differenceText(c, differencesScale) },
    ),
  };
}

/** `count` values at evenly spaced ranks of the sorted values (all of them when fewer), first and last included. */
export function evenRanks(values: readonly number[], count: number): number[] {
  const sorted = Float64Array.from(values).sort();
  if (sorted.length <= count) return [...sorted];
  return Array.from({ length: count }, (_, i) => sorted[Math.round((i * (sorted.length - 1)) / (count - 1))]);
}

function tenths(seconds: number): number {
  return Math.round(seconds * 10);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Memory in whole MB (YARN's unit), as a chart shows it. */
function megabytes(bytes: Float64Array): number[] {
  return Array.from(bytes, (v) => Math.round(v / 2 ** 20));
}

function inMegabytes(resources: Resources): { memory: number; vcores: number } {
  return { memory: Math.round(resources.memory / 2 ** 20), vcores: resources.vcores };
}

/** A share from 0 to 1 as a percentage to a hundredth. */
function percent(share: number): number {
  return round2(share * 100);
}

/** Slot counts to a tenth: finer than a chart shows, and it keeps a day's series small. */
function rounded(values: Float64Array | undefined): number[] {
  return values === undefined ? [] : Array.from(values, (v) => Math.round(v * 10) / 10);
}

/** The distinct values in the order they first come, and each value's index among them: the report's pools and users, and each job's. */
export function firstSeen(values: readonly string[]): { ids: string[]; index: number[] } {
  const at = new Map<string, number>();
  const index = values.map((value) => {
    let i = at.get(value);
    if (i === undefined) at.set(value, (i = at.size));
    return i;
  });
  return { ids: [...at.keys()], index };
}
