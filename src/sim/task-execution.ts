/**
 * How an attempt runs once launched: its JVM starts (`jvm-pool.ts`), then a
 * map reads its input block from the closest live replica and computes; a reduce copies its share of the
 * job's map output (the shuffle), then computes. With `settings.writes`,
 * each then writes what it made: a map of a job with reduces its output to
 * its own disk, any other task its share of the job's output to HDFS
 * (`write-pipeline.ts`). Reads, copies and writes move over the network
 * (`DataMovement`, alone or sharing it); their ends come as transfer-end
 * events, and each attempt's end as a task-end event, which the job tracker
 * handles. The truth (each task's work, each map's output) is read here,
 * and shown to no policy.
 */
import { KIND_MAP, KIND_REDUCE, LOCALITY_NODE, LOCALITY_NONE, LOCALITY_OFF, LOCALITY_RACK } from '../model/run-record.js';
import type { Settings, Writes } from '../model/scenario.js';
import { randomStream } from '../util/random-streams.js';
import { STATUS_RUNNING, type AttemptLog } from './attempt-log.js';
import type { ClusterState } from './cluster-state.js';
import type { EventLoop } from './engine/event-loop.js';
import { EV_ATTEMPT_FAILED, EV_COMPUTE_END, EV_FLOW_END, EV_JVM_UP, EV_READ_RETRY, EV_TASK_END, EV_TRANSFER_END } from './event-types.js';
import { JvmPool } from './jvm-pool.js';
import { AttemptFailures } from './attempt-failures.js';
import { BlockCopies } from './block-copies.js';
import { closestReplica } from './closest-replica.js';
import type { JobState } from './job-state.js';
import { DataMovement } from './network/data-movement.js';
import type { NetworkModel } from './network/network.js';
import type { ReduceFetch } from './network/reduce-fetch.js';
import type { ShuffleClock } from './network/shuffle.js';
import { MAX_ROUTE } from './network/max-min-sharing.js';
import { WritePipeline } from './network/write-pipeline.js';
import { NodeSlowdowns } from './node-slowdowns.js';
import type { Random } from '../util/random.js';

/**
 * A map whose input block has no live replica: HDFS's client tries it three
 * times (dfs.client.max.block.acquire.failures), 3 s apart, then the attempt
 * fails.
 */
const BLOCK_RETRY_SECONDS = 9;

/** What `replicaFor` finds besides a replica's node: the map reads nothing, or no replica is live. */
const NO_INPUT = -1;
const NO_LIVE_REPLICA = -2;

/** An attempt whose JVM is starting: when it is up, and (a map's) the replica it will read. */
interface StartingAttempt {
  readonly upAt: number;
  readonly source: number;
}

export class TaskExecution {
  /** How data moves over the network (alone, or sharing it). */
  readonly movement: DataMovement;
  /** What each job's shuffle sees of the clock and the network. */
  readonly shuffleClock: ShuffleClock;
  private readonly parallelCopies: number;
  private readonly writes: Writes;
  /** Where HDFS writes go (null without `writes.jobOutput`). */
  private readonly pipeline: WritePipeline | null;
  private readonly writeRoute = new Int32Array(MAX_ROUTE);
  /** Sigma of each attempt's lognormal compute factor, its draws, and the nodes' slowdowns (null: none). */
  private readonly attemptSigma: number;
  private readonly noise: Random;
  private readonly slowdowns: NodeSlowdowns | null;
  /** Which attempts fail of themselves, and when. */
  readonly failures: AttemptFailures;
  /** The block copies policies ask for. */
  readonly copies: BlockCopies;
  private readonly jvms: JvmPool;
  /** Who hears that a reduce's shuffle has started (its JVM up): the fetch failures of a failed node's output. */
  fetchStarted: (job: JobState, fetch: ReduceFetch) => void = () => {};
  /** Who hears that a running attempt's progress rate changed (its end became known, or began to move): the job's speculation rule (`BackupWakes.progressChanged`). */
  progressChanged: (job: JobState, isMap: boolean, task: number) => void = () => {};
  /** Attempts whose JVM is starting. */
  private readonly starting = new Map<number, StartingAttempt>();
  /** Each map-only job's total input, by job (NaN until a map of it writes): its maps' shares of the job's output follow their input. */
  private readonly totalInput: Float64Array;

