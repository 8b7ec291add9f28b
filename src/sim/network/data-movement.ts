/**
 * How the runtime moves data over the network: maps' input reads and the
 * shuffle's batches, under one of two network models (`settings.network`).
 *
 * - `isolated`: every transfer runs alone at the narrowest capacity of its
 *   path, so its end is known when it starts (a map's read time is added to
 *   its compute time at launch).
 * - `max-min`: every transfer is a flow sharing the disks and links on its
 *   path with the flows under way, by max-min fairness (`max-min-sharing.ts`);
 *   its end moves whenever the flows it shares with start or stop, and the
 *   runtime learns it from transfer-end events, stale ones ignored. A map's
 *   read is a flow from the source replica's disk; a reduce's batch is a
 *   flow whose source is the job's pool of output disks (one resource per
 *   job: its nodes' disks read its output in parallel, the most loaded
 *   last), into the reducer's link and the downlinks above it, weighted by
 *   the shares of the job's output coming from outside each.
 */
import type { NetworkSharing } from '../../model/scenario.js';
import type { NetworkModel } from './network.js';
import { MAX_ROUTE } from './max-min-sharing.js';
import type { JobShuffle, ReduceFetch } from './shuffle.js';
import { Transfers } from './transfers.js';
import { resized } from '../resized.js';

export interface MovementClock {
  now(): number;
  /** Schedule a transfer-end event for `attempt` at `time`. */
  transferEnds(attempt: number, time: number): void;
}

export class DataMovement {
  private readonly transfers: Transfers | null;
  /** The flow of each attempt moving data (−1: none), by attempt, and the attempt of each flow. */
  private flowOf = new Int32Array(0);
  private readonly attemptOf: number[] = [];
  /**
   * The end event pending for each flow: an end that moves later keeps it
   * (when it comes, the flow's event moves to its new end), one that moves
   * earlier gets a new one. Sharing moves ends at every change; this keeps
   * the queue from filling with stale events.
   */
  private pending = new Float64Array(0);
  private readonly freePools: number[] = [];
  private readonly route = new Int32Array(MAX_ROUTE);
  private readonly weights = new Float64Array(MAX_ROUTE);

  constructor(
    private readonly network: NetworkModel,
    sharing: NetworkSharing,
    private readonly clock: MovementClock,
  ) {
    this.transfers = sharing === 'max-min' ? new Transfers(network.capacities) : null;
  }

  get shared(): boolean {
    return this.transfers !== null;
  }

  /**
   * A map's input read of `bytes` from node `from` into node `to`: alone,
   * its seconds; shared, NaN (it ends with a transfer-end event).
   */
  startRead(attempt: number, bytes: number, from: number, to: number): number {
    if (this.transfers === null || bytes <= 0) return this.network.transferTime(bytes, from, to);
    this.start(attempt, bytes, this.network.route(from, to, this.route), false, Infinity);
    return NaN;
  }

  /** A reduce's batch of `bytes` of its share starts. */
  startBatch(fetch: ReduceFetch, bytes: number, shuffle: JobShuffle): void {
    const now = this.clock.now();
    if (this.transfers === null) {
      fetch.batchEnd = now + bytes / fetch.rate;
      this.clock.transferEnds(fetch.attempt, fetch.batchEnd);
      return;
    }
    this.start(fetch.attempt, bytes, shuffle.batchRoute(fetch, this.route, this.weights), true, fetch.rate);
  }

  /** Bytes a reduce's running batch has moved by now. */
  copied(fetch: ReduceFetch): number {
    const now = this.clock.now();
    if (this.transfers === null) return now >= fetch.batchEnd ? fetch.batchBytes : (now - fetch.at) * fetch.rate;
    return this.transfers.transferred(now, this.flowOf[fetch.attempt]);
  }

  /** The attempt's transfer stops short, if it has one (its task failed or was killed, or its batch was cut). */
  stop(attempt: number, fetch: ReduceFetch | null = null): void {
    if (fetch !== null) fetch.batchEnd = NaN;
    const slot = attempt < this.flowOf.length ? this.flowOf[attempt] : -1;
    if (slot < 0) return;
    this.flowOf[attempt] = -1;
    this.transfers!.stop(this.clock.now(), slot);
    this.announceMoved();
  }

  /**
   * A transfer-end event for `attempt`: true if it is the end of its current
   * transfer (then closed), false if stale. `isolatedEnd` is the end a
   * transfer alone was given.
   */
  ended(attempt: number, isolatedEnd: number): boolean {
    const now = this.clock.now();
    if (this.transfers === null) return isolatedEnd === now;
    const slot = attempt < this.flowOf.length ? this.flowOf[attempt] : -1;
    if (slot < 0) return false;
    const end = this.transfers.endTime(slot);
    if (end === now) {
      this.stop(attempt);
      return true;
    }
    // The flow's pending event, come before an end that moved later: on to the end.
    if (this.pending[slot] === now) this.schedule(slot, end);
    return false;
  }

  /** A network resource for a job's pool of output disks (none without sharing). */
  newPool(): number {
    if (this.transfers === null) return -1;
    return this.freePools.pop() ?? this.transfers.share.addResource(Infinity);
  }

  /** The pool of a job that has ended, for a later job. */
  releasePool(pool: number): void {
    if (pool < 0) return;
    this.transfers!.setCapacity(this.clock.now(), pool, Infinity);
    this.freePools.push(pool);
  }

  /** The job's output can now be read this fast. */
  poolRate(pool: number, rate: number): void {
    if (pool < 0 || this.transfers!.share.capacityOf(pool) === rate) return;
    this.transfers!.setCapacity(this.clock.now(), pool, rate);
    this.announceMoved();
  }

  /** A transfer over the first `length` resources of `route` (weighted as in `weights`, or all 1). */
  private start(attempt: number, bytes: number, length: number, weighted: boolean, bound: number): void {
    const slot = this.transfers!.start(this.clock.now(), bytes, this.route, weighted ? this.weights : null, bound, length);
    if (attempt >= this.flowOf.length) this.flowOf = resized(this.flowOf, new Int32Array(Math.max(1024, 2 * attempt)).fill(-1));
    this.flowOf[attempt] = slot;
    this.attemptOf[slot] = attempt;
    if (slot >= this.pending.length) this.pending = resized(this.pending, new Float64Array(2 * slot + 64));
    this.pending[slot] = Infinity;
    this.announceMoved();
  }

  /** Each transfer whose end moved earlier than its pending event gets an event at its new end. */
  private announceMoved(): void {
    const transfers = this.transfers!;
    const moved = transfers.moved;
    for (let m = 0; m < moved.length; m++) {
      const slot = moved.items[m];
      const end = transfers.endTime(slot);
      if (end < this.pending[slot]) this.schedule(slot, end);
    }
  }

  private schedule(slot: number, end: number): void {
    this.pending[slot] = end;
    if (Number.isFinite(end)) this.clock.transferEnds(this.attemptOf[slot], end);
  }
}
