/**
 * A job's running tasks of one kind as LATE's offers read them
 * (`late-speculation.ts`), kept so that an offer need not look at each:
 * the rates of the tasks whose attempts' ends are known, sorted (they hold
 * between notices), for the slow-task threshold; those of them running alone,
 * by end, latest first, for the longest time left; and the others, whose
 * ends move, listed, to be looked at as each offer comes.
 *
 * Kept from the job's tail on (`index`: its tasks are found from their
 * states then); before it, notices cost nothing.
 */
import type { SpeculationContext, TaskColumns } from './backup-rule.js';
import { TASK_RUNNING } from './task-states.js';
import { IdSet } from '../util/id-set.js';
import { SortedIds } from '../util/sorted-ids.js';

export class LateRunningTasks {
  private indexed = false;
  /** The rates of the running tasks whose attempts' ends are known. */
  readonly rates = new SortedIds();
  /** Those of them running alone, keyed by their end negated: the latest end first. */
  readonly byEnd = new SortedIds();
  /** Running tasks with an attempt whose end moves. */
  readonly moving: IdSet;
  /** Each task's key in `rates` and in `byEnd` (NaN: not in it). */
  readonly rate: Float64Array;
  private readonly end: Float64Array;

  constructor(
    private readonly tasks: TaskColumns,
    private readonly context: SpeculationContext,
  ) {
    const count = tasks.state.length;
    this.rate = new Float64Array(count).fill(NaN);
    this.end = new Float64Array(count).fill(NaN);
    this.moving = new IdSet(count);
  }

  /** From now on the tasks are kept: those running now are found. */
  index(): void {
    if (this.indexed) return;
    this.indexed = true;
    const { state } = this.tasks;
    for (let task = 0; task < state.length; task++) if (state[task] === TASK_RUNNING) this.update(task);
  }

  /** Something of `task` changed: an attempt started, ended, stopped, or learnt its end or lost it. */
  changed(task: number): void {
    if (this.indexed) this.update(task);
  }

  /**
   * Progress over the time since the attempt started, with its end known: 1
   * over its duration (`late-speculation.ts` finds a moving one's at the
   * offer).
   */
  private knownRate(attempt: number): number {
    const log = this.context.log;
    return 1 / Math.max(log.end[attempt] - log.start[attempt], 1e-3);
  }

  private update(task: number): void {
    this.forget(task);
    const { state, attempt, backup } = this.tasks;
    if (state[task] !== TASK_RUNNING) return;
    const end = this.context.log.end;
    const first = attempt[task];
    const second = backup[task];
    if (Number.isNaN(end[first]) || (second >= 0 && Number.isNaN(end[second]))) {
      this.moving.add(task);
      return;
    }
    const rate = Math.max(this.knownRate(first), second >= 0 ? this.knownRate(second) : 0);
    this.rate[task] = rate;
    this.rates.insert(rate, task);
    if (second >= 0) return;
    this.end[task] = end[first];
    this.byEnd.insert(-end[first], task);
  }

  /** `task` is in none of the lists. */
  private forget(task: number): void {
    const rate = this.rate[task];
    if (!Number.isNaN(rate)) {
      this.rates.remove(rate, task);
      this.rate[task] = NaN;
    }
    const end = this.end[task];
    if (!Number.isNaN(end)) {
      this.byEnd.remove(-end, task);
      this.end[task] = NaN;
    }
    this.moving.delete(task);
  }
}
