/**
 * How an attempt runs once launched: a map reads its input block from the
 * closest live replica, then computes; a reduce copies its share of the
 * job's map output (the shuffle), then computes. Reads and copies move over
 * the network (`DataMovement`, alone or sharing it); their ends come as
 * transfer-end events, and each attempt's end as a task-end event, which
 * the job tracker handles. The truth (each task's work, each map's output)
 * is read here, and shown to no policy.
 */
import { KIND_MAP, LOCALITY_NODE, LOCALITY_NONE, LOCALITY_OFF, LOCALITY_RACK } from '../model/run-record.js';
import type { NetworkSharing } from '../model/scenario.js';
import { STATUS_RUNNING, type AttemptLog } from './attempt-log.js';
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_READ_RETRY, EV_TASK_END, EV_TRANSFER_END } from './event-types.js';
import type { JobState } from './job-state.js';
import { DataMovement } from './network/data-movement.js';
import type { NetworkModel } from './network/network.js';
import type { ReduceFetch, ShuffleClock } from './network/shuffle.js';

/**
 * A map whose input block has no live replica: HDFS's client tries it three
 * times (dfs.client.max.block.acquire.failures), 3 s apart, then the attempt
 * fails.
 */
const BLOCK_RETRY_SECONDS = 9;

export class TaskExecution {
  /** How data moves over the network (alone, or sharing it). */
  readonly movement: DataMovement;
  /** What each job's shuffle sees of the clock and the network. */
  readonly shuffleClock: ShuffleClock;

  constructor(
    private readonly loop: EventLoop,
    private readonly log: AttemptLog,
    private readonly cluster: ClusterState,
    private readonly network: NetworkModel,
    sharing: NetworkSharing,
    /** Every job of the run, by index. */
    private readonly jobs: readonly JobState[],
    private readonly parallelCopies: number,
  ) {
    this.movement = new DataMovement(network, sharing, {
      now: () => loop.now,
      transferEnds: (attempt, time) => loop.schedule(time, EV_TRANSFER_END, attempt),
    });
    this.shuffleClock = {
      now: () => loop.now,
      startBatch: (fetch, bytes) => this.movement.startBatch(fetch, bytes, this.jobs[log.job[fetch.attempt]].shuffle!),
      copied: (fetch) => this.movement.copied(fetch),
      stopBatch: (fetch) => this.movement.stop(fetch.attempt, fetch),
      shuffled: (fetch) => this.shuffled(fetch),
    };
    loop.on(EV_TRANSFER_END, (attempt) => this.transferEnded(attempt));
  }

  /** Map `attempt` (of map `task` of `job`) starts on `node`: it reads its input, then computes. */
  startMap(attempt: number, job: JobState, task: number, node: number): void {
    const read = this.readInput(attempt, job, task, node);
    // A read sharing the network ends with a transfer-end event, then the map computes.
    this.start(attempt, read === null ? NaN : this.loop.now + read + job.job.maps.work[task] / this.cluster.nodes[node].spec.speed);
    if (read === null) this.loop.schedule(this.loop.now + BLOCK_RETRY_SECONDS, EV_READ_RETRY, attempt);
  }

  /** Reduce `attempt` (of reduce `task` of `job`) starts on `node`: it fetches its share, then computes. */
  startReduce(attempt: number, job: JobState, task: number, node: number): void {
    this.log.locality[attempt] = LOCALITY_NONE;
    this.start(attempt, NaN);
    job.shuffle!.startFetch(task, attempt, node, this.network.fetchRate(node, this.parallelCopies));
  }

  /**
   * The DFS client's retries of the attempt's unreadable block are over: it
   * reads from a replica that came back (true), or finds none (false: the
   * attempt fails).
   */
  retryRead(attempt: number): boolean {
    const log = this.log;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    const node = this.cluster.nodes[log.node[attempt]];
    const read = this.readInput(attempt, job, task, node.index);
    if (read === null) return false;
    if (!Number.isNaN(read)) {
      log.end[attempt] = this.loop.now + read + job.job.maps.work[task] / node.spec.speed;
      this.loop.schedule(log.end[attempt], EV_TASK_END, attempt);
    }
    return true;
  }

  /** The attempt stops where it is (its node failed, or it was ended early): its transfer, if any, stops. */
  stop(attempt: number): void {
    this.movement.stop(attempt);
  }

  /**
   * A transfer has ended (unless the event went stale: its attempt ended, or
   * its end moved): a map's read, after which it computes, or a reduce's batch.
   */
  private transferEnded(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING) return;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    if (log.kind[attempt] === KIND_MAP) {
      if (!this.movement.ended(attempt, NaN)) return;
      const end = this.loop.now + job.job.maps.work[task] / this.cluster.nodes[log.node[attempt]].spec.speed;
      log.end[attempt] = end;
      this.loop.schedule(end, EV_TASK_END, attempt);
      return;
    }
    const fetch = job.shuffle!.fetches[task];
    if (fetch === null || fetch.attempt !== attempt || !this.movement.ended(attempt, fetch.batchEnd)) return;
    job.shuffle!.batchEnded(fetch);
  }

  /** A reduce has copied everything: it computes, and ends. */
  private shuffled(fetch: ReduceFetch): void {
    const job = this.jobs[this.log.job[fetch.attempt]];
    const end = this.loop.now + job.job.reduces[fetch.task].work / this.cluster.nodes[fetch.node].spec.speed;
    this.log.end[fetch.attempt] = end;
    this.loop.schedule(end, EV_TASK_END, fetch.attempt);
  }

  private start(attempt: number, end: number): void {
    this.log.status[attempt] = STATUS_RUNNING;
    this.log.end[attempt] = end;
    if (!Number.isNaN(end)) this.loop.schedule(end, EV_TASK_END, attempt);
  }

  /**
   * Reads map `task`'s input from the closest live replica; records locality
   * and traffic; returns its seconds, NaN when the read shares the network
   * (its end comes as an event), or null when no replica is live.
   */
  private readInput(attempt: number, job: JobState, task: number, node: number): number | null {
    const log = this.log;
    const maps = job.job.maps;
    const bytes = maps.inputBytes[task];
    log.bytesIn[attempt] = bytes;
    const { replicaStart, replicaNodes } = maps;
    if (replicaStart[task] === replicaStart[task + 1]) {
      log.locality[attempt] = LOCALITY_NONE;
      return 0;
    }
    const nodes = this.cluster.nodes;
    let source = -1;
    let hops = Infinity;
    for (let i = replicaStart[task]; i < replicaStart[task + 1]; i++) {
      const replica = replicaNodes[i];
      if (!nodes[replica].alive) continue;
      const h = this.network.hops(replica, node);
      if (h < hops) {
        hops = h;
        source = replica;
      }
    }
    if (source < 0) {
      log.locality[attempt] = LOCALITY_OFF;
      return null;
    }
    if (source === node) {
      log.locality[attempt] = LOCALITY_NODE;
    } else {
      log.locality[attempt] = nodes[source].rackIndex === nodes[node].rackIndex ? LOCALITY_RACK : LOCALITY_OFF;
      log.networkBytes[attempt] = bytes;
      log.byteHops[attempt] = bytes * hops;
    }
    return this.movement.startRead(attempt, bytes, source, node);
  }
}