  constructor(
    private readonly loop: EventLoop,
    private readonly log: AttemptLog,
    private readonly cluster: ClusterState,
    private readonly network: NetworkModel,
    settings: Pick<Settings, 'network' | 'parallelCopies' | 'writes' | 'variability' | 'taskFailures' | 'jvm' | 'seed'>,
    /** HDFS's replication of the job output written (`storage.replication`). */
    replication: number,
    /** Every job of the run, by index. */
    private readonly jobs: readonly JobState[],
  ) {
    this.parallelCopies = settings.parallelCopies;
    this.writes = settings.writes;
    this.pipeline = settings.writes.jobOutput ? new WritePipeline(network, cluster, replication, randomStream(settings.seed, 'hdfs-writes')) : null;
    this.totalInput = new Float64Array(jobs.length).fill(NaN);
    this.attemptSigma = settings.variability.attemptSigma;
    this.noise = randomStream(settings.seed, 'attempt-noise');
    this.failures = new AttemptFailures(settings.taskFailures.causes, settings.seed);
    this.jvms = new JvmPool(cluster.nodes.length, settings.jvm.startup, settings.jvm.reuse);
    const { slowdowns, drawnSlowdowns } = settings.variability;
    this.slowdowns =
      slowdowns.length === 0 && drawnSlowdowns === null
        ? null
        : new NodeSlowdowns(slowdowns, drawnSlowdowns, drawnSlowdowns === null ? null : randomStream(settings.seed, 'node-slowdowns'), cluster.nodes.length);
    const movement = new DataMovement(network, settings.network, {
      now: () => loop.now,
      transferEnds: (attempt, time) => loop.schedule(time, EV_TRANSFER_END, attempt),
      flowEnds: (slot, time) => loop.schedule(time, EV_FLOW_END, slot),
    });
    this.movement = movement;
    this.copies = new BlockCopies(loop, cluster, network, movement);
    this.shuffleClock = {
      now: () => loop.now,
      shared: movement.shared,
      startBatch: (fetch, bytes) => movement.startBatch(fetch, bytes),
      copied: (fetch) => movement.copied(fetch),
      stopBatch: (fetch) => movement.stopBatch(fetch),
      startPart: (part) => movement.startPart(part),
      partCopied: (part) => movement.partCopied(part),
      stopPart: (part) => movement.stopPart(part),
      shuffled: (fetch) => this.shuffled(fetch),
    };
    loop.on(EV_TRANSFER_END, (attempt) => this.batchEnded(attempt));
    loop.on(EV_FLOW_END, (slot) => this.flowEnded(slot));
    loop.on(EV_COMPUTE_END, (attempt) => this.computeEnded(attempt));
    loop.on(EV_JVM_UP, (attempt) => this.jvmUp(attempt));
  }

  /**
   * Map `attempt` (of map `task` of `job`) starts on `node`: once its JVM is
   * up it reads its input, then computes. Its replica, and so its locality,
   * is chosen at launch.
   */
  startMap(attempt: number, job: JobState, task: number, node: number): void {
    this.log.status[attempt] = STATUS_RUNNING;
    this.log.end[attempt] = NaN;
    this.failures.launched(attempt, KIND_MAP, job.index, node);
    const source = this.replicaFor(attempt, job, task, node);
    const startup = this.jvms.launched(attempt, job.index, KIND_MAP, node);
    if (startup > 0) this.startsJvm(attempt, startup, source);
    else this.reads(attempt, job, task, node, source);
  }

  /** Reduce `attempt` (of reduce `task` of `job`) starts on `node`: once its JVM is up it fetches its share, then computes. */
  startReduce(attempt: number, job: JobState, task: number, node: number): void {
    this.log.locality[attempt] = LOCALITY_NONE;
    this.log.status[attempt] = STATUS_RUNNING;
    this.log.end[attempt] = NaN;
    this.failures.launched(attempt, KIND_REDUCE, job.index, node);
    const startup = this.jvms.launched(attempt, job.index, KIND_REDUCE, node);
    if (startup > 0) this.startsJvm(attempt, startup, NO_INPUT);
    else this.fetches(attempt, job, task, node);
  }

  /** `attempt` succeeded: its JVM may wait for its job's next task on its node. */
  succeeded(attempt: number): void {
    const log = this.log;
    const node = this.cluster.nodes[log.node[attempt]];
    const kind = log.kind[attempt];
    this.jvms.succeeded(attempt, log.job[attempt], kind, node.index, kind === KIND_MAP ? node.spec.mapSlots : node.spec.reduceSlots);
  }

