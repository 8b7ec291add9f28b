/**
 * The fetches of a job's running reduce attempts, by task: one, or two while
 * a backup runs (speculative execution), the first launched first. The
 * shuffle walks them in task order, a task's first attempt before its
 * backup, so that runs without backups go as they always did.
 */
import type { ReduceFetch } from './reduce-fetch.js';

export class RunningFetches {
  /** Each task's first running fetch, or null. */
  private readonly first: (ReduceFetch | null)[];
  /** Each task's backup's fetch while two run; made at the first backup. */
  private backups: (ReduceFetch | null)[] | null = null;

  constructor(tasks: number) {
    this.first = new Array<ReduceFetch | null>(tasks).fill(null);
  }

  /** The fetch of running `attempt` of `task`, or null. */
  of(task: number, attempt: number): ReduceFetch | null {
    const first = this.first[task];
    if (first !== null && first.attempt === attempt) return first;
    const backup = this.backups?.[task] ?? null;
    return backup !== null && backup.attempt === attempt ? backup : null;
  }

  /** The fetch of the task's first running attempt, or null. */
  firstOf(task: number): ReduceFetch | null {
    return this.first[task];
  }

  /** Each running fetch, in task order (a task's first attempt before its backup). */
  forEach(visit: (fetch: ReduceFetch) => void): void {
    const { backups } = this;
    for (let task = 0; task < this.first.length; task++) {
      const fetch = this.first[task];
      if (fetch !== null) visit(fetch);
      const backup = backups === null ? null : backups[task];
      if (backup !== null) visit(backup);
    }
  }

  /** A fetch starts: its task's first, or (another runs) its backup. */
  add(fetch: ReduceFetch): void {
    const { task } = fetch;
    if (this.first[task] === null) this.first[task] = fetch;
    else (this.backups ??= new Array<ReduceFetch | null>(this.first.length).fill(null))[task] = fetch;
  }

  /** A fetch is no longer running: the task's other, if any, is its only one. */
  remove(fetch: ReduceFetch): void {
    fetch.stopped = true;
    const { task } = fetch;
    const backup = this.backups === null ? null : this.backups[task];
    if (backup !== null) this.backups![task] = null;
    // The first attempt's gone: its backup, if one runs, is the task's first now.
    if (backup !== fetch) this.first[task] = backup;
  }
}
