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
import type { TaskKind } from '../../model/run-record.js';
import type { TaskEnd } from '../types.js';
import type { JobPlan } from './job-plan.js';

export interface RunningAttempt {
  readonly job: JobPlan;
  readonly kind: TaskKind;
  readonly task: number;
  /** When it should end, by the estimates (moved on when it is overdue). */
  estimatedEnd: number;
}

export class RunningAttempts {
  private readonly byNode: RunningAttempt[][];
  /** No attempt is overdue before this time (a lower bound: attempts may have ended since). */
  private nextDeadline = Infinity;

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
    this.byNode[node].push(attempt);
    this.nextDeadline = Math.min(this.nextDeadline, attempt.estimatedEnd + this.tolerance);
  }

  /** Forgets the attempt that ended. */
  remove(end: TaskEnd): void {
    const list = this.byNode[end.node.index];
    const at = list.findIndex((a) => a.job.view.index === end.job.index && a.kind === end.kind && a.task === end.task);
    if (at >= 0) list.splice(at, 1);
  }

  /** Forgets every attempt of a node that failed (the runtime reports each as failed too). */
  clear(node: number): void {
    this.byNode[node].length = 0;
  }

  /** Whether some attempt has run past its estimated end by more than the tolerance. */
  anyOverdue(now: number): boolean {
    if (now < this.nextDeadline) return false;
    let next = Infinity;
    for (const list of this.byNode) {
      for (const attempt of list) {
        const deadline = attempt.estimatedEnd + this.tolerance;
        if (deadline < now) return true;
        next = Math.min(next, deadline);
      }
    }
    this.nextDeadline = next;
    return false;
  }

  /** When the attempt should end, seen at `now`: an overdue one is given one more tolerance from now. */
  expectedEnd(attempt: RunningAttempt, now: number): number {
    if (attempt.estimatedEnd + this.tolerance < now) {
      attempt.estimatedEnd = now + this.tolerance;
      this.nextDeadline = Math.min(this.nextDeadline, attempt.estimatedEnd + this.tolerance);
    }
    return Math.max(attempt.estimatedEnd, now);
  }
}
