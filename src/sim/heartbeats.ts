/**
 * Heartbeats: when each node reports its free slots to the JobTracker. A
 * node heartbeats periodically at its own phase, and out of band when a task
 * of it ends (`settings.outOfBandHeartbeat`); each heartbeat is the runtime's
 * moment to offer the node's free slots (`HeartbeatWork`).
 *
 * Heartbeats that could not launch anything (no free slot, or nothing
 * runnable of the free slots' kind) are not simulated: such a node is idle,
 * keeps its phase, and waits in a queue ordered by its next tick. When work
 * of a kind appears, the idle nodes with a free slot of that kind are woken
 * one at a time in tick order (a wake chain): each heartbeats at its own
 * tick, and the next is woken only if work is left when it is done. This
 * gives the heartbeats Hadoop would deliver, minus those that find nothing.
 *
 * A heartbeat that launched nothing, from a policy that declares its
 * declines last until the state changes (`Policy.declinesUntilStateChanges`),
 * is followed by none until something happens: the node is parked, its
 * periodic ticks counted but not delivered, and resumed at its next tick once
 * any other event comes or a heartbeat elsewhere changes the state.
 */
import { KIND_MAP, KIND_REDUCE } from '../model/run-record.js';
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_HEARTBEAT } from './event-types.js';
import { nextTick } from './heartbeat-tick.js';
import { IdleNodes } from './idle-nodes.js';

const BOTH_KINDS = [KIND_MAP, KIND_REDUCE];
import type { NodeState } from './node-state.js';

/** What a heartbeat does, and what it needs to know of the run's work. */
export interface HeartbeatWork {
  /** A heartbeat of the node could start something: a task, or (YARN mode) an ApplicationMaster. */
  hasWorkFor(node: NodeState): boolean;
  /** Work of a kind (KIND_MAP or KIND_REDUCE) runnable somewhere; for maps, ApplicationMasters that may start too. */
  runnable(kind: number): number;
  /** At the start of each heartbeat of the node: the attempts a policy asked to kill on it end (`kill-requests.ts`). */
  killAsked(node: NodeState): void;
  /** The live node's heartbeat, with work for it: offers its free slots. Returns true when it changed nothing. */
  offer(node: NodeState): boolean;
  /** A heartbeat that changed nothing may be parked: the policy declares its declines last, and another event is queued. */
  mayPark(): boolean;
  /** The policy declares that its declines last until the state changes (`Policy.declinesUntilStateChanges`). */
  readonly declinesUntilStateChanges: boolean;
  /** The run's state version (`ClusterView.stateVersion`). */
  readonly stateVersion: number;
}

export class Heartbeats {
  /** Idle nodes with a free map / reduce slot, and the node each wake chain woke last (-1: none). */
  private readonly idleForMaps: IdleNodes;
  private readonly idleForReduces: IdleNodes;
  private mapChain = -1;
  private reduceChain = -1;
  /** By kind (KIND_MAP, KIND_REDUCE): the node the backups' wake chain woke last (-1: none). */
  private readonly backupChain = [-1, -1];
  /** By kind: backups may start but no node was idle to wake for them; the next node with a free slot of the kind to heartbeat or go idle takes the chain. */
  private readonly backupsWaiting = [false, false];
  /** Nodes whose ticks are skipped until the state moves from `parkedVersion`; each one's `heartbeatAt` is its next tick. */
  private readonly parked: NodeState[] = [];
  private parkedVersion = -1;
  private work!: HeartbeatWork;

  constructor(
    private readonly loop: EventLoop,
    private readonly cluster: ClusterState,
    private readonly interval: number,
    private readonly outOfBand: boolean,
  ) {
    const nodes = cluster.nodes.length;
    this.idleForMaps = new IdleNodes(nodes, interval);
    this.idleForReduces = new IdleNodes(nodes, interval);
    loop.on(EV_HEARTBEAT, (node) => this.heartbeat(cluster.nodes[node]));
  }

  /** Every node starts idle, at its phase; `work` says what heartbeats do. */
  start(work: HeartbeatWork): void {
    this.work = work;
    for (const node of this.cluster.nodes) this.goIdle(node);
  }

