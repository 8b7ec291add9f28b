/**
 * A run record's overview for the report's Gantt chart (`browser/lane-occupancy.js`,
 * shared with the page): drawn in place of its attempts when they are too many
 * for the page and wait in a file beside it (`html-report.ts`).
 */
import type { RunRecord } from '../model/run-record.js';
import { laneOccupancy, OVERVIEW_BINS, type LaneOccupancy } from './browser/lane-occupancy.js';

/** `ends`: each attempt's effective end (metrics' attemptEnds), the ends the Gantt draws. */
export function attemptOverview(run: RunRecord, ends: Float64Array, bins = OVERVIEW_BINS): LaneOccupancy {
  const a = run.attempts;
  return laneOccupancy({ count: a.count, node: a.node, kind: a.kind, start: a.start, end: ends }, run.scenario.cluster.nodes.length, bins);
}
