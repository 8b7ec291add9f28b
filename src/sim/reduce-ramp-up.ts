/**
 * YARN's reduce ramp-up: how many reduces a MapReduce job may hold while it
 * still has maps to launch. The MapReduce ApplicationMaster's container
 * allocator (RMContainerAllocator) asks for reduces against a limit: of the
 * containers the job could hold (its running maps and reduces plus the
 * headroom the ResourceManager reports), reduces get the fraction of maps
 * completed, at most `yarn.app.mapreduce.am.job.reduce.rampup.limit`; if the
 * maps still to run need less than the rest, reduces get what maps leave
 * unused too. Once every map has been launched, reduces are not limited.
 * Every task takes one container here, so the limit counts containers.
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
 * left to launch. `maps`: the job's map count; `headroom`: free containers
 * it could get; `limit`: the ramp-up limit.
 */
export function reduceRampUpLimit(job: RampUpCounts, maps: number, headroom: number, limit: number): number {
  if (job.pendingMaps === 0) return Infinity;
  const total = headroom + job.runningMaps + job.runningReduces;
  const idealReduces = total * Math.min(job.succeededMaps / maps, limit);
  const mapsToHold = job.pendingMaps + job.runningMaps;
  // The maps' ideal share covers every map still to run: the rest goes to reduces.
  const reduces = wholeCount(total - idealReduces) >= mapsToHold ? total - mapsToHold : idealReduces;
  return wholeCount(reduces);
}
