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
  /** Its attempts. */
  readonly count: number;
  /** The earliest start and the latest end of its attempts (`ends`: each attempt's effective end), seconds. */
  readonly from: number;
  readonly to: number;
}

/** The parts, and each attempt's part. */
export function attemptParts(run: RunRecord, ends: Float64Array, perPart: number): { readonly parts: AttemptPart[]; readonly partOf: Int32Array } {
  const a = run.attempts;
  const jobs = run.scenario.jobs.length;
  const perJob = new Int32Array(jobs);
  for (let i = 0; i < a.count; i++) perJob[a.job[i]]++;
  // Consecutive jobs with attempts into parts of about `perPart` attempts.
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
  // A last range of jobs that ran nothing holds no part.
  if (ranges.length > 1 && ranges.at(-1)!.count === 0) {
    ranges.at(-2)!.lastJob = ranges.at(-1)!.lastJob;
    ranges.pop();
    for (let job = ranges.at(-1)!.firstJob; job < jobs; job++) partOfJob[job] = ranges.length - 1;
  }
  const partOf = new Int32Array(a.count);
  const from = new Float64Array(ranges.length).fill(Infinity);
  const to = new Float64Array(ranges.length).fill(-Infinity);
  for (let i = 0; i < a.count; i++) {
    const part = (partOf[i] = partOfJob[a.job[i]]);
    from[part] = Math.min(from[part], a.start[i]);
    to[part] = Math.max(to[part], ends[i]);
  }
  // A part of no attempts (a run that launched none) spans no time.
  const span = (p: number) => (ranges[p].count === 0 ? { from: 0, to: 0 } : { from: from[p], to: to[p] });
  return { parts: ranges.map((range, p) => ({ firstJob: range.firstJob, lastJob: range.lastJob, count: range.count, ...span(p) })), partOf };
}
