/**
 * Hadoop 1's job-setup and job-cleanup tasks in slots
 * (`settings.setupCleanupSlots`): a job's setup (`settings.jobSetup` or its
 * own) and its commit (`jobCommit`) run as tasks that wait for a
 * heartbeat, take a map slot of the node (a reduce slot if it has no free
 * map slot) and hold it while they run. JobTracker.heartbeat gives a
 * tracker at most one of them per heartbeat, first come first served, and
 * then asks the scheduler nothing in that heartbeat. One on a node that
 * fails runs again from the start elsewhere. They are not task attempts: no
 * row of `tasks.csv` is theirs.
 */
import { NO_RESOURCES } from '../model/resources.js';
import { KIND_MAP } from '../model/run-record.js';
import type { ClusterState } from './cluster-state.js';
import type { Heartbeats } from './heartbeats.js';
import type { JobState } from './job-state.js';
import type { NodeState } from './node-state.js';

/** A setup or cleanup task of a job. */
export interface JobTask {
  readonly job: JobState;
  readonly cleanup: boolean;
}

/** Where a running one is: its node, and whether it holds a map slot. */
interface Held extends JobTask {
  readonly node: NodeState;
  readonly mapSlot: boolean;
}

export class SetupCleanupTasks {
  private readonly waiting: JobTask[] = [];
  /** The running ones, by job index. */
  private readonly held = new Map<number, Held>();

  constructor(
    private readonly cluster: ClusterState,
    private readonly heartbeats: Heartbeats,
  ) {}

  get pending(): number {
    return this.waiting.length;
  }

  /** The job's setup (or cleanup) task waits for a slot. */
  wait(job: JobState, cleanup: boolean): void {
    this.waiting.push({ job, cleanup });
    this.heartbeats.workAppeared(KIND_MAP);
  }

  /** At a heartbeat: the first waiting task takes a free slot of the node; returns it, or null. */
  place(node: NodeState): JobTask | null {
    if (this.waiting.length === 0) return null;
    const mapSlot = node.freeMapSlots > 0;
    if (!mapSlot && node.freeReduceSlots <= 0) return null;
    const task = this.waiting.shift()!;
    if (mapSlot) node.runningMaps++;
    else node.runningReduces++;
    this.cluster.hold(node, NO_RESOURCES);
    this.held.set(task.job.index, { ...task, node, mapSlot });
    return task;
  }

  /** The job's task has ended: its slot is free. */
  release(job: JobState): void {
    const held = this.held.get(job.index);
    if (held === undefined) return;
    this.held.delete(job.index);
    const node = held.node;
    if (held.mapSlot) node.runningMaps--;
    else node.runningReduces--;
    this.cluster.release(node, NO_RESOURCES);
    if (node.alive) this.heartbeats.slotFreed(node);
  }

  /** The node failed: the tasks it held wait for a slot again; returns them. */
  nodeFailed(node: NodeState): JobTask[] {
    const lost: JobTask[] = [];
    for (const held of [...this.held.values()]) {
      if (held.node !== node) continue;
      this.release(held.job);
      lost.push(held);
      this.wait(held.job, held.cleanup);
    }
    return lost;
  }
}