  /** A slot of the node became free: it heartbeats now (out of band), at its next tick, or goes idle. */
  slotFreed(node: NodeState): void {
    if (!this.work.hasWorkFor(node)) this.goIdle(node);
    else if (this.outOfBand) this.schedule(node, this.loop.now);
    else this.schedule(node, this.nextTick(node)); // no-op if one is already due
  }

  /** Work of `kind` may have appeared: the kind's wake chain wakes the idle node that ticks first, if work is left. */
  workAppeared(kind: number): void {
    const isMap = kind === KIND_MAP;
    if ((isMap ? this.mapChain : this.reduceChain) !== -1) return;
    if (this.work.runnable(kind) === 0) return;
    const idle = isMap ? this.idleForMaps : this.idleForReduces;
    const index = idle.takeEarliest(this.loop.now, isMap ? this.waitingForMaps : this.waitingForReduces);
    if (index < 0) return;
    const node = this.cluster.nodes[index];
    this.schedule(node, this.nextTick(node));
    if (isMap) this.mapChain = index;
    else this.reduceChain = index;
  }

  /** Something awaits the node's next heartbeat (an attempt to kill): it heartbeats at its next tick, whatever its slots. */
  heartbeatSoon(node: NodeState): void {
    if (node.alive) this.schedule(node, this.nextTick(node));
  }

  /**
   * A task of `kind` may now be backed up (speculative execution): the idle
   * node with a free slot of the kind that ticks first heartbeats, offering
   * its slots though no task of the kind is pending; if it launches
   * something, the next one does, and so on; if it declines under a policy
   * whose answer moves with the clock, it asks again at each tick, and no
   * other node is woken meanwhile. Whether a task may be backed up changes
   * at moments the runtime names (a job's last task of the kind launched, a
   * task ended, an attempt's lag over), so idle nodes are woken then, not at
   * every tick.
   */
  backupsMayStart(kind: number): void {
    if (this.backupChain[kind] !== -1) return;
    const isMap = kind === KIND_MAP;
    const index = (isMap ? this.idleForMaps : this.idleForReduces).takeEarliest(this.loop.now, isMap ? this.waitingForMaps : this.waitingForReduces);
    if (index < 0) {
      this.backupsWaiting[kind] = true;
      return;
    }
    const node = this.cluster.nodes[index];
    node.backupWake[kind] = true;
    this.schedule(node, this.nextTick(node));
    this.backupChain[kind] = index;
  }

  /**
   * Whether `backupsMayStart(kind)` would wake a node or mark one awaited
   * now: not while a node of the chain is woken, nor while backups already
   * wait for a node (none is idle with a free slot of the kind then: one
   * going idle takes the chain). So a caller need not ask whether a backup
   * may start when it would change nothing.
   */
  wakesForBackups(kind: number): boolean {
    return this.backupChain[kind] === -1 && !this.backupsWaiting[kind];
  }

  /** With backups of a kind waiting for a node, one with a free slot of the kind that heartbeats (or would go idle) takes that chain; whether it took one. */
  private claimBackupWake(node: NodeState): boolean {
    let claimed = false;
    for (const kind of BOTH_KINDS) {
      const free = kind === KIND_MAP ? node.freeMapSlots : node.freeReduceSlots;
      if (!this.backupsWaiting[kind] || this.backupChain[kind] !== -1 || free <= 0) continue;
      this.backupsWaiting[kind] = false;
      node.backupWake[kind] = true;
      this.backupChain[kind] = node.index;
      claimed = true;
    }
    return claimed;
  }

  /** The node is back in service with its phase (off the blacklist): it heartbeats at its next tick if there is work for it, else goes idle. */
  backInService(node: NodeState): void {
    if (this.work.hasWorkFor(node)) this.schedule(node, this.nextTick(node));
    else this.goIdle(node);
  }

  /** The node failed: it waits for nothing. */
  nodeFailed(node: NodeState): void {
    this.idleForMaps.remove(node.index);
    this.idleForReduces.remove(node.index);
  }

  /** The node registers again at once, its phase starting now. */
  nodeRecovered(node: NodeState): void {
    node.lastHeartbeat = this.loop.now - this.interval;
    if (this.work.hasWorkFor(node)) this.schedule(node, this.loop.now);
    else this.goIdle(node);
  }

