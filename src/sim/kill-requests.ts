/**
 * Attempts a policy asked to kill (`Decisions.kill`: the Fair Scheduler's
 * preemption). As in Hadoop 1, where the JobTracker's kill reaches the
 * TaskTracker in the answer to its next heartbeat, an attempt is killed at
 * its node's next heartbeat, which is brought about for it, and its slot is
 * offered in that heartbeat. Killed, not failed: the task runs again and
 * the attempt counts against no limit.
 */
import { STATUS_KILLED } from '../model/run-record.js';
import { STATUS_RUNNING, type AttemptLog } from './attempt-log.js';
import type { Heartbeats } from './heartbeats.js';
import type { JobTracker } from './job-tracker.js';
import type { NodeState } from './node-state.js';

export class KillRequests {
  /** Attempts to kill, by node index. */
  private readonly onNode = new Map<number, number[]>();
  /** Attempts asked for and not yet killed (an attempt asked for twice is killed once). */
  private readonly asked = new Set<number>();

  constructor(
    private readonly log: AttemptLog,
    private readonly tracker: JobTracker,
    private readonly heartbeats: Heartbeats,
    private readonly nodes: readonly NodeState[],
  ) {}

  /** Running `attempt` is to be killed at its node's next heartbeat. */
  request(attempt: number): void {
    if (this.asked.has(attempt)) return;
    this.asked.add(attempt);
    // A state change: a node parked until one heartbeats again (heartbeats.ts).
    this.tracker.stateVersion++;
    const node = this.log.node[attempt];
    const list = this.onNode.get(node);
    if (list === undefined) this.onNode.set(node, [attempt]);
    else list.push(attempt);
    this.heartbeats.heartbeatSoon(this.nodes[node]);
  }

  /** The node heartbeats: the attempts asked for on it end, killed, unless they ended meanwhile. */
  killOn(node: NodeState): void {
    const list = this.onNode.get(node.index);
    if (list === undefined) return;
    this.onNode.delete(node.index);
    for (const attempt of list) {
      this.asked.delete(attempt);
      if (this.log.status[attempt] === STATUS_RUNNING && node.alive) this.tracker.endAttempt(attempt, STATUS_KILLED);
    }
  }
}
