/**
 * Each pool's fair share of a YARN resource cluster over a run, bin by bin:
 * YARN's Fair Scheduler's instantaneous fair shares (`sched/fair/yarn/
 * queue-shares.ts`) of the pools' queue tree (`pool-queue-tree.ts`, each
 * queue's policy or `schedulerOptions.fair.schedulingPolicy`), the active
 * leaves being the pools with a job in the system during the bin (demand
 * above 0). The resource counterpart of `pool-shares.ts`, and like it
 * computed for every scheduler's run alike: the yardstick, not what the
 * scheduler did.
 *
 * YARN's rule reads no demand: two active pools of equal weight are owed
 * half the cluster each, whatever they ask for, and a pool alone all of it.
 * A share divided by a `fair` queue has memory only (Hadoop leaves its
 * vcores at 0), so a pool below one has no vcore fair share.
 */
import type { GroupResourceTimeline } from '../metrics/group-resources.js';
import type { Resources } from '../model/resources.js';
import type { RunRecord } from '../model/run-record.js';
import { defaultPool } from '../model/workload.js';
import { fairOptions } from '../sched/fair/options.js';
import { instantaneousQueueShares, poolQueueTree, sharesVcores } from '../sched/fair/yarn/index.js';

export interface PoolResourceShares {
  /** Bytes. */
  readonly fairMemory: Float64Array;
  /** Null where the queues above the pool divide memory only. */
  readonly fairVcores: Float64Array | null;
}

/** One entry per group of `timeline` (grouped by pool), in its order. */
export function poolResourceFairShares(run: RunRecord, timeline: GroupResourceTimeline): PoolResourceShares[] {
  const options = fairOptions.safeParse(run.scenario.schedulerOptions.fair ?? {});
  // Resolution lists every pool the jobs name; a run built in code may not.
  const listed = new Set(run.scenario.pools.map((pool) => pool.id));
  const pools = [...run.scenario.pools, ...timeline.groups.filter((group) => !listed.has(group.id)).map((group) => defaultPool(group.id))];
  const tree = poolQueueTree(pools, options.success ? options.data.schedulingPolicy : 'fair');
  const fullNames = new Map([...tree.pools].map(([fullName, pool]) => [pool.id, fullName]));
  const leaves = timeline.groups.map((group) => fullNames.get(group.id)!);
  const shares = leaves.map((leaf) => ({ fairMemory: new Float64Array(timeline.bins), fairVcores: sharesVcores(tree.root, leaf) ? new Float64Array(timeline.bins) : null }));
  // The active leaves change seldom: each set's division is computed once.
  const divisions = new Map<string, Map<string, Resources>>();
  for (let bin = 0; bin < timeline.bins; bin++) {
    const active = leaves.filter((_, g) => timeline.groups[g].demandMemory[bin] > 0);
    const key = active.join('\n');
    let division = divisions.get(key);
    if (division === undefined) {
      division = instantaneousQueueShares(tree.root, timeline.capacity, new Set(active));
      divisions.set(key, division);
    }
    leaves.forEach((leaf, g) => {
      const share = division.get(leaf);
      shares[g].fairMemory[bin] = share?.memory ?? 0;
      if (shares[g].fairVcores !== null) shares[g].fairVcores[bin] = share?.vcores ?? 0;
    });
  }
  return shares;
}