  /**
   * Each parked node heartbeats again at its first tick at or after `time`.
   * The ticks are stepped through as the delivered heartbeats would have
   * added them up, so that the times are those of a run that delivered them
   * all, to the last bit; a step costs an addition, not an event and a call.
   */
  resumeParked(time: number): void {
    if (this.parked.length === 0) return;
    for (const node of this.parked) {
      let tick = node.heartbeatAt;
      let last = node.lastHeartbeat;
      while (tick < time) {
        last = tick;
        tick += this.interval;
      }
      node.lastHeartbeat = last;
      node.heartbeatAt = Infinity;
      this.schedule(node, tick);
    }
    this.parked.length = 0;
  }

  /** Parked nodes resume if the state moved since they were parked. */
  resumeIfStateChanged(time: number): void {
    if (this.parked.length > 0 && this.work.stateVersion !== this.parkedVersion) this.resumeParked(time);
  }

  private heartbeat(node: NodeState): void {
    const now = this.loop.now;
    if (node.heartbeatAt !== now) return; // superseded by an earlier one
    // Before the heartbeat is marked over, so that the slots the kills free are offered in it, not at another.
    this.work.killAsked(node);
    node.heartbeatAt = Infinity;
    node.lastHeartbeat = now;
    this.claimBackupWake(node);
    let declined = false;
    let launched = false;
    if (node.alive && this.work.hasWorkFor(node)) {
      declined = this.work.offer(node);
      launched = !declined;
    }
    // Woken for backups and declined: a policy whose answer moves with the clock (delay scheduling) is asked again at each tick.
    if (launched || this.work.declinesUntilStateChanges) node.backupWake.fill(false);
    if (!this.work.hasWorkFor(node)) this.goIdle(node);
    // With no other event queued the ticks go on, so that a run that only heartbeats can still stall.
    else if (declined && this.work.mayPark()) this.park(node);
    else this.schedule(node, now + this.interval);
    if (this.mapChain === node.index) {
      this.mapChain = -1;
      this.workAppeared(KIND_MAP);
    }
    if (this.reduceChain === node.index) {
      this.reduceChain = -1;
      this.workAppeared(KIND_REDUCE);
    }
    // The chain goes on from a node that launched; one that ticks on for backups (above) holds it: one node at a time asks.
    for (const kind of BOTH_KINDS) {
      if (this.backupChain[kind] !== node.index || node.backupWake[kind]) continue;
      this.backupChain[kind] = -1;
      if (launched) this.backupsMayStart(kind);
    }
  }

  /** A live node with no heartbeat due waits for work of the kinds it has free slots for. */
  private goIdle(node: NodeState): void {
    node.backupWake.fill(false);
    if (!node.alive || node.heartbeatAt !== Infinity) return;
    if (this.claimBackupWake(node)) {
      this.schedule(node, this.nextTick(node));
      return;
    }
    if (node.freeMapSlots > 0) this.idleForMaps.add(node.index, node.lastHeartbeat);
    if (node.freeReduceSlots > 0) this.idleForReduces.add(node.index, node.lastHeartbeat);
  }

  /** Skips the node's ticks (its policy would decline them) until `resumeParked`. */
  private park(node: NodeState): void {
    node.heartbeatAt = this.loop.now + this.interval;
    this.parked.push(node);
    this.parkedVersion = this.work.stateVersion;
  }

  /** Still idle with a free slot of the kind (a dead node has none). */
  private readonly waitingForMaps = (index: number): boolean => {
    const node = this.cluster.nodes[index];
    return node.heartbeatAt === Infinity && node.freeMapSlots > 0;
  };

  private readonly waitingForReduces = (index: number): boolean => {
    const node = this.cluster.nodes[index];
    return node.heartbeatAt === Infinity && node.freeReduceSlots > 0;
  };

  /** A node's first periodic heartbeat at or after now, keeping its phase. */
  private nextTick(node: NodeState): number {
    return nextTick(node.lastHeartbeat, this.loop.now, this.interval);
  }

  /**
   * A node with a heartbeat due stays listed as idle: the wake chains pass
   * over it (it is not waiting) and drop it then. Most heartbeats of a busy
   * node are due again before any chain looks, and it would be listed again
   * at its next idle moment: taking it out and back at each cost more than
   * the wakes that pass over it.
   */
  private schedule(node: NodeState, time: number): void {
    if (node.heartbeatAt <= time) return;
    node.heartbeatAt = time;
    this.loop.schedule(time, EV_HEARTBEAT, node.index);
  }
}
