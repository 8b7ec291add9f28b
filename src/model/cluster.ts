/**
 * A resolved cluster: every node explicit, every shorthand expanded. Units:
 * bytes, bytes per second, and seconds of work at speed 1.
 */

/** A node (TaskTracker / NodeManager). */
export interface ClusterNode {
  readonly id: string;
  readonly rack: string;
  /**
   * Slots the node offers. With split slots (Hadoop 1) maps and reduces have
   * their own; with unified slots (YARN containers) `mapSlots`,
   * `reduceSlots` and `totalSlots` are all the container count and any mix of
   * maps and reduces may share them. The runtime enforces all three limits.
   * A resource node (YARN with memory and vcores) counts as unified slots
   * the containers of the scheduler's minimum allocation it holds; what a
   * container takes is its request, checked against `memory` and `vcores`.
   */
  readonly mapSlots: number;
  readonly reduceSlots: number;
  readonly totalSlots: number;
  readonly slotModel: 'split' | 'unified' | 'resources';
  /** A resource node's memory (bytes) and vcores for containers; 0 for slot nodes. */
  readonly memory: number;
  readonly vcores: number;
  /** Relative compute speed: a task of `work` seconds at speed 1 computes for work / speed. */
  readonly speed: number;
  /** Local disk read rate in bytes per second (node-local block reads, local map-output fetches). */
  readonly diskReadRate: number;
  /** The switch this node hangs off, and the bandwidth of that link (bytes/s). */
  readonly uplink: string;
  readonly uplinkBandwidth: number;
}

/** A switch of the network tree. The root has no parent. */
export interface NetworkSwitch {
  readonly id: string;
  readonly parent: string | null;
  /** Bandwidth of the link to the parent, bytes/s (unused at the root). */
  readonly uplinkBandwidth: number;
}

export interface Cluster {
  readonly nodes: readonly ClusterNode[];
  /** Rack names in first-seen order; a node's rack is one of these. */
  readonly racks: readonly string[];
  /** The network tree above the nodes; nodes are its leaves. */
  readonly switches: readonly NetworkSwitch[];
}
