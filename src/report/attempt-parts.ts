/**
 * A run's attempts cut into parts by job, for the files beside a report page
 * (`carried-attempts.ts`): each part holds every attempt of a range of
 * consecutive jobs, in launch order, so that the page loads the parts a
 * stretch of time needs (jobs are numbered as they were submitted, so a range
 * of them runs in a stretch of the day) and a job's attempts come whole with
 * its part. Parts hold about `perPart` attempts; a job with more is a part
 * of its own.
 */
import type { RunRecord } from '../model/run-record.js';

export interface AttemptPart {
  /** The jobs whose attempts it holds: indices `firstJob` to `lastJob`, both included. */
  readonly firstJob: number;
  readonly lastJob: number;
  /** Its attempts' rows in the run, in launch order. */
  readonly rows: Int32Array;
  /** The earliest start and the latest end of its attempts (`ends`: each attempt's effective end), seconds. */
  readonly from: number;
  readonly to: number;
}

export function attemptParts(run: RunRecord, ends: Float64Array, perPart: number): AttemptPart[] {
  const a = run.attempts;
  const jobs = run.scenario.jobs.length;
  const perJob = new Int32Array(jobs);
  for (let i = 0; i < a.count; i++) perJob[a.job[i]]++;
  // Consecutive jobs into parts of about `perPart` attempts.
  const partOfJob = new Int32Array(jobs);
  const ranges: { firstJob: number; lastJob: number; count: number }[] = [];
  for (let job = 0; job < jobs; job++) {
    const last = ranges.at(-1);
    if (last === undefined || (last.count > 0 && last.count + perJob[job] > perPart)) ranges.push({ firstJob: job, lastJob: job, count: perJob[job] });
    else {
      last.lastJob = job;
      last.count += perJob[job];
    }
    partOfJob[job] = ranges.length - 1;
  }
  const rows = ranges.map((range) => new Int32Array(range.count));
  const filled = new Int32Array(ranges.length);
  const from = new Float64Array(ranges.length).fill(Infinity);
  const to = new Float64Array(ranges.length).fill(-Infinity);
  for (let i = 0; i < a.count; i++) {
    const part = partOfJob[a.job[i]];
    rows[part][filled[part]++] = i;
    from[part] = Math.min(from[part], a.start[i]);
    to[part] = Math.max(to[part], ends[i]);
  }
  return ranges
    .map((range, p) => ({ firstJob: range.firstJob, lastJob: range.lastJob, rows: rows[p], from: from[p], to: to[p] }))
    .filter((part) => part.rows.length > 0);
}
