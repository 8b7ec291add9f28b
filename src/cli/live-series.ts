/**
 * A finished run of a `serve` comparison as the live page charts it: the
 * cluster's running maps and reduces and each pool's running maps, each the
 * average over one of LIVE_BINS equal stretches of simulated time, from the
 * first submission to the run's end. Progress events come every few tens of
 * thousands of events, a handful a run; these replace them once the run ends,
 * so every run's lines cover it from its start at the same resolution.
 */
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupTimeline } from '../metrics/group-timeline.js';
import type { RunRecord } from '../model/run-record.js';

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

/** To a tenth: finer than a chart shows, and it keeps the events small. */
function tenths(value: number): number {
  return Math.round(value * 10) / 10;
}
