/**
 * What a job's speculative execution of one kind of task (its maps, or its
 * reduces) answers, whichever rule it follows (`settings.speculation.policy`):
 * Hadoop 1's, decided at each offer (`hadoop1-speculation.ts`), YARN's
 * DefaultSpeculator, decided by a periodic scan (`yarn-speculation.ts`), or
 * LATE's (`late-speculation.ts`). Each job has a rule per kind it backs up;
 * the job tracker tells it what happens to the job's tasks of that kind, and
 * wakes it when it asks to be woken.
 */
import type { AttemptLog } from './attempt-log.js';
import type { NodeSuccesses } from './node-successes.js';

/** What a rule reads of the run, for the kind of task it backs up. */
export interface SpeculationContext {
  readonly log: AttemptLog;
  /**
   * When running `attempt` is expected to end by its progress: its end once
   * known; a map reading through the network, its read's end plus its
   * compute time; a reduce copying, its start plus its time so far over its
   * progress. NaN while it writes (progress 1); Infinity while it makes no
   * progress.
   */
  expectedEnd(attempt: number): number;
  /** The cluster's slots of the kind now. */
  slots(): number;
  now(): number;
  /** Whether a rule's wake due at this very time has come already: the event being handled comes after wakes at equal times. */
  pastWakesDueNow(): boolean;
  /** Backups of the kind running in the whole cluster (LATE's cap). */
  backupsRunning(): number;
  /** Attempts that have succeeded on each node (LATE's measure of a node's work). */
  succeededOn(): NodeSuccesses;
  /** Moved whenever a rule of the kind is told something a job in its tail may back up by (`TaskBackups`). */
  readonly told: RulesTold;
}

/**
 * A count shared by the rules of one kind of task, moved whenever one of a
 * job that may back up (no task of the kind pending) is told something, or
 * one of its backups starts or ends: until it moves, the cluster's capacity
 * changes or a rule's `noHoldsUntil` comes, no job's may-back-up answer
 * changes (`tail-jobs.ts`).
 */
export interface RulesTold {
  count: number;
}

/** The job's per-task columns of the kind a rule reads (its JobState's). */
export interface TaskColumns {
  readonly state: Uint8Array;
  readonly attempt: Int32Array;
  readonly backup: Int32Array;
  /** Whether a task failed on a node, and is not to run there again (part of Hadoop's TaskInProgress.hasRunOnMachine). */
  avoids(task: number, node: number): boolean;
}

export interface BackupRule {
  /**
   * Whether a slot offered to the job, with `backups` tasks backed up of its
   * `running` tasks of the kind, may launch a backup now on some node. It
   * must not say no where `find` would find one; it may say yes where
   * `find` then finds none, but its answer, like `find`'s, depends on the
   * run alone, never on what was asked before (policies count the jobs
   * they offer a slot to).
   */
  mayBackUp(backups: number, running: number): boolean;
  /** After `mayBackUp` said no, until when that holds if the rule is told nothing and the counts stay (Infinity: until then). */
  noHoldsUntil(): number;
  /** The task to back up on `node`, or -1. */
  find(node: number): number;
  /** An attempt of `task` started (its first, or a backup), learnt when it ends, began to write, or stopped with the other still running. */
  changed(task: number): void;
  /** `task` finished by `attempt`. */
  won(task: number, attempt: number): void;
  /** `task` stopped running unfinished (pending again). */
  stopped(task: number): void;
  /** The job has launched its last task of the kind. */
  tailStarted(): void;
  /** When the rule next wants to be woken (a task reaching the lag, a progress report, a scan), now or later; Infinity for never. */
  nextWake(): number;
  /** It is woken (at a time `nextWake` gave). */
  woken(): void;
  /** When the wake in the queue is due (the job tracker's bookkeeping: one at a time per job and kind). */
  wakeAt: number;
}
