/**
 * A group's dominant share of a resource cluster, as dominant resource
 * fairness defines it (Ghodsi et al., "Dominant Resource Fairness", NSDI
 * 2011): at each instant, the larger of the share of the cluster's memory
 * and the share of its vcores that the group's held containers take.
 *
 * It is a step function that moves only when one of the group's containers
 * starts or ends, so one sweep over those instants gives it exactly, piece
 * by piece. An average of it over an interval is not the larger of the
 * average shares: a group that holds all the memory for half the time and
 * all the vcores for the other half has a dominant share of 1 throughout,
 * though each average share is ½.
 */
import type { Resources } from '../model/index.js';
import { orderBy } from '../util/radix-sort.js';
import type { HeldContainers } from './held-containers.js';

/** The larger of the two shares `used` takes of `capacity`. */
export function dominantShare(used: Resources, capacity: Resources): number {
  return Math.max(used.memory / capacity.memory, used.vcores / capacity.vcores);
}

/**
 * Calls `visit` with each piece [from, to) over which group `group`'s dominant
 * share is `share`, for every group and every piece of positive length in
 * which it holds something; `groupOfJob` gives each job's group.
 */
export function forEachDominantSharePiece(
  held: HeldContainers,
  groupOfJob: Int32Array,
  groups: number,
  capacity: Resources,
  visit: (group: number, from: number, to: number, share: number) => void,
): void {
  // Event 2i is container i's start, 2i + 1 its end.
  const times = new Float64Array(2 * held.count);
  for (let i = 0; i < held.count; i++) {
    times[2 * i] = held.start[i];
    times[2 * i + 1] = held.end[i];
  }
  const memory = new Float64Array(groups);
  const vcores = new Float64Array(groups);
  const since = new Float64Array(groups);
  for (const event of orderBy(times)) {
    const i = event >> 1;
    const group = groupOfJob[held.job[i]];
    const at = times[event];
    if (at > since[group] && (memory[group] > 0 || vcores[group] > 0)) {
      visit(group, since[group], at, dominantShare({ memory: memory[group], vcores: vcores[group] }, capacity));
    }
    since[group] = at;
    const sign = (event & 1) === 0 ? 1 : -1;
    memory[group] += sign * held.memory[i];
    vcores[group] += sign * held.vcores[i];
  }
}