  /** A node failed: its idle JVMs end, and the block copies into it stop. */
  nodeFailed(node: number): void {
    this.jvms.nodeFailed(node);
    this.copies.nodeFailed(node);
  }

  private startsJvm(attempt: number, startup: number, source: number): void {
    const upAt = this.loop.now + startup;
    this.starting.set(attempt, { upAt, source });
    this.loop.schedule(upAt, EV_JVM_UP, attempt);
  }

  /** An attempt's JVM is up (unless it stopped meanwhile): its work starts. */
  private jvmUp(attempt: number): void {
    const starting = this.starting.get(attempt);
    if (starting === undefined || starting.upAt !== this.loop.now) return;
    this.starting.delete(attempt);
    const log = this.log;
    const job = this.jobs[log.job[attempt]];
    const task = log.task[attempt];
    if (log.kind[attempt] === KIND_MAP) {
      this.reads(attempt, job, task, log.node[attempt], starting.source);
      this.progressChanged(job, true, task); // its expected end is the read's now
    } else {
      this.fetches(attempt, job, task, log.node[attempt]);
    }
  }

  /** A map reads its input from `source` (or retries when no replica is live), then computes. */
  private reads(attempt: number, job: JobState, task: number, node: number, source: number): void {
    if (source === NO_LIVE_REPLICA) {
      this.loop.schedule(this.loop.now + BLOCK_RETRY_SECONDS, EV_READ_RETRY, attempt);
      return;
    }
    const read = source === NO_INPUT ? 0 : this.movement.startRead(attempt, job.job.maps.inputBytes[task], source, node);
    // A read sharing the network ends with a flow-end event, then the map computes.
    if (!Number.isNaN(read)) this.computes(attempt, this.loop.now + read, job.job.maps.work[task]);
  }

  private fetches(attempt: number, job: JobState, task: number, node: number): void {
    const fetch = job.shuffle!.startFetch(task, attempt, node, this.network.fetchRate(node, this.parallelCopies));
    this.fetchStarted(job, fetch);
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
    const node = log.node[attempt];
    const source = this.replicaFor(attempt, job, task, node);
    if (source === NO_LIVE_REPLICA) return false;
    this.reads(attempt, job, task, node, source);
    this.progressChanged(job, true, task); // its end is known now, or its read's
    return true;
  }

  /**
   * How far running map `attempt` is, as its TaskTracker reports it (the
   * share of its input processed), taken as the share of its expected time
   * gone (`mapExpectedEnd`): 1 while it writes its output, 0 while it waits
   * to read again.
   */
  mapProgress(attempt: number, now: number): number {
    const end = this.mapExpectedEnd(attempt);
    if (Number.isNaN(end)) return 1;
    const start = this.log.start[attempt];
    return end > start ? Math.min(1, (now - start) / (end - start)) : 1;
  }

  /**
   * How far running reduce `attempt` is, as Hadoop's ReduceTask reports it:
   * a third for the copy (the share of the job's map outputs copied), a
   * third for the sort (instant here), a third for the reduce (the share of
   * its compute time gone); 1 while it writes its output.
   */
  reduceProgress(attempt: number, now: number): number {
    const log = this.log;
    const shuffle = this.jobs[log.job[attempt]].shuffle!;
    const fetch = shuffle.fetches.of(log.task[attempt], attempt);
    if (fetch === null) return 0;
    if (Number.isNaN(fetch.computeFrom)) return shuffle.copiedOutputs(fetch) / this.jobs[log.job[attempt]].job.maps.length / 3;
    const end = log.end[attempt];
    if (Number.isNaN(end)) return 1;
    return 2 / 3 + (end > fetch.computeFrom ? Math.min(1, (now - fetch.computeFrom) / (end - fetch.computeFrom)) : 1) / 3;
  }

  /**
   * When running reduce `attempt` is expected to end, by its progress (as
   * Hadoop's estimators take it, start plus elapsed time over progress):
   * its end once known (it computes); while it copies, at the rate it has
   * copied its share so far; NaN while it writes (its progress is 1);
   * Infinity while it has copied nothing, its JVM starts or its node has
   * failed unnoticed.
   */
  reduceExpectedEnd(attempt: number): number {
    const log = this.log;
    const end = log.end[attempt];
    if (!Number.isNaN(end)) return end;
    const now = this.loop.now;
    const progress = this.reduceProgress(attempt, now);
    if (progress >= 1) return NaN;
    const start = log.start[attempt];
    return progress > 0 ? start + (now - start) / progress : Infinity;
  }

