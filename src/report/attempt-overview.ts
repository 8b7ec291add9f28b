/**
 * A run record's overview for the report's Gantt chart (`browser/lane-occupancy.js`,
 * shared with the page): drawn in place of its attempts when they are too many
 * for the page and wait in a file beside it (`html-report.ts`).
 */
import type { RunRecord } from '../model/run-record.js';
import { laneOccupancy, OVERVIEW_BINS, type LaneOccupancy } from './browser/lane-occupancy.js';
import { firstSeen } from './report-model.js';

/** `ends`: each attempt's effective end (metrics' attemptEnds), the ends the Gantt draws; pools indexed as the report model's. */
export function attemptOverview(run: RunRecord, ends: Float64Array, bins = OVERVIEW_BINS): LaneOccupancy {
  const a = run.attempts;
  const poolOfJob = firstSeen(run.jobs.map((job) => job.pool)).index;
  return laneOccupancy({ count: a.count, node: a.node, kind: a.kind, start: a.start, end: ends, job: a.job, locality: a.locality }, run.scenario.cluster.nodes.length, bins, poolOfJob);
}
