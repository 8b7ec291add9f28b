/**
 * One kind of a job's tasks (its maps, or its reduces) under speculative
 * execution: each task's backup attempt while two run, how many tasks have
 * one, and the rule that picks the next (`backup-rule.ts`).
 */
import type { BackupRule } from './backup-rule.js';

export class TaskBackups {
  /** Each task's backup attempt while two run (-1: none). */
  readonly attempt: Int32Array;
  /** Tasks with a backup running. */
  count = 0;
  readonly rule: BackupRule;

  constructor(tasks: number, rule: (backup: Int32Array) => BackupRule) {
    this.attempt = new Int32Array(tasks).fill(-1);
    this.rule = rule(this.attempt);
  }
}
