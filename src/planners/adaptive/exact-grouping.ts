/**
 * The classification of Rasooli and Down, "An Adaptive Scheduling Algorithm
 * for Dynamic Heterogeneous Hadoop Systems" (CASCON 2011, §6, "Two
 * Classifications"): job types with the same priority, the same execution
 * rates on every resource and the same arrival rate form one class.
 * Estimated rates are never exactly equal, so "the same" is up to a stated
 * relative tolerance (ours), and the groups are the connected components of
 * "within tolerance" (single linkage): a type joins every group it is close
 * to, so the groups do not depend on the order the types are listed in, even
 * where closeness does not chain.
 */
import { sameFeatures, type JobTypeEstimate } from './job-type.js';

/** Relative tolerance of exact grouping: equal up to rounding, as the paper's "same features" reads. */
export const EXACT_TOLERANCE = 1e-9;

/** Groups of type indices, each ascending, ordered by their first index. */
export function exactGroups(types: readonly JobTypeEstimate[], tolerance = EXACT_TOLERANCE): number[][] {
  const parent = types.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (let a = 0; a < types.length; a++) {
    for (let b = a + 1; b < types.length; b++) {
      if (!sameFeatures(types[a], types[b], tolerance)) continue;
      const ra = root(a);
      const rb = root(b);
      // The smaller index stays the root, so a group is found at its first member.
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
  }
  const groups = new Map<number, number[]>();
  types.forEach((_, i) => {
    const r = root(i);
    const group = groups.get(r);
    if (group === undefined) groups.set(r, [i]);
    else group.push(i);
  });
  return [...groups.values()];
}
