/** A node's live state in the runtime; policies see it through a `NodePort`. */
import type { ClusterNode } from '../model/cluster.js';
import { containersOf, type Resources } from '../model/resources.js';

export class NodeState {
  alive = true;
  /** On Hadoop 1's cluster-wide blacklist (`cluster-blacklist.ts`): it gets no task, though its running attempts go on. */
  blacklisted = false;
  /** By kind (KIND_MAP, KIND_REDUCE): woken to offer its free slots of the kind for backups (speculative execution), though no task of the kind is pending. */
  readonly backupWake = [false, false];
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
  /** A resource node's memory and vcores no container holds. */
  freeMemory: number;
  freeVcores: number;

  /** `unit`: on a resource node, the minimum allocation its free containers are counted in; null on a slot node. */
  constructor(
    readonly index: number,
    readonly spec: ClusterNode,
    readonly rackIndex: number,
    phase: number,
    private readonly unit: Resources | null = null,
  ) {
    this.lastHeartbeat = phase;
    this.freeMemory = spec.memory;
    this.freeVcores = spec.vcores;
  }

  /** Whether a container of `request` fits in what is free (always on a slot node, whose slots are counted instead). */
  fits(request: Resources): boolean {
    return this.unit === null || (request.memory <= this.freeMemory && request.vcores <= this.freeVcores);
  }

  /** A container of `request` starts on the node (a resource node's free resources shrink). */
  take(request: Resources): void {
    this.freeMemory -= request.memory;
    this.freeVcores -= request.vcores;
  }

  /** A container of `request` ends. */
  give(request: Resources): void {
    this.freeMemory += request.memory;
    this.freeVcores += request.vcores;
  }

  /** Alive and not blacklisted: its slots count in the cluster's capacity, and it is offered work. */
  get inService(): boolean {
    return this.alive && !this.blacklisted;
  }

  /** Slots free (on a resource node: containers of the minimum allocation that fit in what is free). */
  get freeMapSlots(): number {
    if (!this.inService) return 0;
    if (this.unit !== null) return containersOf({ memory: this.freeMemory, vcores: this.freeVcores }, this.unit);
    return Math.min(
      this.spec.mapSlots - this.runningMaps,
      this.spec.totalSlots - this.runningMaps - this.runningReduces - this.runningAMs,
    );
  }

  get freeReduceSlots(): number {
    if (!this.inService) return 0;
    if (this.unit !== null) return this.freeMapSlots;
    return Math.min(
      this.spec.reduceSlots - this.runningReduces,
      this.spec.totalSlots - this.runningMaps - this.runningReduces - this.runningAMs,
    );
  }
}
