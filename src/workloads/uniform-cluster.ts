/**
 * A cluster of identical nodes in racks of a given size, for workloads that
 * state no cluster of their own (a SWIM trace, a generated workload): speed
 * 1, the scenario format's default disks and links. When the racks divide
 * the nodes evenly the cluster is written with `generate`; otherwise as a
 * list of full racks and one smaller last rack, which gives the same rack and
 * node ids (`rack1`, `rack1-n01`, …).
 */
import type { ScenarioFile } from '../input/scenario-file.js';

export interface UniformClusterShape {
  readonly nodes: number;
  readonly nodesPerRack: number;
  readonly mapSlots: number;
  readonly reduceSlots: number;
}

export function uniformCluster(shape: UniformClusterShape): ScenarioFile['cluster'] {
  const { nodes, nodesPerRack, mapSlots, reduceSlots } = shape;
  if (nodes % nodesPerRack === 0) {
    return { generate: { racks: nodes / nodesPerRack, nodesPerRack, mapSlots, reduceSlots } };
  }
  const full = Math.floor(nodes / nodesPerRack);
  return {
    defaults: { mapSlots, reduceSlots },
    racks: [...Array.from({ length: full }, () => ({ nodes: nodesPerRack })), { nodes: nodes - full * nodesPerRack }],
  };
}

/** `15 racks of 40` or `2 racks of 40 and one of 20`. */
export function describeRacks(shape: Pick<UniformClusterShape, 'nodes' | 'nodesPerRack'>): string {
  const { nodes, nodesPerRack } = shape;
  const full = Math.floor(nodes / nodesPerRack);
  const rest = nodes - full * nodesPerRack;
  const racks = (n: number) => `${n} rack${n === 1 ? '' : 's'}`;
  if (rest === 0) return `${racks(full)} of ${nodesPerRack}`;
  if (full === 0) return `1 rack of ${rest}`;
  return `${racks(full)} of ${nodesPerRack} and 1 of ${rest}`;
}
