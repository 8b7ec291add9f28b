/**
 * One kind of a job's tasks (its maps, or its reduces) under speculative
 * execution: each task's backup attempt while two run, how many tasks have
 * one, and the rule that picks the next (`backup-rule.ts`). The rule is
 * told of its tasks through here, so that the count the kind's rules share
 * (`RulesTold`) moves whenever what a job may back up can change: at every
 * notice while the job has no task of the kind pending, at its last launch,
 * and whenever a backup starts or ends (LATE caps the cluster's backups).
 */
import type { BackupRule, RulesTold } from './backup-rule.js';

export class TaskBackups {
  /** Each task's backup attempt while two run (-1: none). */
  readonly attempt: Int32Array;
  /** Tasks with a backup running. */
  count = 0;
  readonly rule: BackupRule;

  constructor(
    tasks: number,
    private readonly told: RulesTold,
    /** The job's tasks of the kind waiting for a slot. */
    private readonly pending: () => number,
    rule: (backup: Int32Array) => BackupRule,
  ) {
    this.attempt = new Int32Array(tasks).fill(-1);
    this.rule = rule(this.attempt);
  }

  /** An attempt of `task` started (its first), learnt when it ends, began to write, or stopped with the other still running. */
  changed(task: number): void {
    this.rule.changed(task);
    this.tell();
  }

  /** `attempt` backs up running `task`: two attempts run. */
  backupStarted(task: number, attempt: number): void {
    this.attempt[task] = attempt;
    this.count++;
    this.rule.changed(task);
    this.told.count++;
  }

  /** `task` runs by one attempt again (the other ended). */
  backupEnded(task: number): void {
    this.attempt[task] = -1;
    this.count--;
    this.rule.changed(task);
    this.told.count++;
  }

  /** `task` finished by `attempt`. */
  won(task: number, attempt: number): void {
    this.rule.won(task, attempt);
    this.tell();
  }

  /** `task` stopped running unfinished (it is pending again after this). */
  stopped(task: number): void {
    this.rule.stopped(task);
    this.tell();
  }

  /** The job has launched its last task of the kind: it may back up from now on. */
  tailStarted(): void {
    this.rule.tailStarted();
    this.told.count++;
  }

  /** The rule is woken (at a time its `nextWake` gave). */
  woken(): void {
    this.rule.woken();
    this.tell();
  }

  /** Tasks done are to run again (their output was lost): the job may no longer back up. */
  rerun(): void {
    this.told.count++;
  }

  /** A job with a task of the kind pending may back up none, whatever its rule hears (until its last launch). */
  private tell(): void {
    if (this.pending() === 0) this.told.count++;
  }
}