  /**
   * When running map `attempt` is expected to end, by its progress: its end
   * once known; while its read shares the network, the read's end at the
   * current rates plus its compute time at its node's speed; NaN while it
   * writes (its progress is 1); Infinity while it waits to read again or its
   * node has failed unnoticed (it makes no progress).
   */
  mapExpectedEnd(attempt: number): number {
    const log = this.log;
    const end = log.end[attempt];
    if (!Number.isNaN(end)) return end;
    const starting = this.starting.get(attempt);
    if (starting !== undefined) return this.startingMapEnd(attempt, starting);
    if (this.movement.writing(attempt)) return NaN;
    const readEnd = this.movement.readEnd(attempt);
    if (Number.isNaN(readEnd)) return Infinity;
    const job = this.jobs[log.job[attempt]].job;
    return readEnd + job.maps.work[log.task[attempt]] / this.cluster.nodes[log.node[attempt]].spec.speed;
  }

  /** While its JVM starts: when its JVM is up, plus its read alone (the closest replica's transfer time), plus its compute at its node's speed. */
  private startingMapEnd(attempt: number, starting: StartingAttempt): number {
    const log = this.log;
    const job = this.jobs[log.job[attempt]].job;
    const task = log.task[attempt];
    const node = log.node[attempt];
    const read = starting.source < 0 ? 0 : this.network.transferTime(job.maps.inputBytes[task], starting.source, node);
    return starting.upAt + read + job.maps.work[task] / this.cluster.nodes[node].spec.speed;
  }

  /** An attempt stops where it is (its node failed, or it was ended early): its JVM, read or write, if under way, stops. */
  stop(attempt: number): void {
    this.movement.stop(attempt);
    this.failures.forget(attempt);
    this.jvms.ended(attempt);
    this.starting.delete(attempt);
  }

