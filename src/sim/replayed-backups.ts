/**
 * The backups another run launched, launched again: a rule for
 * `SimulateOptions.backupRules` that decides nothing. It reads, for each job
 * and kind, which tasks a recorded run backed up and when, and backs up the
 * same tasks from the same times on: at each offer the job may back up its
 * first recorded backup that is due (its time has come), whose task still
 * runs alone, and not on the node it runs on nor one it failed on. So it
 * measures what the backups themselves cost a run, apart from the rule that
 * chose them (`bench/speculation.ts`), and it asks "what if these backups,
 * under that scheduler?".
 *
 * Not an exact re-run: nodes offered at other moments may take a backup
 * the recorded run gave elsewhere, a little later or not at all (its task
 * ended first). `ReplayedBackups.launched` counts those it launched.
 */
import { KIND_MAP, KIND_REDUCE, type AttemptTable } from '../model/run-record.js';
import type { BackupRule, SpeculationContext, TaskColumns } from './backup-rule.js';
import type { BackupRuleFactory } from './backup-rules.js';
import { TASK_DONE, TASK_RUNNING } from './task-states.js';

/** One job's recorded backups of one kind, in the order they started. */
interface JobBackups {
  readonly times: number[];
  readonly tasks: number[];
}

/** Tasks per job and kind are below this (a job's maps and reduces are counted in Int32Arrays). */
const TASK_SPAN = 2 ** 31;

/**
 * The backups of `attempts`: each attempt that started while the task's
 * attempt before it still ran (a retry starts after the failure it follows).
 */
export function recordedBackups(attempts: AttemptTable): Map<number, JobBackups> {
  const previous = new Map<number, number>();
  const backups = new Map<number, JobBackups>();
  for (let row = 0; row < attempts.count; row++) {
    const site = 2 * attempts.job[row] + attempts.kind[row];
    const key = site * TASK_SPAN + attempts.task[row];
    const before = previous.get(key);
    previous.set(key, row);
    if (before === undefined) continue;
    const start = attempts.start[row];
    const end = attempts.end[before];
    if (!(Number.isNaN(end) || start < end)) continue;
    let job = backups.get(site);
    if (job === undefined) backups.set(site, (job = { times: [], tasks: [] }));
    job.times.push(start);
    job.tasks.push(attempts.task[row]);
  }
  return backups;
}

/** Backs up, in each job, the tasks `attempts` backed up, from the times they were (see the file's comment). */
export class ReplayedBackups {
  /** Backups launched so far, of those recorded. */
  launched = 0;
  private readonly backups: Map<number, JobBackups>;

  constructor(attempts: AttemptTable) {
    this.backups = recordedBackups(attempts);
  }

  /** Backups recorded, of every job and kind. */
  get recorded(): number {
    let count = 0;
    for (const job of this.backups.values()) count += job.times.length;
    return count;
  }

  /** The factory for `SimulateOptions.backupRules`. */
  readonly rules: BackupRuleFactory = ({ job, isMap, columns, context }) => {
    const recorded = this.backups.get(2 * job + (isMap ? KIND_MAP : KIND_REDUCE)) ?? { times: [], tasks: [] };
    return new ReplayRule(recorded, columns, context, () => this.launched++);
  };
}

/** One job's replay of one kind. */
class ReplayRule implements BackupRule {
  wakeAt = Infinity;
  /** Recorded backups before this one were launched, or their tasks finished. */
  private first = 0;
  private readonly taken: Uint8Array;

  constructor(
    private readonly recorded: JobBackups,
    private readonly columns: TaskColumns,
    private readonly context: SpeculationContext,
    private readonly onLaunch: () => void,
  ) {
    this.taken = new Uint8Array(recorded.times.length);
  }

  mayBackUp(): boolean {
    return this.due(-1) >= 0;
  }

  noHoldsUntil(): number {
    return this.nextWake();
  }

  find(node: number): number {
    const k = this.due(node);
    if (k < 0) return -1;
    this.taken[k] = 1;
    this.onLaunch();
    return this.recorded.tasks[k];
  }

  /** The first recorded backup due now whose task runs alone, not on `node` (-1: any node) nor failed there; -1 if none. */
  private due(node: number): number {
    const { times, tasks } = this.recorded;
    const { state, attempt, backup } = this.columns;
    const now = this.context.now();
    while (this.first < times.length && (this.taken[this.first] === 1 || state[tasks[this.first]] === TASK_DONE)) this.first++;
    for (let k = this.first; k < times.length && times[k] <= now; k++) {
      const task = tasks[k];
      if (this.taken[k] === 1 || state[task] !== TASK_RUNNING || backup[task] >= 0) continue;
      if (node < 0 || (this.context.log.node[attempt[task]] !== node && !this.columns.avoids(task, node))) return k;
    }
    return -1;
  }

  nextWake(): number {
    const { times } = this.recorded;
    const now = this.context.now();
    for (let k = this.first; k < times.length; k++) if (this.taken[k] === 0 && times[k] > now) return times[k];
    return Infinity;
  }

  changed(): void {}
  won(): void {}
  stopped(): void {}
  tailStarted(): void {}
  woken(): void {}
}
