/**
 * How the runtime moves data over the network: maps' input reads, the
 * shuffle's batches and (with `settings.writes`) tasks' output writes, under
 * one of two network models (`settings.network`).
 *
 * - `isolated`: every transfer runs alone at the narrowest capacity of its
 *   path, so its end is known when it starts (a map's read time is added to
 *   its compute time at launch).
 * - `max-min`: every transfer is a flow sharing the disks and links on its
 *   path with the flows under way, by max-min fairness (`max-min-sharing.ts`);
 *   its end moves whenever the flows it shares with start or stop, and the
 *   runtime learns it from flow-end events, stale ones ignored. A map's read
 *   is a flow from the source replica's disk to the map's node; a reduce's
 *   batch moves as parts (`shuffle.ts`), each a flow from its source node's
 *   disk over the links between the two nodes; a write is a flow into its
 *   node's disk, or through an HDFS pipeline (`write-pipeline.ts`); a
 *   block copy a policy asked for (`block-copies.ts`) is a flow from the
 *   source replica's disk over the links between into the new replica's disk.
 */
import type { NetworkSharing } from '../../model/scenario.js';
import type { NetworkModel } from './network.js';
import { MAX_ROUTE } from './max-min-sharing.js';
import type { BatchPart } from './batch-parts.js';
import type { ReduceFetch } from './reduce-fetch.js';
import { PartRoute } from './part-route.js';
import { Transfers } from './transfers.js';
import { resized } from '../resized.js';

export interface MovementClock {
  now(): number;
  /** Schedule a transfer-end event for `attempt` at `time`: a batch alone. */
  transferEnds(attempt: number, time: number): void;
  /** Schedule a flow-end event for flow `slot` at `time`: a read or a part, sharing the network. */
  flowEnds(slot: number, time: number): void;
}

/** Whose a flow is: a map attempt's read, an attempt's write, a reduce batch's part, or a block copy (by its number). */
export type FlowOwner = { readonly read: number } | { readonly write: number } | { readonly part: BatchPart } | { readonly copy: number };

export class DataMovement {
  private readonly transfers: Transfers | null;
  /** The flow of each attempt reading its input or writing its output (−1: none), by attempt, and whose each flow is. */
  private flowOf = new Int32Array(0);
  private readonly ownerOf: (FlowOwner | null)[] = [];
  /**
   * The end event pending for each flow: an end that moves later keeps it
   * (when it comes, the flow's event moves to its new end), one that moves
   * earlier gets a new one. Sharing moves ends at every change; this keeps
   * the queue from filling with stale events.
   */
  private pending = new Float64Array(0);
  private readonly route = new Int32Array(MAX_ROUTE);
  private readonly partRoute: PartRoute | null;

  constructor(
    private readonly network: NetworkModel,
    sharing: NetworkSharing,
    private readonly clock: MovementClock,
  ) {
    this.transfers = sharing === 'max-min' ? new Transfers(network.capacities) : null;
    this.partRoute = this.transfers === null ? null : new PartRoute(network);
  }

  get shared(): boolean {
    return this.transfers !== null;
  }

  /**
   * A map's input read of `bytes` from node `from` into node `to`: alone,
   * its seconds; shared, NaN (it ends with a flow-end event).
   */
  startRead(attempt: number, bytes: number, from: number, to: number): number {
    if (this.transfers === null || bytes <= 0) return this.network.transferTime(bytes, from, to);
    this.openFor(attempt, this.open(bytes, this.route, this.network.route(from, to, this.route), null, { read: attempt }));
    return NaN;
  }

  /**
   * An attempt's write of `bytes` over the first `length` resources of
   * `route`, sharing the network: it ends with a flow-end event.
   */
  startWrite(attempt: number, bytes: number, route: Int32Array, length: number): void {
    this.openFor(attempt, this.open(bytes, route, length, null, { write: attempt }));
  }

  /** A reduce's batch of `bytes` of its share starts, alone: it ends with a transfer-end event. */
  startBatch(fetch: ReduceFetch, bytes: number): void {
    fetch.batchEnd = this.clock.now() + bytes / fetch.rate;
    this.clock.transferEnds(fetch.attempt, fetch.batchEnd);
  }

  /** Bytes a reduce's running batch has moved by now, alone. */
  copied(fetch: ReduceFetch): number {
    const now = this.clock.now();
    return now >= fetch.batchEnd ? fetch.batchBytes : (now - fetch.at) * fetch.rate;
  }

  /** A reduce's running batch, alone, stops short: its end event goes stale. */
  stopBatch(fetch: ReduceFetch): void {
    fetch.batchEnd = NaN;
  }