  /** A reduce's batch, alone, has ended (unless the event went stale: its attempt ended, or the batch was cut). */
  private batchEnded(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING) return;
    const shuffle = this.jobs[log.job[attempt]].shuffle!;
    const fetch = shuffle.fetches.of(log.task[attempt], attempt);
    if (fetch === null || !this.movement.batchEnded(fetch)) return;
    shuffle.batchEnded(fetch);
  }

  /** A flow has ended (unless the event went stale): a map's read, after which it computes, a write, after which its attempt ends, or a batch's part. */
  private flowEnded(slot: number): void {
    const owner = this.movement.flowEnded(slot);
    if (owner === null) return;
    if ('part' in owner) {
      this.jobs[this.log.job[owner.part.fetch.attempt]].shuffle!.partEnded(owner.part);
      return;
    }
    if ('copy' in owner) {
      this.copies.ended(owner.copy);
      return;
    }
    const log = this.log;
    if ('write' in owner) {
      log.end[owner.write] = this.loop.now;
      this.loop.schedule(this.loop.now, EV_TASK_END, owner.write);
      return;
    }
    const attempt = owner.read;
    const job = this.jobs[log.job[attempt]];
    this.computes(attempt, this.loop.now, job.job.maps.work[log.task[attempt]]);
    this.progressChanged(job, true, log.task[attempt]); // its end is known now
  }

  /** A reduce has copied everything: it computes, and ends. */
  private shuffled(fetch: ReduceFetch): void {
    const job = this.jobs[this.log.job[fetch.attempt]];
    fetch.computeFrom = this.loop.now;
    this.computes(fetch.attempt, this.loop.now, job.job.reduces[fetch.task].work);
    this.progressChanged(job, false, fetch.task); // its end is known now
  }

  /**
   * When `attempt`, starting to compute `work` (seconds at speed 1) at
   * `from`, is done: at its node's speed, times its lognormal factor
   * (`variability.attemptSigma`, drawn now), through its node's slowdowns.
   */
  private computeEnd(attempt: number, from: number, work: number): number {
    const node = this.log.node[attempt];
    let seconds = work / this.cluster.nodes[node].spec.speed;
    if (this.attemptSigma > 0) seconds *= Math.exp(this.attemptSigma * this.noise.normal(0, 1));
    return this.slowdowns === null ? from + seconds : this.slowdowns.end(node, from, seconds);
  }

  /**
   * `attempt` computes `work` from `from` (until `computeEnd`), then writes
   * what it made, if it writes (alone, the write's time is added; sharing
   * the network, the write starts with a compute-end event), and ends. An
   * attempt that fails of itself fails in its compute instead, with an
   * attempt-failed event; its end stays the one it would have had, which
   * its progress is reported against until then.
   */
  private computes(attempt: number, from: number, work: number): void {
    const log = this.log;
    let end = this.computeEnd(attempt, from, work);
    const failsAt = this.failures.failsAt(attempt, from, end);
    if (!Number.isNaN(failsAt)) {
      log.end[attempt] = end;
      this.loop.schedule(failsAt, EV_ATTEMPT_FAILED, attempt);
      return;
    }
    const bytes = this.writeBytes(attempt);
    if (bytes > 0 && this.movement.shared) {
      log.end[attempt] = end;
      this.loop.schedule(end, EV_COMPUTE_END, attempt);
      return;
    }
    if (bytes > 0) {
      const node = log.node[attempt];
      end += this.writesToHdfs(attempt) ? this.pipeline!.aloneSeconds(bytes, node) : this.network.transferTime(bytes, node, node);
    }
    log.end[attempt] = end;
    this.loop.schedule(end, EV_TASK_END, attempt);
  }

  /** An attempt has computed (unless the event went stale: it failed or ended meanwhile): its write starts, sharing the network. */
  private computeEnded(attempt: number): void {
    const log = this.log;
    if (log.status[attempt] !== STATUS_RUNNING || log.end[attempt] !== this.loop.now) return;
    log.end[attempt] = NaN; // it ends with its write's flow
    this.progressChanged(this.jobs[log.job[attempt]], log.kind[attempt] === KIND_MAP, log.task[attempt]); // its rate falls as it writes
    const node = log.node[attempt];
    const route = this.writeRoute;
    const length = this.writesToHdfs(attempt) ? this.pipeline!.route(node, route) : this.network.route(node, node, route);
    this.movement.startWrite(attempt, this.writeBytes(attempt), route, length);
  }

  /** Whether `attempt` writes to HDFS (its share of the job's output) rather than to its own disk (a map's output, for the shuffle). */
  private writesToHdfs(attempt: number): boolean {
    return this.log.kind[attempt] !== KIND_MAP || this.jobs[this.log.job[attempt]].job.reduces.length === 0;
  }

  /** Bytes `attempt` writes after it computes, as `settings.writes` asks (0: none). */
  private writeBytes(attempt: number): number {
    const log = this.log;
    const jobIndex = log.job[attempt];
    const job = this.jobs[jobIndex].job;
    const task = log.task[attempt];
    if (!this.writesToHdfs(attempt)) return this.writes.mapOutput ? job.maps.outputBytes[task] : 0;
    const output = job.outputBytes ?? 0;
    if (!this.writes.jobOutput || output === 0) return 0;
    if (log.kind[attempt] !== KIND_MAP) return output * job.reduces[task].shuffleShare;
    if (Number.isNaN(this.totalInput[jobIndex])) this.totalInput[jobIndex] = job.maps.inputBytes.reduce((sum, bytes) => sum + bytes, 0);
    const total = this.totalInput[jobIndex];
    return total === 0 ? output / job.maps.length : (output * job.maps.inputBytes[task]) / total;
  }

  /**
   * The closest live replica of map `task`'s input to `node`, whose locality
   * and traffic the attempt records; NO_INPUT for a map without input,
   * NO_LIVE_REPLICA when none is live.
   */
  private replicaFor(attempt: number, job: JobState, task: number, node: number): number {
    const log = this.log;
    const maps = job.job.maps;
    const bytes = maps.inputBytes[task];
    log.bytesIn[attempt] = bytes;
    if (maps.replicaCount(task) === 0) {
      log.locality[attempt] = LOCALITY_NONE;
      return NO_INPUT;
    }
    const source = closestReplica(job, task, node, this.cluster.nodes, this.network);
    if (source < 0) {
      log.locality[attempt] = LOCALITY_OFF;
      return NO_LIVE_REPLICA;
    }
    if (source === node) {
      log.locality[attempt] = LOCALITY_NODE;
    } else {
      const nodes = this.cluster.nodes;
      log.locality[attempt] = nodes[source].rackIndex === nodes[node].rackIndex ? LOCALITY_RACK : LOCALITY_OFF;
      log.networkBytes[attempt] = bytes;
      log.byteHops[attempt] = bytes * this.network.hops(source, node);
    }
    return source;
  }
}
