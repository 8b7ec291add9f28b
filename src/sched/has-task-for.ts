/**
 * Whether a slot of a kind offered to a job may launch something: a task of
 * the kind to run, or, with speculative execution, a running one to back up
 * (Hadoop 1's schedulers ask a job for a new task and then for a
 * speculative one: obtainNewMapTask, obtainNewReduceTask). Orders pass over
 * the jobs for which this is false.
 */
import type { JobView, SlotKind } from './types.js';

export function hasTaskFor(job: JobView, kind: SlotKind): boolean {
  // Only a job with a task of the kind running and none pending may back one up: most jobs are passed over on the counts.
  if (kind === 'map') return job.pendingMaps > 0 || (job.runningMaps > 0 && job.mayBackUpMap);
  return job.hasRunnableReduce || (job.runningReduces > 0 && job.pendingReduces === 0 && job.mayBackUpReduce);
}
