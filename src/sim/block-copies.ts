/**
 * Block copies a policy asks for (`Decisions.replicate`): one more replica
 * of a pending map's input block on a node, as HDFS's DataNodes copy a
 * block when the NameNode raises its replication. The copy reads a live
 * replica and writes the node's disk: alone (`isolated`) it lasts its bytes
 * over the narrowest of the source's disk, the links between and the
 * destination's disk; sharing the network (`max-min`) it is a flow over
 * them, beside the reads, the shuffle and the writes. The new replica
 * counts for the map's locality once the copy has ended
 * (`pending-maps.ts`, `added-replicas.ts`), and then is like any replica:
 * unreadable while its node is down, back with the node's disks.
 *
 * As the NameNode hands a DataNode at most `dfs.namenode.replication.max-streams`
 * (2) blocks to send at once, a node sends at most `STREAMS_PER_SOURCE`
 * copies at a time: a copy reads the closest live replica whose node has a
 * stream free (the least busy of the closest), and waits, in the order
 * asked, while none has. Without the
 * limit, a job's copies asked at once would take most of the source disks
 * from the maps reading them.
 *
 * A request is ignored when the map is not pending (running or done), reads
 * no input, already has a replica on the node or a copy going there, or
 * when the node is down or no replica is live; a waiting copy is dropped
 * when it comes to start and one of these holds. A copy stops short when
 * its destination fails or its job ends; a source that fails meanwhile does
 * not stop it (as a map's read goes on). Every byte moved counts in `bytes`,
 * a cut copy's too.
 */
import type { ClusterState } from './cluster-state.js';
import { closestReplica, type SourceStreams } from './closest-replica.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_BLOCK_COPIED } from './event-types.js';
import type { JobState } from './job-state.js';
import type { DataMovement } from './network/data-movement.js';
import type { NetworkModel } from './network/network.js';
import { TASK_PENDING } from './task-states.js';

/** Copies a node sends at once (HDFS's dfs.namenode.replication.max-streams). */
export const STREAMS_PER_SOURCE = 2;

/** A copy asked for: of map `task`'s block of `job` onto `node`. */
interface Request {
  readonly job: JobState;
  readonly task: number;
  readonly node: number;
}

interface Copy extends Request {
  readonly source: number;
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
  /** Copies asked for that wait for a source with a stream free, in the order asked. */
  private waiting: Request[] = [];
  /** Copies under way or waiting, by job, task and node, so that one asked for twice is made once. */
  private readonly asked = new Set<string>();
  /** Copies each node is sending, at most `STREAMS_PER_SOURCE`. */
  private readonly streams: SourceStreams;
  private copies = 0;

  constructor(
    private readonly loop: EventLoop,
    private readonly cluster: ClusterState,
    private readonly network: NetworkModel,
    private readonly movement: DataMovement,
  ) {
    this.streams = { busy: new Int32Array(cluster.nodes.length), limit: STREAMS_PER_SOURCE };
    loop.on(EV_BLOCK_COPIED, (copy) => this.ended(copy));
  }

  /** Copy map `task`'s input block of `job` onto `node`, unless the request is one to ignore (above). */
  request(job: JobState, task: number, node: number): void {
    const request = { job, task, node };
    const key = keyOf(request);
    if (this.asked.has(key) || !this.wanted(request)) return;
    if (closestReplica(job, task, node, this.cluster.nodes, this.network) < 0) return;
    this.asked.add(key);
    if (!this.start(request)) this.waiting.push(request);
  }

  /** Copy `number` has ended (alone: its event; shared: its flow's end), unless it was cut short. */
  ended(number: number): void {
    const copy = this.under.get(number);
    if (copy === undefined) return;
    this.forget(number, copy);
    this.bytes += copy.bytes;
    copy.job.pending.replicaAdded(copy.task, copy.node);
    this.copied();
    this.startWaiting();
  }

  /** A node failed: the copies into it stop short. */
  nodeFailed(node: number): void {
    this.cutWhere((copy) => copy.node === node);
  }

  /** A job ended: its copies stop short. */
  jobEnded(job: JobState): void {
    this.cutWhere((copy) => copy.job === job);
  }

  /** Whether the copy is still worth making: its map pending and reading input, its job running, its node up and without the block. */
  private wanted({ job, task, node }: Request): boolean {
    const maps = job.job.maps;
    if (job.status !== 'unfinished' || job.mapState[task] !== TASK_PENDING || maps.replicaCount(task) === 0 || !this.cluster.nodes[node].alive) return false;
    return !maps.replicas(task).includes(node) && job.pending.addedReplicas(task)?.includes(node) !== true;
  }

  /** Starts the copy from the closest live replica with a stream free; false if none has one. */
  private start(request: Request): boolean {
    const { job, task, node } = request;
    const source = closestReplica(job, task, node, this.cluster.nodes, this.network, this.streams);
    if (source < 0) return false;
    const number = this.copies++;
    const bytes = job.job.maps.inputBytes[task];
    const now = this.loop.now;
    let copy: Copy;
    if (this.movement.shared) {
      copy = { ...request, source, bytes, start: now, end: NaN, slot: this.movement.startCopy(number, bytes, source, node) };
    } else {
      copy = { ...request, source, bytes, start: now, end: now + this.movement.copySeconds(bytes, source, node), slot: -1 };
      this.loop.schedule(copy.end, EV_BLOCK_COPIED, number);
    }
    this.streams.busy[source]++;
    this.under.set(number, copy);
    return true;
  }

  /** Streams have come free: the waiting copies that can start do, those no longer wanted (or with no live replica) are dropped. */
  private startWaiting(): void {
    if (this.waiting.length === 0) return;
    const still: Request[] = [];
    for (const request of this.waiting) {
      if (!this.wanted(request) || closestReplica(request.job, request.task, request.node, this.cluster.nodes, this.network) < 0) this.asked.delete(keyOf(request));
      else if (!this.start(request)) still.push(request);
    }
    this.waiting = still;
  }

  private cutWhere(cuts: (copy: Copy) => boolean): void {
    if (this.under.size === 0) return;
    for (const [number, copy] of this.under) {
      if (!cuts(copy)) continue;
      this.forget(number, copy);
      if (copy.slot >= 0) this.bytes += this.movement.stopCopy(copy.slot);
      else if (copy.end > copy.start) this.bytes += (copy.bytes * (this.loop.now - copy.start)) / (copy.end - copy.start);
    }
    this.startWaiting();
  }

  private forget(number: number, copy: Copy): void {
    this.under.delete(number);
    this.asked.delete(keyOf(copy));
    this.streams.busy[copy.source]--;
  }
}

function keyOf({ job, task, node }: Request): string {
  return `${job.index}/${task}/${node}`;
}
