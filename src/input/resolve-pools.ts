/**
 * Users and pools: the checks of their ids, of pool capacities and of pool
 * references; and the resolved lists, the listed users and pools first, then
 * those the jobs imply. A job's pool is its own, else its user's, else one
 * named after its user; capacity left over is shared equally among the
 * pools that set none.
 */
import { objects, str, type Obj } from './lenient-access.js';
import { known, uniqueIds, type Path } from './problem-path.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';
import { NO_RESOURCES, UNLIMITED_RESOURCES } from '../model/resources.js';
import { defaultPool, type Pool, type User } from '../model/workload.js';

/** Checks of the pools and users sections; returns the pool ids. */
export function checkPoolsAndUsers(raw: Obj, problems: PathProblem[]): Set<string> {
  const pools = objects(raw.pools);
  const poolIds = uniqueIds(pools, ['pools'], 'pool', problems);
  const capacities = pools.map((p) => p.capacity).filter((c): c is number => typeof c === 'number');
  const capacitySum = capacities.reduce((a, b) => a + b, 0);
  if (capacitySum > 100 + 1e-9) {
    problems.push({ path: ['pools'], expected: 'pool capacities summing to at most 100 (percent)', found: `a sum of ${capacitySum}` });
  }
  pools.forEach((pool, i) => {
    if (typeof pool.capacity === 'number' && typeof pool.maxCapacity === 'number' && pool.maxCapacity < pool.capacity) {
      problems.push({ path: ['pools', i, 'maxCapacity'], expected: `at least the capacity (${pool.capacity})`, found: String(pool.maxCapacity) });
    }
  });
  const users = objects(raw.users);
  uniqueIds(users, ['users'], 'user', problems);
  users.forEach((user, i) => checkPoolRef(user, ['users', i], poolIds, problems));
  return poolIds;
}

/** Checks that the pool a user, job or stream names (if any) is listed in pools. */
export function checkPoolRef(holder: Obj, path: Path, poolIds: ReadonlySet<string>, problems: PathProblem[]): void {
  const pool = str(holder, 'pool');
  if (pool !== undefined && !poolIds.has(pool)) {
    problems.push({ path: [...path, 'pool'], expected: `a pool listed in pools${known(poolIds)}`, found: `'${pool}'` });
  }
}

/**
 * Users and pools, given the jobs in their final order, with each job's pool.
 * Users the jobs name but the file does not list get default settings, as do
 * the pools implied.
 */
export function resolveUsersAndPools(
  listedUsers: ParsedScenarioFile['users'],
  listedPools: ParsedScenarioFile['pools'],
  jobs: readonly { readonly user: string; readonly pool: string | undefined }[],
): { users: User[]; pools: Pool[]; jobPools: string[] } {
  const userById = new Map(listedUsers.map((u) => [u.id, u]));
  const listedPoolIds = new Set(listedPools.map((p) => p.id));
  const users: User[] = listedUsers.map((u) => ({ id: u.id, priority: u.priority, minShare: u.minShare }));
  const userIds = new Set(userById.keys());
  // Sets, not list scans: one look-up per job, and a trace may name many users and pools.
  const autoPools = new Set<string>();
  const jobPools = jobs.map((job) => {
    if (!userIds.has(job.user)) {
      userIds.add(job.user);
      users.push({ id: job.user, priority: 1, minShare: { map: 0, reduce: 0 } });
    }
    const pool = job.pool ?? userById.get(job.user)?.pool ?? job.user;
    if (!listedPoolIds.has(pool)) autoPools.add(pool);
    return pool;
  });
  return { users, pools: resolvePools(listedPools, [...autoPools]), jobPools };
}

function resolvePools(listed: ParsedScenarioFile['pools'], auto: readonly string[]): Pool[] {
  const assigned = listed.reduce((sum, p) => sum + (p.capacity ?? 0), 0);
  const unassigned = listed.filter((p) => p.capacity === undefined).length + auto.length;
  const share = unassigned === 0 ? 0 : Math.max(0, 100 - assigned) / unassigned;
  const pools: Pool[] = listed.map((p) => ({
    id: p.id,
    weight: p.weight,
    minShare: p.minShare,
    maxRunningJobs: p.maxRunningJobs ?? Number.POSITIVE_INFINITY,
    schedulingMode: p.schedulingMode,
    capacity: p.capacity ?? share,
    maxCapacity: p.maxCapacity,
    minimumUserLimitPercent: p.minimumUserLimitPercent,
    userLimitFactor: p.userLimitFactor,
    parent: parentQueue(p.id),
    minResources: p.minResources ?? NO_RESOURCES,
    maxResources: p.maxResources ?? UNLIMITED_RESOURCES,
    ...(p.schedulingPolicy === undefined ? {} : { schedulingPolicy: p.schedulingPolicy }),
  }));
  for (const id of auto) pools.push(defaultPool(id, share));
  return pools;
}

/** A YARN queue path's parent: `eng.dev` hangs off `eng`; a name without a dot off the root. */
function parentQueue(id: string): string | null {
  const dot = id.lastIndexOf('.');
  return dot > 0 ? id.slice(0, dot) : null;
}
