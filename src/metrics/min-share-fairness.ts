/**
 * Min-share dissatisfaction and fairness, from Rasooli and Down, "An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems" (CASCON
 * 2011) and its journal successor COSHH; formulas as in our spec of that paper
 * (§3.2), time-averaged over the run's span [first submit, last job end]:
 *
 *   Dissatisfaction(t) = Σ_U (U.minShare − |AssignedSlots(U,t)|) / U.minShare × U.priority
 *       over users U with Demand(U,t) ≠ ∅ and |AssignedSlots(U,t)| < U.minShare;
 *   Fairness(t) = Σ_p Σ_{U ∈ Users_p(t)} |A(U,t) − avg_p(t)|,
 *       A(U,t) = |AssignedSlots(U,t)| − U.minShare, avg_p the mean of A over Users_p(t).
 *
 * Readings where the paper is silent (each also in docs/metrics.md):
 * - A job's user is its `user`. A user's priority and min share come from
 *   scenario.users; a user not listed there has priority 1 and min share 0.
 *   The min share is map + reduce slots, because AssignedSlots counts slots of
 *   both kinds.
 * - AssignedSlots(U,t): attempts of U's jobs running at t ([start, end)),
 *   whatever their final status; an attempt still running when the run stopped
 *   runs until the run's end time.
 * - Demand(U,t) ≠ ∅ iff one of U's jobs is submitted and not ended at t and
 *   has a task neither running nor succeeded at t. A task is pending from its
 *   job's submission until an attempt of it starts, and again when its last
 *   running attempt ends failed or killed, until the next attempt starts; a
 *   killed attempt does not make a task pending while another attempt of it
 *   runs or after one succeeded. A map whose output a node failure lost, which
 *   the simulator re-runs and records as killed, counts as done until the
 *   failure (lost-outputs.ts). Reduces count as demand from submission
 *   (slow-start is a scheduler's choice, not the user's lack of demand).
 * - Users_p(t): users of priority p with a job submitted and not ended at t.
 *
 * Both functions are piecewise constant between events (job submit and end,
 * attempt start and end, output lost). One sweep over the events in time
 * order integrates them exactly: each user's dissatisfaction term and each
 * priority level's fairness term is added up when it next changes. Fairness per level is kept
 * by an AbsoluteDeviationSet, so the sweep is O(E log E) for E events.
 */
import { KIND_MAP, STATUS_SUCCEEDED, type RunRecord } from '../model/index.js';
import { AbsoluteDeviationSet } from './absolute-deviation-set.js';
import type { AttemptOrder } from './attempt-order.js';
import { lostMapOutputs } from './lost-outputs.js';
import { orderBy } from '../util/radix-sort.js';
import type { Span } from './span.js';
import type { TimeBuckets } from './time-buckets.js';

export interface ShareMetrics {
  /** Time average of Dissatisfaction(t) over the span; null without a span of positive length. */
  readonly minShareDissatisfaction: number | null;
  /** Time average of Fairness(t) over the span, in slots; null without a span of positive length. */
  readonly fairness: number | null;
}

/** Dissatisfaction(t) and Fairness(t), averaged over time buckets (time-buckets.ts), for charts. */
export interface ShareSeries {
  readonly dissatisfaction: TimeBuckets;
  readonly fairness: TimeBuckets;
}

/**
 * `ends`: each attempt's effective end (attempt-end.ts), `order` the rows by
 * start and by end (attempt-order.ts); `series`, if given, receives both
 * functions over time.
 */
export function shareMetrics(run: RunRecord, span: Span | null, ends: Float64Array, order: AttemptOrder, series?: ShareSeries): ShareMetrics {
  if (span === null || !(span.end > span.start)) return { minShareDissatisfaction: null, fairness: null };
  const sweep = new ShareSweep(run, span, series);
  sweep.run(ends, order);
  const length = span.end - span.start;
  return { minShareDissatisfaction: sweep.dissatisfaction / length, fairness: sweep.unfairness / length };
}

class ShareSweep {
  /** ∫ Dissatisfaction dt and ∫ Fairness dt over the span. */
  dissatisfaction = 0;
  unfairness = 0;

  private readonly from: number;
  private readonly to: number;

  // users
  private readonly minShare: Float64Array;
  private readonly priority: Float64Array;
  private readonly jobUser: Int32Array;
  private readonly userLevel: Int32Array;
  private readonly userMember: Int32Array;
  private readonly pendingOfUser: Int32Array;
  private readonly assigned: Int32Array;
  private readonly activeJobs: Int32Array;
  private readonly userSince: Float64Array;

  // priority levels
  private readonly levels: AbsoluteDeviationSet[];
  private readonly levelValue: Float64Array;
  private readonly levelDirty: Uint8Array;
  private readonly levelSince: Float64Array;

