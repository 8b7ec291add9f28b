/**
 * The resources of the adaptive scheduler's LP: the cluster's nodes grouped
 * into kinds, nodes alike in everything that sets a task's duration in the
 * cluster model (speed, local disk read rate, link bandwidth, slot model and
 * slot counts).
 *
 * Rasooli and Down's LP ("An Adaptive Scheduling Algorithm for Dynamic
 * Heterogeneous Hadoop Systems", CASCON 2011) has one resource per node.
 * Grouping identical nodes into one resource whose rate is the sum of theirs
 * changes no suggested set: from an optimal allocation over the nodes,
 * summing a kind's shares gives one over the kinds with the same λ*, and
 * from one over the kinds, splitting each share evenly among the kind's
 * nodes gives one over the nodes; and since permuting identical nodes maps
 * optimal allocations to optimal allocations and the optimal set is convex,
 * the largest support (the canonical SC sets) gives a class to every node of
 * a kind or to none. So each node's SC_j is its kind's (tested against the
 * LP over single nodes). It keeps the LP's size independent of the number of
 * nodes (1,000 nodes of three speeds are three resources), and it pools the
 * observed task durations of alike nodes, so rates are learned sooner.
 */
import type { ClusterNode } from '../../model/cluster.js';

export interface NodeKind {
  /** The first node's id, and how many more nodes the kind has: `R1`, `R1+2`. */
  readonly id: string;
  /** A node of the kind: they all share speed, disk rate, bandwidth and slots. */
  readonly spec: ClusterNode;
  /** Node indices, ascending. */
  readonly nodes: readonly number[];
}

export interface NodeKinds {
  readonly kinds: readonly NodeKind[];
  /** Kind index of each node. */
  readonly kindOf: Int32Array;
}

/** Kinds in the order of their first node. */
export function nodeKinds(nodes: readonly ClusterNode[]): NodeKinds {
  const byKey = new Map<string, number[]>();
  const kindOf = new Int32Array(nodes.length);
  nodes.forEach((node, i) => {
    const key = [node.speed, node.diskReadRate, node.uplinkBandwidth, node.slotModel, node.mapSlots, node.reduceSlots, node.totalSlots].join('|');
    const members = byKey.get(key);
    if (members === undefined) byKey.set(key, [i]);
    else members.push(i);
  });
  const kinds = [...byKey.values()].map((members, k) => {
    for (const i of members) kindOf[i] = k;
    const first = nodes[members[0]];
    return { id: members.length === 1 ? first.id : `${first.id}+${members.length - 1}`, spec: first, nodes: members };
  });
  return { kinds, kindOf };
}
