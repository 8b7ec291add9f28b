/**
 * YARN's reduce ramp-up: how many reduces a MapReduce job may hold while it
 * still has maps to launch. The MapReduce ApplicationMaster's container
 * allocator (RMContainerAllocator) asks for reduces against a limit: of the
 * containers the job could hold (its running maps and reduces plus the
 * headroom the ResourceManager reports), reduces get the fraction of maps
 * completed, at most `yarn.app.mapreduce.am.job.reduce.rampup.limit`; if the
 * maps still to run need less than the rest, reduces get what maps leave
 * unused too. Once every map has been launched, reduces are not limited.
 * On containers every task takes one, so the limit counts containers; on a
 * resource cluster it counts memory, as the allocator's default resource
 * calculator does, each task weighing its container's.
 */
import { wholeCount } from './whole-count.js';

/** What the rule reads of a job. */
export interface RampUpCounts {
  readonly pendingMaps: number;
  readonly runningMaps: number;
  readonly succeededMaps: number;
  readonly runningReduces: number;
}

/**
 * The most reduces the job may have running: Infinity once it has no map
 * left to launch. `maps`: the job's map count; `headroom`: the free
 * containers (or memory) it could get; `limit`: the ramp-up limit;
 * `mapSize` and `reduceSize`: what a map and a reduce weigh (1 on containers).
 */
export function reduceRampUpLimit(job: RampUpCounts, maps: number, headroom: number, limit: number, mapSize = 1, reduceSize = 1): number {
  if (job.pendingMaps === 0) return Infinity;
  const total = headroom + job.runningMaps * mapSize + job.runningReduces * reduceSize;
  const idealReduces = total * Math.min(job.succeededMaps / maps, limit);
  const mapsToHold = (job.pendingMaps + job.runningMaps) * mapSize;
  // The maps' ideal share covers every map still to run: the rest goes to reduces.
  const reduces = wholeCount(total - idealReduces) >= mapsToHold ? total - mapsToHold : idealReduces;
  return wholeCount(reduces / reduceSize);
}
