/**
 * Each pool's fair share over a run, bin by bin, beside what it ran: the
 * share the Fair Scheduler's rule (Hadoop's computeFairShares, `sched/fair/
 * fair-share.ts`) gives the pools for their average demand in the bin, with
 * their weights and minimum shares, over the cluster's slots of each kind.
 * Computed for every scheduler's run alike: under fifo or capacity it says
 * what the pool would have been owed, which is the yardstick a reader wants.
 */
import type { RunRecord } from '../model/run-record.js';
import { defaultPool, type Pool } from '../model/workload.js';
import type { GroupSeries, GroupTimeline } from '../metrics/group-timeline.js';
import { computeFairShares, type ShareClaim } from '../sched/fair/fair-share.js';

export interface PoolShares {
  readonly pool: Pool;
  readonly fairMaps: Float64Array;
  readonly fairReduces: Float64Array;
}

/** One entry per group of `timeline` (grouped by pool), in its order. */
export function poolFairShares(run: RunRecord, timeline: GroupTimeline): PoolShares[] {
  const configured = new Map(run.scenario.pools.map((pool) => [pool.id, pool]));
  const pools = timeline.groups.map((group) => configured.get(group.id) ?? defaultPool(group.id));
  const [mapSlots, reduceSlots] = slotCapacity(run);
  const shares = pools.map((pool) => ({ pool, fairMaps: new Float64Array(timeline.bins), fairReduces: new Float64Array(timeline.bins) }));
  const kinds = [
    { capacity: mapSlots, demand: (g: GroupSeries) => g.demandMaps, min: (p: Pool) => p.minShare.map, out: (s: PoolShares) => s.fairMaps },
    { capacity: reduceSlots, demand: (g: GroupSeries) => g.demandReduces, min: (p: Pool) => p.minShare.reduce, out: (s: PoolShares) => s.fairReduces },
  ];
  for (const kind of kinds) {
    for (let bin = 0; bin < timeline.bins; bin++) {
      const claims: ShareClaim[] = timeline.groups.map((group, g) => ({
        weight: pools[g].weight,
        minShare: kind.min(pools[g]),
        demand: kind.demand(group)[bin],
        fairShare: 0,
      }));
      computeFairShares(claims, kind.capacity);
      claims.forEach((claim, g) => (kind.out(shares[g])[bin] = claim.fairShare));
    }
  }
  return shares;
}

/** Map and reduce slots of the cluster; a node's containers count for both kinds. */
export function slotCapacity(run: RunRecord): [maps: number, reduces: number] {
  let maps = 0;
  let reduces = 0;
  for (const node of run.scenario.cluster.nodes) {
    maps += node.slotModel !== 'split' ? node.totalSlots : node.mapSlots;
    reduces += node.slotModel !== 'split' ? node.totalSlots : node.reduceSlots;
  }
  return [maps, reduces];
}