  // jobs and tasks
  private readonly jobActive: Uint8Array;
  private readonly pendingOfJob: Int32Array;
  private readonly taskBase: Int32Array;
  private readonly mapsOf: Int32Array;
  private readonly running: Int32Array;
  /** Succeeded attempts of each task whose output still counts. */
  private readonly succeeded: Int32Array;
  /** Attempts recorded as killed that were successes whose output a node failure lost later. */
  private lostLater: Uint8Array = new Uint8Array(0);

  constructor(
    private readonly record: RunRecord,
    span: Span,
    private readonly series?: ShareSeries,
  ) {
    this.from = span.start;
    this.to = span.end;
    const { scenario, jobs } = record;

    const userIndex = new Map<string, number>();
    const minShare: number[] = [];
    const priority: number[] = [];
    const addUser = (id: string, share: number, prio: number): number => {
      userIndex.set(id, minShare.length);
      minShare.push(share);
      priority.push(prio);
      return minShare.length - 1;
    };
    for (const u of scenario.users) {
      if (!userIndex.has(u.id)) addUser(u.id, u.minShare.map + u.minShare.reduce, u.priority);
    }
    this.jobUser = new Int32Array(jobs.length);
    jobs.forEach((job, j) => {
      this.jobUser[j] = userIndex.get(job.user) ?? addUser(job.user, 0, 1);
    });
    const users = minShare.length;
    this.minShare = Float64Array.from(minShare);
    this.priority = Float64Array.from(priority);

    const levelOf = new Map<number, number>();
    const members: number[][] = [];
    this.userLevel = new Int32Array(users);
    this.userMember = new Int32Array(users);
    for (let u = 0; u < users; u++) {
      let level = levelOf.get(priority[u]);
      if (level === undefined) {
        level = members.length;
        levelOf.set(priority[u], level);
        members.push([]);
      }
      this.userLevel[u] = level;
      this.userMember[u] = members[level].length;
      members[level].push(u);
    }
    this.levels = members.map((list) => new AbsoluteDeviationSet(list.map((u) => -minShare[u])));
    this.levelValue = new Float64Array(members.length);
    this.levelDirty = new Uint8Array(members.length);
    this.levelSince = new Float64Array(members.length).fill(-Infinity);
    this.pendingOfUser = new Int32Array(users);
    this.assigned = new Int32Array(users);
    this.activeJobs = new Int32Array(users);
    this.userSince = new Float64Array(users).fill(-Infinity);

    this.jobActive = new Uint8Array(jobs.length);
    this.pendingOfJob = new Int32Array(jobs.length);
    this.taskBase = new Int32Array(jobs.length + 1);
    this.mapsOf = new Int32Array(jobs.length);
    scenario.jobs.forEach((job, j) => {
      this.mapsOf[j] = job.maps.length;
      this.taskBase[j + 1] = this.taskBase[j] + job.maps.length + job.reduces.length;
    });
    this.running = new Int32Array(this.taskBase[jobs.length]);
    this.succeeded = new Int32Array(this.taskBase[jobs.length]);
  }

  run(ends: Float64Array, order: AttemptOrder): void {
    const { jobs, attempts } = this.record;
    const count = attempts.count;
    const submitTime = new Float64Array(jobs.length);
    const endTime = new Float64Array(jobs.length);
    let ended = 0;
    const endedJobs = new Int32Array(jobs.length);
    jobs.forEach((job, j) => {
      submitTime[j] = job.submit;
      if (job.status !== 'unfinished' && job.end !== null) endedJobs[ended++] = j;
    });
    for (let k = 0; k < ended; k++) {
      const job = jobs[endedJobs[k]];
      endTime[k] = Math.max(job.end as number, job.submit);
    }
    const submitOrder = orderBy(submitTime, jobs.length);
    const jobEndOrder = orderBy(endTime, ended);
    const { byStart: startOrder, byEnd: endOrder } = order;
    const start = attempts.start;
    const lost = lostMapOutputs(this.record, ends);
    const lossOrder = orderBy(lost.at, lost.count);
    this.lostLater = new Uint8Array(count);
    for (let k = 0; k < lost.count; k++) this.lostLater[lost.attempt[k]] = 1;

    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let e = 0;
    // At equal times: submissions, attempt starts, attempt ends, job ends, lost outputs.
    // The state after all of a time's events does not depend on that order.
    for (;;) {
      const tSubmit = a < jobs.length ? submitTime[submitOrder[a]] : Infinity;
      const tStart = b < count ? start[startOrder[b]] : Infinity;
      const tEnd = c < count ? ends[endOrder[c]] : Infinity;
      const tJobEnd = d < ended ? endTime[jobEndOrder[d]] : Infinity;
      const tLoss = e < lost.count ? lost.at[lossOrder[e]] : Infinity;
      const t = Math.min(tSubmit, tStart, tEnd, tJobEnd, tLoss);
      if (!(t < this.to)) break;
      if (tSubmit === t) this.onSubmit(submitOrder[a++], t);
      else if (tStart === t) this.onAttemptStart(startOrder[b++], t);
      else if (tEnd === t) this.onAttemptEnd(endOrder[c++], t);
      else if (tJobEnd === t) this.onJobEnd(endedJobs[jobEndOrder[d++]], t);
      else this.onOutputLost(lost.attempt[lossOrder[e++]], t);
    }
    for (let u = 0; u < this.minShare.length; u++) this.flushUser(u, this.to);
    for (let l = 0; l < this.levels.length; l++) this.flushLevel(l, this.to);
  }

