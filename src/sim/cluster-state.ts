/**
 * The cluster as the JobTracker keeps it: every node's state, and the
 * capacities of the live ones (what `ClusterView` shows), with the free
 * containers that YARN's reduce ramp-up reads as its headroom.
 */
import type { Cluster } from '../model/cluster.js';
import type { Resources } from '../model/resources.js';
import { NodeState } from './node-state.js';

export class ClusterState {
  readonly nodes: NodeState[];
  /** Each node's rack (index into cluster.racks). */
  readonly rackOf: Int32Array;
  readonly rackCount: number;
  mapCapacity = 0;
  reduceCapacity = 0;
  liveNodes: number;
  /** Containers free on live nodes (meaningful with unified containers, which YARN mode requires). */
  freeContainers = 0;
  /** Whether the nodes have memory and vcores (a resource cluster, YARN mode) rather than slots. */
  readonly hasResources: boolean;
  /** On a resource cluster: memory and vcores of live nodes, and the memory free on them. */
  memoryCapacity = 0;
  vcoreCapacity = 0;
  freeMemory = 0;
  readonly isAlive = (node: number): boolean => this.nodes[node].alive;

  /**
   * `phaseOf(i)`: node i's heartbeat phase in [0, interval); `unit`: on a
   * resource cluster, the minimum allocation its free containers are counted in.
   */
  constructor(cluster: Cluster, interval: number, phaseOf: (node: number) => number, unit: Resources | null = null) {
    const rackIndex = new Map(cluster.racks.map((rack, i) => [rack, i]));
    this.rackOf = Int32Array.from(cluster.nodes, (node) => rackIndex.get(node.rack)!);
    this.rackCount = cluster.racks.length;
    this.hasResources = unit !== null && cluster.nodes.some((node) => node.slotModel === 'resources');
    this.nodes = cluster.nodes.map((spec, i) => new NodeState(i, spec, this.rackOf[i], phaseOf(i) - interval, spec.slotModel === 'resources' ? unit : null));
    for (const node of this.nodes) {
      this.joinService(node);
    }
    this.liveNodes = this.nodes.length;
  }

  /** A task, setup or AM of `request` starts on the node: its slot (or container) is taken. */
  hold(node: NodeState, request: Resources): void {
    node.take(request);
    this.freeContainers--;
    this.freeMemory -= request.memory;
  }

  /** A task, setup or AM of `request` on the node ends: its slot is free again (counted if the node is in service). */
  release(node: NodeState, request: Resources): void {
    node.give(request);
    if (!node.inService) return;
    this.freeContainers++;
    this.freeMemory += request.memory;
  }

  /** The node stops: its slots leave the capacities. */
  nodeDown(node: NodeState): void {
    if (node.inService) this.leaveService(node);
    node.alive = false;
    this.liveNodes--;
  }

  /** The node is back, its slots with it (unless it is blacklisted). */
  nodeUp(node: NodeState): void {
    node.alive = true;
    this.liveNodes++;
    if (node.inService) this.joinService(node);
  }

  /** The node goes on the cluster-wide blacklist: its slots leave the capacities. */
  blacklist(node: NodeState): void {
    if (node.inService) this.leaveService(node);
    node.blacklisted = true;
  }

  /** The node comes off the blacklist: its slots are back (if it is alive). */
  unblacklist(node: NodeState): void {
    node.blacklisted = false;
    if (node.inService) this.joinService(node);
  }

  /** Before the node leaves service: its slots and free containers stop counting. */
  private leaveService(node: NodeState): void {
    this.freeContainers -= node.freeMapSlots;
    this.mapCapacity -= node.spec.mapSlots;
    this.reduceCapacity -= node.spec.reduceSlots;
    this.memoryCapacity -= node.spec.memory;
    this.vcoreCapacity -= node.spec.vcores;
    this.freeMemory -= node.freeMemory;
  }

  /** After the node is back in service. */
  private joinService(node: NodeState): void {
    this.freeContainers += node.freeMapSlots;
    this.mapCapacity += node.spec.mapSlots;
    this.reduceCapacity += node.spec.reduceSlots;
    this.memoryCapacity += node.spec.memory;
    this.vcoreCapacity += node.spec.vcores;
    this.freeMemory += node.freeMemory;
  }
}
