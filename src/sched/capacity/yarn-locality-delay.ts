/**
 * Each job's missed scheduling opportunities for its maps, and the
 * locality delay of YARN's Capacity Scheduler (`yarn/locality-delay.ts`)
 * applied to them: what `yarn-capacity-order.ts` asks before it offers a
 * job a map container of a node.
 *
 * The MapReduce ApplicationMaster asks for its maps at one priority: a
 * container on each host and each rack holding a replica of a pending
 * map's input, and as many on ANY as it has maps pending. So here:
 *
 * - an opportunity is a map container offered to a job that wants a map,
 *   whose user is within the user limit, whose container fits the queue's
 *   headroom and the node, and that has a map it could run there;
 * - the container is node-local when that map (the job's most local one on
 *   the node) has a replica on the node, rack-local when it has one in the
 *   node's rack, else off-switch (a map without input names no place);
 * - a rack-local map the delay does not yet allow may still go through the
 *   off-switch rule: the container is then off-switch, as Hadoop's
 *   assignment through the ANY request is, though the map runs rack-local;
 * - the outstanding containers are the pending maps, the places the hosts
 *   and racks of their replicas; a job with no map pending but one to back
 *   up asks for that one (the AM's speculative attempt names its hosts).
 *
 * Reduces ask for any node: they are never delayed and count no
 * opportunity (they are asked for at another priority).
 */
import { OFF_RACK, type ClusterView, type JobView, type MapTaskView, type NodeView } from '../types.js';
import { assignableLocality, neverDelays, resetsMissedOpportunities, type ContainerLocality, type LocalityAsks, type LocalityDelays } from './yarn/index.js';

/** The locality a job was allowed, and its missed opportunities then: the last decision, for the decision log. */
interface Allowed {
  readonly locality: ContainerLocality;
  readonly missed: number;
}

export class YarnLocalityDelay {
  /** With no delay, whether a job takes a container rests on the state and the node alone. */
  readonly waitsNever: boolean;
  private readonly missed: number[] = [];
  /** Per job, whether any of its maps reads input: one whose maps read none asks for ANY only, and needs no count of places. */
  private readonly readsInput: (boolean | undefined)[] = [];
  private last: Allowed | null = null;

  constructor(private readonly delays: LocalityDelays) {
    this.waitsNever = neverDelays(delays);
  }

  /** The job has ended: its count goes. */
  forget(job: JobView): void {
    this.missed[job.index] = 0;
    this.readsInput[job.index] = undefined;
  }

  /**
   * Counts the opportunity of a map container on `node` for `job` (whose
   * container fits there) and returns the locality it may take it at, or
   * null when the job waits for a more local node or has no map to run there.
   */
  allow(job: JobView, node: NodeView, view: ClusterView): ContainerLocality | null {
    const task = view.findMap(job, node, OFF_RACK);
    if (task < 0) return null;
    const missed = (this.missed[job.index] ?? 0) + 1;
    this.missed[job.index] = missed;
    const best = localityOf(job.spec.maps[task], node, view);
    const readsInput = (this.readsInput[job.index] ??= job.spec.maps.some((map) => map.replicas.length > 0));
    const asks = mapAsks(job, task, view, readsInput);
    const allowed = assignableLocality(best, missed, view.liveNodes, asks, this.delays);
    if (allowed !== null) this.last = { locality: allowed, missed };
    return allowed;
  }

  /** The job took a container at `locality`. */
  assigned(job: JobView, locality: ContainerLocality): void {
    if (resetsMissedOpportunities(locality, this.delays)) this.missed[job.index] = 0;
  }

  /** Why the last container allowed went where it did. */
  explainLast(): string {
    const { locality, missed } = this.last!;
    if (this.waitsNever || locality === 'node-local') return `its container ${locality}`;
    const { nodeLocalityDelay, rackLocalityAdditionalDelay } = this.delays;
    return `its container ${locality}, allowed at ${missed} missed scheduling opportunities (node-locality-delay ${nodeLocalityDelay}, rack-locality-additional-delay ${rackLocalityAdditionalDelay})`;
  }
}

/** Where a map's input is from the node's point of view: on it, in its rack, or elsewhere (or nowhere). */
function localityOf(map: MapTaskView, node: NodeView, view: ClusterView): ContainerLocality {
  if (map.replicas.includes(node.index)) return 'node-local';
  return map.replicas.some((replica) => view.nodes[replica].rackIndex === node.rackIndex) ? 'rack-local' : 'off-switch';
}

/** The job's map requests: its pending maps, or the map it would back up when none is pending. */
function mapAsks(job: JobView, found: number, view: ClusterView, readsInput: boolean): LocalityAsks {
  const { maps } = job.spec;
  const pending = job.pendingMaps > 0;
  const asking = (task: number): boolean => (pending ? view.isMapPending(job, task) : task === found);
  return {
    outstanding: pending ? job.pendingMaps : 1,
    places(atMost: number): number {
      if (!readsInput) return 0;
      const hosts = new Set<number>();
      const racks = new Set<number>();
      for (let task = 0; task < maps.length && hosts.size + racks.size < atMost; task++) {
        if (!asking(task)) continue;
        for (const replica of maps[task].replicas) {
          hosts.add(replica);
          racks.add(view.nodes[replica].rackIndex);
        }
      }
      return hosts.size + racks.size;
    },
  };
}
