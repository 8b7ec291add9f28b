/** A node's live state in the runtime; policies see it through a `NodePort`. */
import type { ClusterNode } from '../model/cluster.js';

export class NodeState {
  alive = true;
  /** On Hadoop 1's cluster-wide blacklist (`cluster-blacklist.ts`): it gets no task, though its running attempts go on. */
  blacklisted = false;
  /** Woken to offer its free map slots for backups (speculative execution), though no map is pending. */
  backupWake = false;
  /** Failed, and the JobTracker has not yet noticed: the failure (index into settings.failures) it will notice. */
  unnoticedFailure = -1;
  runningMaps = 0;
  runningReduces = 0;
  /** ApplicationMasters in its containers (YARN mode). */
  runningAMs = 0;
  /** Time of the last heartbeat, real or skipped because it had nothing to do (keeps the node's phase). */
  lastHeartbeat: number;
  /** Time of the heartbeat event in the queue for this node, or Infinity. Other queued heartbeats are stale. */
  heartbeatAt = Infinity;

  constructor(
    readonly index: number,
    readonly spec: ClusterNode,
    readonly rackIndex: number,
    phase: number,
  ) {
    this.lastHeartbeat = phase;
  }

  /** Alive and not blacklisted: its slots count in the cluster's capacity, and it is offered work. */
  get inService(): boolean {
    return this.alive && !this.blacklisted;
  }

  get freeMapSlots(): number {
    if (!this.inService) return 0;
    return Math.min(
      this.spec.mapSlots - this.runningMaps,
      this.spec.totalSlots - this.runningMaps - this.runningReduces - this.runningAMs,
    );
  }

  get freeReduceSlots(): number {
    if (!this.inService) return 0;
    return Math.min(
      this.spec.reduceSlots - this.runningReduces,
      this.spec.totalSlots - this.runningMaps - this.runningReduces - this.runningAMs,
    );
  }
}
