/**
 * By kind, the jobs that have launched their last task of that kind and
 * still run some: only they may back a task up (`JobState.mayBackUpMap`,
 * `.mayBackUpReduce`), so the cluster-wide question walks them, not every
 * active job. A job joins when its pending tasks of the kind reach none; it
 * is dropped lazily, when found with a task pending again (a re-run), none
 * running, or finished, and joins again at its next last launch.
 *
 * The answer is kept until it may have changed: until the kind's rules are
 * told something (`RulesTold`: a job in its tail heard of a task, a backup
 * started or ended, a job joined), the cluster's slots of the kind change,
 * or, if it was no, until the first time a job's "no" holds to
 * (`BackupRule.noHoldsUntil`: an attempt reaching the lag). So the walk
 * comes with those changes, not with every heartbeat.
 */
import type { JobState } from './job-state.js';
import { KIND_MAP } from '../model/run-record.js';

/** What the list reads of a job. */
export type TailJob = Pick<JobState, 'index' | 'status' | 'pendingMaps' | 'runningMaps' | 'pendingReduces' | 'runningReduces' | 'mayBackUpMap' | 'mayBackUpReduce'> & {
  /** After its may-back-up answer of the kind was no, until when that holds if nothing is told. */
  noHoldsUntil(isMap: boolean): number;
};

/** What the answer was found at, for one kind. */
interface Checked {
  told: number;
  slots: number;
  /** The answer holds before this time (Infinity for a yes: only what is told turns it). */
  until: number;
  answer: boolean;
}

export class TailJobs {
  private readonly jobs: TailJob[][] = [[], []];
  /** By kind, 1 for each job index in the list. */
  private readonly member: Uint8Array[];
  private readonly checked: Checked[] = [
    { told: -1, slots: NaN, until: -Infinity, answer: false },
    { told: -1, slots: NaN, until: -Infinity, answer: false },
  ];

  constructor(jobCount: number) {
    this.member = [new Uint8Array(jobCount), new Uint8Array(jobCount)];
  }

  add(job: TailJob, kind: number): void {
    if (this.member[kind][job.index] === 1) return;
    this.member[kind][job.index] = 1;
    this.jobs[kind].push(job);
  }

  /** Whether some job in the tail of `kind` may back a task up at `now`, given the kind's count of notices (`told`) and the cluster's `slots` of the kind. */
  mayBackUp(kind: number, told: number, slots: number, now: number): boolean {
    const checked = this.checked[kind];
    if (checked.told !== told || checked.slots !== slots || now >= checked.until) {
      checked.told = told;
      checked.slots = slots;
      this.find(kind, checked);
    }
    return checked.answer;
  }

  /** Whether some job in the tail of `kind` may back a task up, and until when a no holds; drops those no longer in it. */
  private find(kind: number, checked: Checked): void {
    const isMap = kind === KIND_MAP;
    const jobs = this.jobs[kind];
    const member = this.member[kind];
    let kept = 0;
    let may = false;
    let until = Infinity;
    for (const job of jobs) {
      const inTail = job.status === 'unfinished' && (isMap ? job.pendingMaps === 0 && job.runningMaps > 0 : job.pendingReduces === 0 && job.runningReduces > 0);
      if (!inTail) {
        member[job.index] = 0;
        continue;
      }
      jobs[kept++] = job;
      if (may) continue;
      may = isMap ? job.mayBackUpMap : job.mayBackUpReduce;
      if (!may) until = Math.min(until, job.noHoldsUntil(isMap));
    }
    jobs.length = kept;
    checked.answer = may;
    checked.until = may ? Infinity : until;
  }
}
