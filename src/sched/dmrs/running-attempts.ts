/**
 * The attempts a DMRS scheduler has running, node by node, with the time
 * each should end by the estimates it was launched with: what the plan needs
 * to know when each machine is free, and how it notices that a task runs
 * longer than estimated.
 *
 * An attempt is overdue once it runs past its estimated end by more than the
 * tolerance (one heartbeat interval: a TaskTracker reports no sooner). The
 * plan is then re-made, and the attempt is expected to end within one more
 * tolerance: with no progress reports to go by, the next report is the
 * earliest it can be known to have ended.
 */
import { MinHeap } from '../../util/min-heap.js';
import type { TaskKind } from '../../model/run-record.js';
import type { TaskEnd } from '../types.js';
import type { JobPlan } from './job-plan.js';

export interface RunningAttempt {
  readonly job: JobPlan;
  readonly kind: TaskKind;
  readonly task: number;
  /** When it should end, by the estimates (moved on when it is overdue). */
  estimatedEnd: number;
  /** Cleared when it ends. */
  running?: boolean;
}

export class RunningAttempts {
  private readonly byNode: RunningAttempt[][];
  /**
   * Running attempts by the time they become overdue (their deadline when
   * pushed; ties left to the heap's shape), each entry a place in `entries`.
   * Entries are checked as they reach the top: an attempt that has ended is
   * dropped, one whose deadline has moved since is pushed again.
   */
  private readonly deadlines = new MinHeap(64);
  /** The attempt of each heap entry; places of popped entries are in `freePlaces` for reuse. */
  private readonly entries: (RunningAttempt | null)[] = [];
  private readonly freePlaces: number[] = [];

  constructor(
    nodeCount: number,
    private readonly tolerance: number,
  ) {
    this.byNode = Array.from({ length: nodeCount }, () => []);
  }

  on(node: number): readonly RunningAttempt[] {
    return this.byNode[node];
  }

  add(node: number, attempt: RunningAttempt): void {
    attempt.running = true;
    this.byNode[node].push(attempt);
    this.push(attempt);
  }

  /** Forgets the attempt that ended. */
  remove(end: TaskEnd): void {
    const list = this.byNode[end.node.index];
    const at = list.findIndex((a) => a.job.view.index === end.job.index && a.kind === end.kind && a.task === end.task);
    if (at < 0) return;
    list[at].running = false;
    list.splice(at, 1);
  }

  /** Forgets every attempt of a node that failed (the runtime reports each as failed too). */
  clear(node: number): void {
    for (const attempt of this.byNode[node]) attempt.running = false;
    this.byNode[node].length = 0;
  }

  /** Whether some attempt has run past its estimated end by more than the tolerance. */
  anyOverdue(now: number): boolean {
    while (this.deadlines.size > 0) {
      const at = this.deadlines.peekKey();
      const attempt = this.entries[this.deadlines.peekValue()]!;
      if (attempt.running === true && at === this.deadline(attempt)) return at < now;
      this.pop();
      if (attempt.running === true) this.push(attempt);
    }
    return false;
  }

  /** When the attempt should end, seen at `now`: an overdue one is given one more tolerance from now. */
  expectedEnd(attempt: RunningAttempt, now: number): number {
    if (this.deadline(attempt) < now) attempt.estimatedEnd = now + this.tolerance;
    return Math.max(attempt.estimatedEnd, now);
  }

  private deadline(attempt: RunningAttempt): number {
    return attempt.estimatedEnd + this.tolerance;
  }

  private push(attempt: RunningAttempt): void {
    const place = this.freePlaces.pop() ?? this.entries.length;
    this.entries[place] = attempt;
    this.deadlines.push(this.deadline(attempt), 0, place);
  }

  private pop(): void {
    const place = this.deadlines.peekValue();
    this.entries[place] = null;
    this.freePlaces.push(place);
    this.deadlines.pop();
  }
}
