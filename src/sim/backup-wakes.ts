/**
 * Speculative execution's moments: when a job may start backing up tasks
 * of a kind (its last one launched), when its rule asks to be woken (a task
 * reaching the lag, a progress report, a scan), and when a running
 * attempt's rate changes; at each, if the job may back a task up now, the
 * state has changed and the idle nodes with a free slot of the kind are
 * woken for it. The cluster-wide question is answered again only when
 * some job's answer may have changed (`tail-jobs.ts`).
 */
import { KIND_MAP, KIND_REDUCE } from '../model/run-record.js';
import type { Speculation } from '../model/scenario.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_BACKUP_LAG } from './event-types.js';
import type { Heartbeats } from './heartbeats.js';
import type { JobState } from './job-state.js';
import { TailJobs } from './tail-jobs.js';
import type { RulesTold } from './backup-rule.js';

/** The run's state version (`JobTracker.stateVersion`), moved when a backup may start. */
export interface VersionedState {
  stateVersion: number;
}

export class BackupWakes {
  /** The jobs that may back a task up, by kind. */
  private readonly tails: TailJobs;

  constructor(
    private readonly loop: EventLoop,
    private readonly heartbeats: Heartbeats,
    /** Every job of the run, by index. */
    private readonly jobs: readonly JobState[],
    private readonly speculation: Speculation,
    private readonly state: VersionedState,
    /** By kind, the count the rules move as they are told things (`RulesTold`). */
    private readonly told: readonly RulesTold[],
    /** By kind, the cluster's slots now. */
    private readonly slots: readonly (() => number)[],
  ) {
    this.tails = new TailJobs(jobs.length);
    loop.on(EV_BACKUP_LAG, (code) => this.woken(code));
  }

  /**
   * The job's last task of `kind` launched, so its running tasks of the
   * kind may be backed up: the idle nodes are woken for them now and
   * whenever its rule asks.
   */
  tailStarted(job: JobState, kind: number): void {
    job.backupsOf(kind === KIND_MAP)!.tailStarted();
    this.tails.add(job, kind);
    this.nextWake(job, kind);
    this.heartbeats.backupsMayStart(kind);
  }

  /**
   * A running attempt of the job's `task` (a map if `isMap`) changed its
   * progress rate without starting or stopping: its end became known, it
   * began to write, its node failed unnoticed. With speculation on, its
   * rule hears it; in the job's tail a task may be backed up now, or at a
   * wake that was not due, and the idle nodes are woken for it as at any
   * other change.
   */
  progressChanged(job: JobState, isMap: boolean, task: number): void {
    const backups = job.backupsOf(isMap);
    if (backups === null) return;
    backups.changed(task);
    if (job.status !== 'unfinished' || (isMap ? job.pendingMaps : job.pendingReduces) > 0) return;
    const kind = isMap ? KIND_MAP : KIND_REDUCE;
    this.nextWake(job, kind);
    this.backupsMayStartFor(job, kind);
  }

  /** The job's tasks' rates moved (an attempt started, ended or stopped): a task reaching the lag may be worth a wake now that was not (`BackupRule.nextWake`). */
  ratesMoved(job: JobState): void {
    if (job.mapBackups !== null && job.pendingMaps === 0) this.nextWake(job, KIND_MAP);
    if (job.reduceBackups !== null && job.pendingReduces === 0) this.nextWake(job, KIND_REDUCE);
  }

  /**
   * Some active job may back up a task of `kind` (`JobState.mayBackUpMap`,
   * `.mayBackUpReduce`); found again only when that may have changed
   * (`tail-jobs.ts`). That is exact: a job's answer is exact, and whatever
   * turns one moves the kind's count of notices or the slots, or comes at
   * a time its rule names.
   */
  mayBackUp(kind: number): boolean {
    if (!(kind === KIND_MAP ? this.speculation.maps : this.speculation.reduces)) return false;
    return this.tails.mayBackUp(kind, this.told[kind].count, this.slots[kind](), this.loop.now);
  }

  /** The job's speculation rule's next wake for `kind` (a task reaching the lag, a report, a scan), unless one is due by then. */
  private nextWake(job: JobState, kind: number): void {
    const rule = job.backupsOf(kind === KIND_MAP)!.rule;
    const at = rule.nextWake();
    if (at < rule.wakeAt || rule.wakeAt <= this.loop.now) {
      rule.wakeAt = at;
      if (at < Infinity) this.loop.schedule(at, EV_BACKUP_LAG, 2 * job.index + kind);
    }
  }

  /** A job's speculation rule for a kind is woken (`code`: twice the job's index plus the kind), unless a sooner wake replaced this one. */
  private woken(code: number): void {
    const job = this.jobs[code >> 1];
    const kind = code & 1;
    const backups = job.status === 'unfinished' ? job.backupsOf(kind === KIND_MAP) : null;
    if (backups === null || backups.rule.wakeAt !== this.loop.now) return;
    backups.woken();
    this.nextWake(job, kind);
    this.backupsMayStartFor(job, kind);
  }

  /** If `job` may back up a task of `kind` now, the state has changed and the idle nodes with a free slot of the kind are woken for it. */
  private backupsMayStartFor(job: JobState, kind: number): void {
    if (!(kind === KIND_MAP ? job.mayBackUpMap : job.mayBackUpReduce)) return;
    this.state.stateVersion++;
    this.heartbeats.backupsMayStart(kind);
  }
}
