/**
 * The cluster and storage of an imported SWIM trace, which states neither:
 * `nodes` nodes in racks of `nodesPerRack`, identical (speed 1, the
 * format's default disks and links), with the given slots; HDFS blocks of
 * `blockSize` with `replication` replicas. When the racks divide the nodes
 * evenly the cluster is written with `generate`; otherwise as a list of full
 * racks and one smaller last rack, which gives the same rack and node ids
 * (`rack1`, `rack1-n01`, …).
 */
import type { ScenarioFile } from '../../model/scenario-file.js';
import type { SwimSettings } from './swim-options.js';

export function swimCluster(settings: SwimSettings): ScenarioFile['cluster'] {
  const { nodes, nodesPerRack, mapSlots, reduceSlots } = settings;
  if (nodes % nodesPerRack === 0) {
    return { generate: { racks: nodes / nodesPerRack, nodesPerRack, mapSlots, reduceSlots } };
  }
  const full = Math.floor(nodes / nodesPerRack);
  return {
    defaults: { mapSlots, reduceSlots },
    racks: [...Array.from({ length: full }, () => ({ nodes: nodesPerRack })), { nodes: nodes - full * nodesPerRack }],
  };
}

export function swimStorage(settings: SwimSettings): ScenarioFile['storage'] {
  return { blockSize: settings.blockSize, replication: settings.replication };
}

/** `15 racks of 40` or `2 racks of 40 and one of 20`. */
export function describeRacks(settings: SwimSettings): string {
  const { nodes, nodesPerRack } = settings;
  const full = Math.floor(nodes / nodesPerRack);
  const rest = nodes - full * nodesPerRack;
  const racks = (n: number) => `${n} rack${n === 1 ? '' : 's'}`;
  if (rest === 0) return `${racks(full)} of ${nodesPerRack}`;
  if (full === 0) return `1 rack of ${rest}`;
  return `${racks(full)} of ${nodesPerRack} and 1 of ${rest}`;
}
