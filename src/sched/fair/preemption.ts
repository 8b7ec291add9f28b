/**
 * Hadoop 1's Fair Scheduler preemption (`FairScheduler.preemptTasksIfNecessary`),
 * on with `schedulerOptions.fair.preemption` (`mapred.fairscheduler.preemption`,
 * off by default as in Hadoop).
 *
 * - At every update, each pool's clocks (`updatePreemptionVariables`): the
 *   last time it was not starved for its min share (running tasks at least
 *   min(minShare, demand)), and for half its fair share (running tasks at
 *   least ⌊min(fairShare / 2, demand)⌋).
 * - Every `preemptionInterval` (15 s), for maps and reduces apart: a pool
 *   starved for its min share longer than its `minSharePreemptionTimeout`
 *   claims min(minShare, demand) − running tasks; one below half its fair
 *   share longer than `fairSharePreemptionTimeout`, ⌊min(fairShare, demand)⌋
 *   − running; it claims the larger (`tasksToPreempt`). The claims together
 *   are taken from the running attempts of the pools over their fair share,
 *   the most recently started first, never taking a pool below its fair
 *   share (`preemptTasks`). Each is killed, not failed, at its node's next
 *   heartbeat (`Decisions.kill`), and its task runs again.
 */
import type { TaskKind } from '../../model/run-record.js';
import type { ClusterView, Decisions, JobView } from '../types.js';
import type { FairOptions } from './options.js';
import { MAP, type PoolSchedulable } from './schedulable.js';

interface Candidate {
  readonly job: JobView;
  readonly task: number;
  readonly start: number;
  readonly pool: PoolSchedulable;
}

export class FairPreemption {
  constructor(private readonly options: FairOptions) {}

  /** A pool starts with active jobs: it has been at its shares until now (Hadoop's PoolSchedulable starts its clocks at its creation). */
  poolActivated(pool: PoolSchedulable, now: number): void {
    pool.lastTimeAtMinShare = now;
    pool.lastTimeAtHalfFairShare = now;
  }

  /** Hadoop's updatePreemptionVariables, after demands and fair shares were updated. */
  track(pools: readonly PoolSchedulable[], now: number): void {
    for (const pool of pools) {
      const running = runningTasks(pool);
      if (running >= Math.min(pool.minShare, pool.demand)) pool.lastTimeAtMinShare = now;
      if (running >= Math.floor(Math.min(pool.fairShare / 2, pool.demand))) pool.lastTimeAtHalfFairShare = now;
    }
  }

  /** Hadoop's preemptTasksIfNecessary for one kind: the tasks the starved pools claim, killed from the pools over their share. */
  preempt(pools: readonly PoolSchedulable[], view: ClusterView, decisions: Decisions): void {
    let claimed = 0;
    for (const pool of pools) claimed += this.tasksToPreempt(pool, view.now);
    if (claimed === 0) return;
    const candidates: Candidate[] = [];
    const left = new Map<PoolSchedulable, number>();
    for (const pool of pools) {
      const running = runningTasks(pool);
      left.set(pool, running);
      if (running <= pool.fairShare) continue;
      const kind: TaskKind = pool.kind === MAP ? 'map' : 'reduce';
      for (const { job } of pool.jobs) {
        for (const attempt of view.runningAttempts(job, kind)) candidates.push({ job, task: attempt.task, start: attempt.start, pool });
      }
    }
    // The most recently started first: the least work lost (a stable sort, as Hadoop's).
    candidates.sort((a, b) => b.start - a.start);
    for (const { job, task, pool } of candidates) {
      const running = left.get(pool)!;
      if (running <= pool.fairShare) continue;
      decisions.kill(job, pool.kind === MAP ? 'map' : 'reduce', task);
      left.set(pool, running - 1);
      if (--claimed === 0) return;
    }
  }

  /** Hadoop's tasksToPreempt: what the pool claims for having waited past its timeouts. */
  private tasksToPreempt(pool: PoolSchedulable, now: number): number {
    const o = this.options;
    const minShareTimeout = o.minSharePreemptionTimeouts[pool.name] ?? o.defaultMinSharePreemptionTimeout;
    const running = runningTasks(pool);
    let dueToMinShare = 0;
    let dueToFairShare = 0;
    if (now - pool.lastTimeAtMinShare > minShareTimeout) dueToMinShare = Math.max(0, Math.min(pool.minShare, pool.demand) - running);
    if (now - pool.lastTimeAtHalfFairShare > o.fairSharePreemptionTimeout) dueToFairShare = Math.max(0, Math.floor(Math.min(pool.fairShare, pool.demand)) - running);
    return Math.max(dueToMinShare, dueToFairShare);
  }
}

/** The pool's running tasks of its kind, live. */
function runningTasks(pool: PoolSchedulable): number {
  let running = 0;
  for (const job of pool.jobs) running += job.readRunning();
  return running;
}
