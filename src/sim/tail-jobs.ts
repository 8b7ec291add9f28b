/**
 * By kind, the jobs that have launched their last task of that kind and
 * still run some: only they may back a task up (`JobState.mayBackUpMap`,
 * `.mayBackUpReduce`), so the cluster-wide question walks them, not every
 * active job. A job joins when its pending tasks of the kind reach none; it
 * is dropped lazily, when found with a task pending again (a re-run), none
 * running, or finished, and joins again at its next last launch.
 */
import type { JobState } from './job-state.js';
import { KIND_MAP } from '../model/run-record.js';

/** What the list reads of a job. */
export type TailJob = Pick<JobState, 'index' | 'status' | 'pendingMaps' | 'runningMaps' | 'pendingReduces' | 'runningReduces' | 'mayBackUpMap' | 'mayBackUpReduce'>;

export class TailJobs {
  private readonly jobs: TailJob[][] = [[], []];
  /** By kind, 1 for each job index in the list. */
  private readonly member: Uint8Array[];
  /** By kind: the state version the answer was last found at, and the answer. */
  private readonly checkedAt = [-1, -1];
  private readonly answer = [false, false];

  constructor(jobCount: number) {
    this.member = [new Uint8Array(jobCount), new Uint8Array(jobCount)];
  }

  add(job: TailJob, kind: number): void {
    if (this.member[kind][job.index] === 1) return;
    this.member[kind][job.index] = 1;
    this.jobs[kind].push(job);
  }

  /** Whether some job in the tail of `kind` may back a task up now, found once per state version (`JobTracker.stateVersion`). */
  mayBackUp(kind: number, stateVersion: number): boolean {
    if (this.checkedAt[kind] !== stateVersion) {
      this.checkedAt[kind] = stateVersion;
      this.answer[kind] = this.find(kind);
    }
    return this.answer[kind];
  }

  /** Whether some job in the tail of `kind` may back a task up; drops those no longer in it. */
  private find(kind: number): boolean {
    const isMap = kind === KIND_MAP;
    const jobs = this.jobs[kind];
    const member = this.member[kind];
    let kept = 0;
    let may = false;
    for (const job of jobs) {
      const inTail = job.status === 'unfinished' && (isMap ? job.pendingMaps === 0 && job.runningMaps > 0 : job.pendingReduces === 0 && job.runningReduces > 0);
      if (!inTail) {
        member[job.index] = 0;
        continue;
      }
      jobs[kept++] = job;
      may ||= isMap ? job.mayBackUpMap : job.mayBackUpReduce;
    }
    jobs.length = kept;
    return may;
  }
}
