/**
 * Map outputs lost to node failures. When a node fails, the simulator re-runs
 * the finished maps whose output on that node is still needed, and marks each
 * one's earlier, successful attempt `killed` (as Hadoop does). Read literally,
 * such a task would look unfinished from that attempt's end; in fact it was
 * done until the failure. This finds those attempts so that the min-share
 * sweep counts the task done from the attempt's end until the failure, and
 * pending from the failure until its next attempt starts.
 *
 * The rule: a map attempt marked killed, on a node that failed after the
 * attempt ended, is such a success if the task's next attempt (the next row of
 * the same task in launch order) starts no earlier than that failure, or there
 * is none. A map killed for another reason (its job failed, a speculative
 * copy lost, preemption) either has no failure of its node before the task's
 * next launch, or belongs to a job or task that is no longer demanded, so the
 * reading does not change it.
 */
import { KIND_MAP, STATUS_KILLED, type RunRecord } from '../model/index.js';

export interface LostOutputs {
  readonly count: number;
  /** Attempt rows read as successes whose output was lost… */
  readonly attempt: Int32Array;
  /** …at these times (the failure of the attempt's node). */
  readonly at: Float64Array;
}

const NONE: LostOutputs = { count: 0, attempt: new Int32Array(0), at: new Float64Array(0) };

/** `ends`: each attempt's effective end (see attempt-end.ts). */
export function lostMapOutputs(run: RunRecord, ends: Float64Array): LostOutputs {
  const failures = run.scenario.settings.failures;
  if (failures.length === 0) return NONE;
  const failuresOf = new Map<number, number[]>();
  for (const f of failures) {
    const list = failuresOf.get(f.node);
    if (list === undefined) failuresOf.set(f.node, [f.at]);
    else list.push(f.at);
  }
  for (const list of failuresOf.values()) list.sort((x, y) => x - y);

  const jobs = run.scenario.jobs;
  const mapBase = new Int32Array(jobs.length + 1);
  jobs.forEach((job, j) => {
    mapBase[j + 1] = mapBase[j] + job.maps.length;
  });
  const nextStart = new Float64Array(mapBase[jobs.length]).fill(NaN);
  const { kind, status, job, task, node, start } = run.attempts;
  const attempt: number[] = [];
  const at: number[] = [];
  for (let i = run.attempts.count - 1; i >= 0; i--) {
    if (kind[i] !== KIND_MAP) continue;
    const t = mapBase[job[i]] + task[i];
    if (status[i] === STATUS_KILLED) {
      const list = failuresOf.get(node[i]);
      const failure = list?.find((f) => f > ends[i]);
      const next = nextStart[t];
      if (failure !== undefined && !(next < failure)) {
        attempt.push(i);
        at.push(failure);
      }
    }
    nextStart[t] = start[i];
  }
  if (attempt.length === 0) return NONE;
  attempt.reverse();
  at.reverse();
  return { count: attempt.length, attempt: Int32Array.from(attempt), at: Float64Array.from(at) };
}
