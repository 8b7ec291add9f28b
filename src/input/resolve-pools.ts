/**
 * Users and pools: the checks of their ids, of pool capacities and of pool
 * references; and the resolved lists, the listed users and pools first, then
 * those the jobs imply, then the parents a dotted pool id implies (`eng` of
 * `eng.dev`). A job's pool is its own, else its user's, else one named after
 * its user. Capacities are percentages of the parent queue (YARN's
 * definition; a pool without a dot hangs off the root, the whole cluster):
 * the children of one parent may not claim more than 100, and what they
 * leave is shared equally among those of its children that set none.
 */
import { objects, str, type Obj } from './lenient-access.js';
import { known, uniqueIds, type Path } from './problem-path.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';
import { NO_RESOURCES, UNLIMITED_RESOURCES } from '../model/resources.js';
import { defaultPool, parentPoolId, type Pool, type User } from '../model/workload.js';

/** Checks of the pools and users sections; returns the pool ids. */
export function checkPoolsAndUsers(raw: Obj, problems: PathProblem[]): Set<string> {
  const pools = objects(raw.pools);
  const poolIds = uniqueIds(pools, ['pools'], 'pool', problems);
  const sums = new Map<string | null, number>();
  for (const pool of pools) {
    if (typeof pool.capacity !== 'number') continue;
    const parent = typeof pool.id === 'string' ? parentPoolId(pool.id) : null;
    sums.set(parent, (sums.get(parent) ?? 0) + pool.capacity);
  }
  for (const [parent, sum] of sums) {
    if (sum <= 100 + 1e-9) continue;
    const children = parent === null ? 'pools without a dot (children of the root)' : `the children of pool ${parent}`;
    problems.push({ path: ['pools'], expected: `capacities of ${children} summing to at most 100 (percent of their parent)`, found: `a sum of ${sum}` });
  }
  pools.forEach((pool, i) => {
    // A dotted id is a queue path: YARN refuses a queue with an empty name.
    if (typeof pool.id === 'string' && pool.id.split('.').some((name) => name.trim() === '')) {
      problems.push({ path: ['pools', i, 'id'], expected: 'a queue path of non-empty names between its dots (eng.dev)', found: `'${pool.id}'` });
    }
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
  const known = new Set([...listed.map((p) => p.id), ...auto]);
  const implied = impliedParents([...known], known);
  // Per parent: what its children with a capacity leave, shared by those without one.
  const assigned = new Map<string | null, number>();
  const unassigned = new Map<string | null, number>();
  const count = (map: Map<string | null, number>, parent: string | null, amount: number) => map.set(parent, (map.get(parent) ?? 0) + amount);
  for (const p of listed) {
    if (p.capacity === undefined) count(unassigned, parentPoolId(p.id), 1);
    else count(assigned, parentPoolId(p.id), p.capacity);
  }
  for (const id of [...auto, ...implied]) count(unassigned, parentPoolId(id), 1);
  const share = (id: string): number => {
    const parent = parentPoolId(id);
    return Math.max(0, 100 - (assigned.get(parent) ?? 0)) / (unassigned.get(parent) ?? 1);
  };
  const pools: Pool[] = listed.map((p) => ({
    id: p.id,
    weight: p.weight,
    minShare: p.minShare,
    maxRunningJobs: p.maxRunningJobs ?? Number.POSITIVE_INFINITY,
    schedulingMode: p.schedulingMode,
    capacity: p.capacity ?? share(p.id),
    maxCapacity: p.maxCapacity,
    minimumUserLimitPercent: p.minimumUserLimitPercent,
    userLimitFactor: p.userLimitFactor,
    parent: parentPoolId(p.id),
    minResources: p.minResources ?? NO_RESOURCES,
    maxResources: p.maxResources ?? UNLIMITED_RESOURCES,
    ...(p.schedulingPolicy === undefined ? {} : { schedulingPolicy: p.schedulingPolicy }),
    ...(p.maxAmShare === undefined ? {} : { maxAmShare: p.maxAmShare }),
    ...(p.allowPreemptionFrom === undefined ? {} : { allowPreemptionFrom: p.allowPreemptionFrom }),
  }));
  for (const id of [...auto, ...implied]) pools.push(defaultPool(id, share(id)));
  return pools;
}

/** The ancestors of the given pool ids that are not pools themselves, in order of first mention. */
function impliedParents(ids: readonly string[], known: ReadonlySet<string>): string[] {
  const implied: string[] = [];
  const seen = new Set(known);
  for (const id of ids) {
    const missing: string[] = [];
    for (let parent = parentPoolId(id); parent !== null && !seen.has(parent); parent = parentPoolId(parent)) {
      seen.add(parent);
      missing.unshift(parent);
    }
    implied.push(...missing);
  }
  return implied;
}
