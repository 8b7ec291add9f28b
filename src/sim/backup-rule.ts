/**
 * What a job's speculative execution of maps answers, whichever rule it
 * follows (`settings.speculation.policy`): Hadoop 1's, decided at each offer
 * (`map-speculation.ts`), YARN's DefaultSpeculator, decided by a periodic
 * scan (`yarn-map-speculation.ts`), or LATE's (`late-map-speculation.ts`). The job tracker tells the rule what
 * happens to the job's maps, and wakes it when it asks to be woken.
 */
import type { AttemptLog } from './attempt-log.js';

/** What a rule reads of the run. */
export interface SpeculationContext {
  readonly log: AttemptLog;
  /** When running map `attempt` is expected to end by its progress: its end, or its read's end plus its compute time; NaN while it writes (progress 1); Infinity while it makes no progress. */
  expectedEnd(attempt: number): number;
  /** The cluster's map slots now. */
  mapSlots(): number;
  now(): number;
  /** Backups running in the whole cluster (LATE's cap). */
  backupsRunning(): number;
  /** Attempts that have succeeded on each node (LATE's measure of a node's work). */
  succeededOn(): Int32Array;
}

/** The job's per-map columns a rule reads (its JobState's). */
export interface MapColumns {
  readonly state: Uint8Array;
  readonly attempt: Int32Array;
  readonly backup: Int32Array;
  /** Whether a map failed on a node, and is not to run there again (part of Hadoop's TaskInProgress.hasRunOnMachine). */
  avoids(task: number, node: number): boolean;
}

export interface MapBackupRule {
  /** Whether a map slot offered to the job, with `backups` maps backed up of its `running` maps, may launch a backup now (cheap: no map need be found). */
  mayBackUp(backups: number, running: number): boolean;
  /** The map to back up on `node`, or -1. */
  find(node: number): number;
  /** An attempt of map `task` started (its first, or a backup), learnt when it ends, began to write, or stopped with the other still running. */
  changed(task: number): void;
  /** Map `task` finished by `attempt`. */
  won(task: number, attempt: number): void;
  /** Map `task` stopped running unfinished (pending again). */
  stopped(task: number): void;
  /** The job has launched its last map. */
  tailStarted(): void;
  /** When the rule next wants to be woken (a map reaching the lag, a scan), past now; Infinity for never. */
  nextWake(): number;
  /** It is woken (at a time `nextWake` gave). */
  woken(): void;
  /** When the wake in the queue is due (the job tracker's bookkeeping: one at a time per job). */
  wakeAt: number;
}
