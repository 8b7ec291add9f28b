/**
 * The cluster an SLS import runs on, and what the trace's hosts say about it.
 *
 * - With a topology file, the topology is the cluster. A task's
 *   `container.host` is matched to a node by host name (SLS registers each
 *   NodeManager under its host name and asks for hosts by name). A host the
 *   topology lacks, or a host the trace puts in another rack, changes
 *   nothing: a host only records where the task ran in the traced run, its
 *   tasks have no input to be near, and SLS itself treats it as a preference
 *   the scheduler may relax. Both are counted for the notes, with examples.
 * - Without one, the cluster is the hosts the imported jobs' tasks ran on
 *   (as SLS builds it from the trace): racks named by the hosts' network
 *   locations (`/default-rack/node1` is node `node1` in rack
 *   `default-rack`; a host without one goes to Hadoop's `default-rack`),
 *   racks and nodes in the order first met, each node with the `containers`
 *   option. A host name met under two racks is kept in the first (node ids
 *   are unique), and counted for the notes.
 */
import type { SlsJob } from './sls-job.js';
import type { SlsNode, SlsRack, SlsTopology } from './sls-topology.js';
import type { SlsSettings } from './sls-options.js';
import { Tally } from './tally.js';

/** Hadoop's rack for a node whose location is unknown (NetworkTopology.DEFAULT_RACK without its `/`). */
export const DEFAULT_RACK = 'default-rack';

/** Tally keys of what the hosts say. */
export const HOSTS_SEEN = {
  notInTopology: 'host not in topology',
  otherRack: 'host in another rack',
  twoRacks: 'host under two racks',
} as const;

export function clusterFromHosts(jobs: readonly SlsJob[], settings: Pick<SlsSettings, 'containers' | 'nodeMemoryMb' | 'nodeVcores'>): { racks: SlsRack[]; tally: Tally } {
  const tally = new Tally();
  const node = { containers: settings.containers, memoryMb: settings.nodeMemoryMb, vcores: settings.nodeVcores };
  const racks = new Map<string, SlsNode[]>();
  const rackOf = new Map<string, string>();
  for (const job of jobs) {
    for (const host of job.hosts) {
      const rack = host.rack ?? DEFAULT_RACK;
      const known = rackOf.get(host.node);
      if (known !== undefined) {
        if (known !== rack) tally.add(HOSTS_SEEN.twoRacks, `${host.node} under ${known} and ${rack}`);
        continue;
      }
      rackOf.set(host.node, rack);
      const nodes = racks.get(rack) ?? [];
      racks.set(rack, nodes);
      nodes.push({ id: host.node, ...node });
    }
  }
  return { racks: [...racks].map(([id, nodes]) => ({ id, nodes })), tally };
}

/** Count the hosts the topology lacks or places in another rack (each distinct host once). */
export function matchHosts(jobs: readonly SlsJob[], topology: SlsTopology): Tally {
  const tally = new Tally();
  const seen = new Set<string>();
  for (const job of jobs) {
    for (const host of job.hosts) {
      if (seen.has(host.written)) continue;
      seen.add(host.written);
      const rack = topology.rackOf.get(host.node);
      if (rack === undefined) tally.add(HOSTS_SEEN.notInTopology, host.written);
      else if (host.rack !== undefined && host.rack !== rack) tally.add(HOSTS_SEEN.otherRack, `${host.written} (topology: ${rack}/${host.node})`);
    }
  }
  return tally;
}