  /** A batch's part starts its flow, sharing the network (`part-route.ts`); one of several streams carries a streamth of the bytes. */
  startPart(part: BatchPart): void {
    const bytes = part.flowBytes();
    const route = this.partRoute!;
    const split = part.bySplit;
    if (split === null) route.build(part.nodes, part.left, bytes, part.fetch.node, part.streams);
    else route.buildFromLeaves(split.leafBytes, split.ownBytes, bytes, part.fetch.node, part.streams);
    part.slot = this.open(bytes / part.streams, route.resources, route.length, route.weights, { part });
  }

  /** Bytes a running part has moved by now. */
  partCopied(part: BatchPart): number {
    return part.streams * this.transfers!.transferred(this.clock.now(), part.slot);
  }

  /** A running part stops short. */
  stopPart(part: BatchPart): void {
    this.close(part.slot);
  }

  /** Seconds a block copy of `bytes` from node `from` into node `to` lasts alone: the narrowest of the source's disk, the links between and the destination's disk. */
  copySeconds(bytes: number, from: number, to: number): number {
    return Math.max(this.network.transferTime(bytes, from, to), this.network.transferTime(bytes, to, to));
  }

  /** Block copy `copy` of `bytes` from node `from`'s disk into node `to`'s, sharing the network: it ends with a flow-end event. Returns its flow. */
  startCopy(copy: number, bytes: number, from: number, to: number): number {
    const route = this.route;
    let length = this.network.route(from, to, route);
    // Left off only in trees whose routes already take every resource a flow may cross.
    if (length < MAX_ROUTE) route[length++] = this.network.disk(to);
    return this.open(bytes, route, length, null, { copy });
  }

  /** A copy's flow stops short (its destination failed, or its job ended); returns the bytes it moved. */
  stopCopy(slot: number): number {
    const moved = this.transfers!.transferred(this.clock.now(), slot);
    this.close(slot);
    return moved;
  }

  /** When the attempt's read under way ends at the current rates, or NaN if it has none. */
  readEnd(attempt: number): number {
    const slot = attempt < this.flowOf.length ? this.flowOf[attempt] : -1;
    const owner = slot < 0 ? null : this.ownerOf[slot];
    return owner !== null && 'read' in owner ? this.transfers!.endTime(slot) : NaN;
  }

  /** Whether the attempt's flow under way is its write. */
  writing(attempt: number): boolean {
    const slot = attempt < this.flowOf.length ? this.flowOf[attempt] : -1;
    const owner = slot < 0 ? null : this.ownerOf[slot];
    return owner !== null && 'write' in owner;
  }

  /** An attempt's read or write stops short, if it has one under way (its node failed, or its job was killed). */
  stop(attempt: number): void {
    const slot = attempt < this.flowOf.length ? this.flowOf[attempt] : -1;
    if (slot < 0) return;
    this.flowOf[attempt] = -1;
    this.close(slot);
  }

  /**
   * A transfer-end event for a batch alone: true if it is the end of the
   * batch's current transfer, false if stale.
   */
  batchEnded(fetch: ReduceFetch): boolean {
    return fetch.batchEnd === this.clock.now();
  }

  /**
   * A flow-end event for flow `slot`: its owner if the flow has ended (it is
   * then closed), null if the event is stale.
   */
  flowEnded(slot: number): FlowOwner | null {
    const owner = this.ownerOf[slot];
    if (owner === null) return null;
    const now = this.clock.now();
    const end = this.transfers!.endTime(slot);
    if (end === now) {
      if ('read' in owner) this.flowOf[owner.read] = -1;
      else if ('write' in owner) this.flowOf[owner.write] = -1;
      this.close(slot);
      return owner;
    }
    // The flow's pending event, come before an end that moved later: on to the end.
    if (this.pending[slot] === now) this.schedule(slot, end);
    return null;
  }

  private openFor(attempt: number, slot: number): void {
    if (attempt >= this.flowOf.length) this.flowOf = resized(this.flowOf, new Int32Array(Math.max(1024, 2 * attempt)).fill(-1));
    this.flowOf[attempt] = slot;
  }

  /** A flow of `bytes` over the first `length` resources of `route` (weighted, or all 1); returns its slot. */
  private open(bytes: number, route: Int32Array, length: number, weights: Float64Array | null, owner: FlowOwner): number {
    const slot = this.transfers!.start(this.clock.now(), bytes, route, weights, Infinity, length);
    this.ownerOf[slot] = owner;
    if (slot >= this.pending.length) this.pending = resized(this.pending, new Float64Array(2 * slot + 64));
    this.pending[slot] = Infinity;
    this.announceMoved();
    return slot;
  }

  private close(slot: number): void {
    this.ownerOf[slot] = null;
    this.transfers!.stop(this.clock.now(), slot);
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
    if (Number.isFinite(end)) this.clock.flowEnds(slot, end);
  }
}
