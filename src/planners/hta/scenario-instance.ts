/**
 * An HTA instance from a scenario: the map tasks of one job (or several, or
 * all) as the tasks, the cluster's nodes as the servers, and the resolved
 * HDFS replicas of each map's input block as its placement. This is the
 * batch a job's arrival gives the flow-based assignment of "Assigning Tasks
 * for Efficiency in Hadoop" (Fischer, Su, Yin, SPAA 2010).
 *
 * A map without input has no block: it reads nothing remotely wherever it
 * runs, so it is local to every server.
 */
import type { Job, Scenario } from '../../model/index.js';
import { indexedInstance, replicaRows, type HtaInstance } from './hta-instance.js';
import type { RemoteCost } from './remote-cost.js';

export interface JobMaps {
  readonly instance: HtaInstance;
  /** Job id and map index of each task, by task number. */
  readonly origin: readonly { readonly job: string; readonly map: number }[];
}

export function jobMapsInstance(scenario: Scenario, jobs: readonly Job[], wLoc: number, wRem: RemoteCost): JobMaps {
  const n = scenario.cluster.nodes.length;
  const origin = jobs.flatMap((job) => Array.from({ length: job.maps.length }, (_, map) => ({ job: job.id, map })));
  const everyServer = Array.from({ length: n }, (_, s) => s);
  const placements = jobs.flatMap((job) =>
    Array.from({ length: job.maps.length }, (_, map) => (job.maps.replicaCount(map) > 0 ? Array.from(job.maps.replicas(map)) : everyServer)),
  );
  const { replicaStart, replicaServers } = replicaRows(placements);
  const instance = indexedInstance(n, replicaStart, replicaServers, wLoc, wRem);
  return {
    instance: { ...instance, servers: scenario.cluster.nodes.map((node) => node.id), tasks: origin.map((o) => `${o.job}/m${o.map}`) },
    origin,
  };
}
