/**
 * A run of a `serve` comparison as the live page charts it: the cluster's
 * running maps and reduces and each pool's running maps. While it runs,
 * progress reports come at a step of simulated time (`liveProgressStep`),
 * about LIVE_BINS a run; once it ends, its lines are redrawn from its record
 * (`runSeries`), each point the average over one of LIVE_BINS equal
 * stretches of simulated time from the first submission to the run's end,
 * so every run's lines cover it from its start at the same resolution.
 */
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupTimeline } from '../metrics/group-timeline.js';
import type { RunRecord } from '../model/run-record.js';
import type { Scenario } from '../model/scenario.js';

/** Points of each line of a finished run. */
export const LIVE_BINS = 240;

export interface RunSeries {
  /** Simulated time at which each stretch starts, seconds. */
  readonly times: number[];
  readonly runningMaps: number[];
  readonly runningReduces: number[];
  /** In the order the pools' first jobs came. */
  readonly pools: readonly { readonly pool: string; readonly maps: number[] }[];
}

/** Null for a run with no job in it: there is no span to cut. */
export function runSeries(run: RunRecord): RunSeries | null {
  const timeline = groupTimeline(run, 'pool', LIVE_BINS, attemptEnds(run));
  if (timeline === null) return null;
  return {
    times: Array.from({ length: timeline.bins }, (_, i) => tenths(timeline.start + i * timeline.width)),
    runningMaps: Array.from(timeline.runningMaps, tenths),
    runningReduces: Array.from(timeline.runningReduces, tenths),
    pools: timeline.groups.map((group) => ({ pool: group.id, maps: Array.from(group.runningMaps, tenths) })),
  };
}

/**
 * Simulated seconds between a run's live points while it runs: the span its
 * jobs are submitted over or, if longer, its work spread over the cluster's
 * slots (a batch submitted at once), cut in LIVE_BINS. A run that lasts
 * longer than that estimate gets more points.
 */
export function liveProgressStep(scenario: Scenario): number {
  const { jobs, cluster } = scenario;
  let first = Infinity;
  let last = -Infinity;
  let work = 0;
  for (const job of jobs) {
    first = Math.min(first, job.submitTime);
    last = Math.max(last, job.submitTime);
    for (const map of job.maps.work) work += map;
    for (const reduce of job.reduces) work += reduce.work;
  }
  const slots = cluster.nodes.reduce((sum, node) => sum + node.mapSlots + node.reduceSlots, 0);
  const span = Math.max(last - first, slots > 0 ? work / slots : 0);
  return span > 0 ? span / LIVE_BINS : 0;
}

/** To a tenth: finer than a chart shows, and it keeps the events small. */
function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
