/**
 * Block copies a policy asks for (`Decisions.replicate`): one more replica
 * of a pending map's input block on a node, as HDFS's DataNodes copy a
 * block when the NameNode raises its replication. The copy reads the
 * closest live replica and writes the node's disk: alone (`isolated`) it
 * lasts its bytes over the narrowest of the source's disk, the links
 * between and the destination's disk; sharing the network (`max-min`) it is
 * a flow over them, beside the reads, the shuffle and the writes. The new
 * replica counts for the map's locality once the copy has ended
 * (`pending-maps.ts`, `added-replicas.ts`), and then is like any replica:
 * unreadable while its node is down, back with the node's disks.
 *
 * A request is ignored when the map is not pending (running or done), reads
 * no input, already has a replica on the node or a copy going there, or
 * when the node is down or no replica is live. A copy stops short when its
 * destination fails or its job ends; a source that fails meanwhile does
 * not stop it (as a map's read goes on). Every byte moved counts in `bytes`,
 * a cut copy's too.
 */
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_BLOCK_COPIED } from './event-types.js';
import type { JobState } from './job-state.js';
import type { DataMovement } from './network/data-movement.js';
import { TASK_PENDING } from './task-states.js';

interface Copy {
  readonly job: JobState;
  readonly task: number;
  readonly node: number;
  readonly bytes: number;
  readonly start: number;
  /** Alone: when it ends; sharing the network: NaN. */
  readonly end: number;
  /** Sharing the network: its flow; alone: -1. */
  readonly slot: number;
}

export class BlockCopies {
  /** Bytes moved by copies, whole or cut short. */
  bytes = 0;
  /** Who hears that a copy has ended (the job tracker: its state version moves). */
  copied: () => void = () => {};
  /** Copies under way, by number. */
  private readonly under = new Map<number, Copy>();
  /** The same, by job, task and node, so that one asked for twice is made once. */
  private readonly going = new Set<string>();
  private copies = 0;

  constructor(
    private readonly loop: EventLoop,
    private readonly cluster: ClusterState,
    private readonly movement: DataMovement,
    /** The closest live replica of a map's input to a node, or -1 if none is live. */
    private readonly closestReplica: (job: JobState, task: number, node: number) => number,
  ) {
    loop.on(EV_BLOCK_COPIED, (copy) => this.ended(copy));
  }

  /** Copy map `task`'s input block of `job` onto `node`, unless the request is one to ignore (above). */
  request(job: JobState, task: number, node: number): void {
    const maps = job.job.maps;
    if (job.mapState[task] !== TASK_PENDING || maps.replicaCount(task) === 0 || !this.cluster.nodes[node].alive) return;
    if (maps.replicas(task).includes(node) || job.pending.addedReplicas(task)?.includes(node) === true) return;
    const key = `${job.index}/${task}/${node}`;
    if (this.going.has(key)) return;
    const source = this.closestReplica(job, task, node);
    if (source < 0) return;
    const number = this.copies++;
    const bytes = maps.inputBytes[task];
    const now = this.loop.now;
    let copy: Copy;
    if (this.movement.shared) {
      copy = { job, task, node, bytes, start: now, end: NaN, slot: this.movement.startCopy(number, bytes, source, node) };
    } else {
      copy = { job, task, node, bytes, start: now, end: now + this.movement.copySeconds(bytes, source, node), slot: -1 };
      this.loop.schedule(copy.end, EV_BLOCK_COPIED, number);
    }
    this.under.set(number, copy);
    this.going.add(key);
  }

  /** Copy `number` has ended (alone: its event; shared: its flow's end), unless it was cut short. */
  ended(number: number): void {
    const copy = this.under.get(number);
    if (copy === undefined) return;
    this.forget(number, copy);
    this.bytes += copy.bytes;
    copy.job.pending.replicaAdded(copy.task, copy.node);
    this.copied();
  }

  /** A node failed: the copies into it stop short. */
  nodeFailed(node: number): void {
    if (this.under.size === 0) return;
    for (const [number, copy] of this.under) if (copy.node === node) this.cut(number, copy);
  }

  /** A job ended: its copies stop short. */
  jobEnded(job: JobState): void {
    if (this.under.size === 0) return;
    for (const [number, copy] of this.under) if (copy.job === job) this.cut(number, copy);
  }

  private cut(number: number, copy: Copy): void {
    this.forget(number, copy);
    if (copy.slot >= 0) this.bytes += this.movement.stopCopy(copy.slot);
    else if (copy.end > copy.start) this.bytes += (copy.bytes * (this.loop.now - copy.start)) / (copy.end - copy.start);
  }

  private forget(number: number, copy: Copy): void {
    this.under.delete(number);
    this.going.delete(`${copy.job.index}/${copy.task}/${copy.node}`);
  }
}
