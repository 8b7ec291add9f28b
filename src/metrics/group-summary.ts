/**
 * One line per pool (or user) of a run: how many jobs, how long they waited
 * for their first task (job-wait.ts), how long they took to complete
 * (end − submit, over succeeded jobs), and the slot-seconds their attempts
 * held. The table that says which pool waited.
 */
import { KIND_MAP, type RunRecord } from '../model/index.js';
import type { Grouping } from './group-timeline.js';
import { jobWait } from './job-wait.js';
import { mean, quantileNearestRank } from './statistics.js';

export interface GroupSummary {
  readonly id: string;
  readonly jobs: number;
  readonly succeeded: number;
  readonly meanWait: number;
  readonly maxWait: number;
  /** Over succeeded jobs; null when none succeeded. */
  readonly meanCompletionTime: number | null;
  readonly p95CompletionTime: number | null;
  readonly mapSlotSeconds: number;
  readonly reduceSlotSeconds: number;
}

/** `ends`: each attempt's effective end (attempt-end.ts). In order of first appearance among the jobs. */
export function groupSummaries(run: RunRecord, grouping: Grouping, ends: Float64Array): GroupSummary[] {
  const groups = new Map<string, { waits: number[]; times: number[]; slotSeconds: [number, number] }>();
  const ofJob = run.jobs.map((job) => {
    const id = grouping === 'pool' ? job.pool : job.user;
    let group = groups.get(id);
    if (group === undefined) {
      group = { waits: [], times: [], slotSeconds: [0, 0] };
      groups.set(id, group);
    }
    group.waits.push(jobWait(job, run.endTime));
    if (job.status === 'succeeded' && job.end !== null) group.times.push(job.end - job.submit);
    return group;
  });
  const a = run.attempts;
  for (let i = 0; i < a.count; i++) ofJob[a.job[i]].slotSeconds[a.kind[i] === KIND_MAP ? 0 : 1] += ends[i] - a.start[i];
  return [...groups].map(([id, group]) => {
    const times = Float64Array.from(group.times).sort();
    return {
      id,
      jobs: group.waits.length,
      succeeded: times.length,
      meanWait: mean(group.waits),
      maxWait: Math.max(...group.waits),
      meanCompletionTime: times.length === 0 ? null : mean(times),
      p95CompletionTime: times.length === 0 ? null : quantileNearestRank(times, 0.95),
      mapSlotSeconds: group.slotSeconds[0],
      reduceSlotSeconds: group.slotSeconds[1],
    };
  });
}
