/**
 * Johnson's rule for the two-stage flow shop (S. M. Johnson, "Optimal two-
 * and three-stage production schedules with setup times included", 1954), in
 * the two forms seed 000 (Tian et al.) uses. Both give an optimal order; they
 * differ only on ties.
 *
 * - Partition form (how Tian describes MK_JR): A = jobs with a < b by a
 *   ascending, then B = jobs with a ≥ b by b descending. The paper gives no
 *   tie rule inside A or B: ties keep job index order.
 * - UAAS's Algorithm 2.1, literally: repeatedly take the smallest remaining
 *   duration (ties: smallest job index; a job whose own map and reduce tie
 *   counts as Map-type); a map minimum puts the job at the next free front
 *   place, a reduce minimum at the next free back place. So a job with a = b
 *   goes to the front (it would be in B under the partition form), and of two
 *   Reduce-type jobs with equal b the one with the smaller index is placed
 *   first, at the back, and so runs later.
 */
import type { Durations } from './flow-shop.js';
import { sortByKey } from '../../util/radix-sort.js';

/** The partition form of Johnson's rule: job indices in order. */
export function johnsonOrder(map: Durations, reduce: Durations): number[] {
  const first: number[] = [];
  const last: number[] = [];
  for (let i = 0; i < map.length; i++) (map[i] < reduce[i] ? first : last).push(i);
  const order = sortByKey(map, first);
  for (const i of sortByKey(reduce, last, true)) order.push(i);
  return order;
}

/** UAAS's Algorithm 2.1: job indices in order. */
export function uaasOrder(map: Durations, reduce: Durations): number[] {
  const n = map.length;
  const key = new Float64Array(n);
  for (let i = 0; i < n; i++) key[i] = Math.min(map[i], reduce[i]);
  const all = new Array<number>(n);
  for (let i = 0; i < n; i++) all[i] = i;
  const taken = sortByKey(key, all);
  const order = new Array<number>(n);
  let front = 0;
  let back = n - 1;
  for (const i of taken) {
    if (map[i] <= reduce[i]) order[front++] = i;
    else order[back--] = i;
  }
  return order;
}