  private onSubmit(j: number, t: number): void {
    const u = this.jobUser[j];
    this.flushUser(u, t);
    this.jobActive[j] = 1;
    let pending = 0;
    for (let task = this.taskBase[j]; task < this.taskBase[j + 1]; task++) {
      if (this.succeeded[task] === 0 && this.running[task] === 0) pending++;
    }
    this.pendingOfJob[j] = pending;
    this.pendingOfUser[u] += pending;
    if (++this.activeJobs[u] === 1) this.setActive(u, true, t);
  }

  private onJobEnd(j: number, t: number): void {
    const u = this.jobUser[j];
    this.flushUser(u, t);
    this.jobActive[j] = 0;
    this.pendingOfUser[u] -= this.pendingOfJob[j];
    this.pendingOfJob[j] = 0;
    if (--this.activeJobs[u] === 0) this.setActive(u, false, t);
  }

  private onAttemptStart(i: number, t: number): void {
    this.changeTask(i, t, 1, 0);
  }

  private onAttemptEnd(i: number, t: number): void {
    const done = this.record.attempts.status[i] === STATUS_SUCCEEDED || this.lostLater[i] === 1;
    this.changeTask(i, t, -1, done ? 1 : 0);
  }

  /** Attempt i's output is lost at t: its task is no longer done (see lost-outputs.ts). */
  private onOutputLost(i: number, t: number): void {
    this.changeTask(i, t, 0, -1);
  }

  /**
   * At t, attempt i's task gains `running` running attempts and `done`
   * successes; its user holds `running` more slots.
   */
  private changeTask(i: number, t: number, running: number, done: number): void {
    const j = this.record.attempts.job[i];
    const u = this.jobUser[j];
    const task = this.taskOf(i, j);
    this.flushUser(u, t);
    const was = this.isPending(task, j);
    this.running[task] += running;
    this.succeeded[task] += done;
    this.notePending(task, j, u, was);
    if (running !== 0) this.setAssigned(u, this.assigned[u] + running, t);
  }

  private taskOf(i: number, j: number): number {
    const attempts = this.record.attempts;
    const offset = attempts.kind[i] === KIND_MAP ? 0 : this.mapsOf[j];
    return this.taskBase[j] + offset + attempts.task[i];
  }

  private isPending(task: number, j: number): boolean {
    return this.jobActive[j] === 1 && this.succeeded[task] === 0 && this.running[task] === 0;
  }

  private notePending(task: number, j: number, u: number, was: boolean): void {
    const now = this.isPending(task, j);
    if (now === was) return;
    const delta = now ? 1 : -1;
    this.pendingOfJob[j] += delta;
    this.pendingOfUser[u] += delta;
  }

  private setAssigned(u: number, slots: number, t: number): void {
    const level = this.userLevel[u];
    this.flushLevel(level, t);
    this.assigned[u] = slots;
    this.levels[level].setValue(this.userMember[u], slots - this.minShare[u]);
    this.levelDirty[level] = 1;
  }

  private setActive(u: number, active: boolean, t: number): void {
    const level = this.userLevel[u];
    this.flushLevel(level, t);
    this.levels[level].setOn(this.userMember[u], active);
    this.levelDirty[level] = 1;
  }

  /** Adds user u's dissatisfaction since its last change, up to t (clipped to the span). */
  private flushUser(u: number, t: number): void {
    const from = Math.max(this.userSince[u], this.from);
    const to = Math.min(t, this.to);
    this.userSince[u] = t;
    if (!(to > from)) return;
    const share = this.minShare[u];
    const slots = this.assigned[u];
    if (share > 0 && slots < share && this.pendingOfUser[u] > 0) {
      const term = ((share - slots) / share) * this.priority[u];
      this.dissatisfaction += term * (to - from);
      this.series?.dissatisfaction.add(from, to, term);
    }
  }

  /** Adds a priority level's fairness term since its last change, up to t (clipped to the span). */
  private flushLevel(level: number, t: number): void {
    const from = Math.max(this.levelSince[level], this.from);
    const to = Math.min(t, this.to);
    this.levelSince[level] = t;
    if (!(to > from)) return; // several changes at one instant: the value between them is never integrated
    if (this.levelDirty[level] === 1) {
      this.levelValue[level] = this.levels[level].sumAbsoluteDeviation();
      this.levelDirty[level] = 0;
    }
    this.unfairness += this.levelValue[level] * (to - from);
    this.series?.fairness.add(from, to, this.levelValue[level]);
  }
}
