/**
 * Whether a slot of a kind offered to a job may launch something: a task of
 * the kind to run, or, with speculative execution, a running one to back up
 * (Hadoop 1's schedulers ask a job for a new task and then for a
 * speculative one: obtainNewMapTask, obtainNewReduceTask). Orders pass over
 * the jobs for which this is false.
 */
import type { JobView, SlotKind } from './types.js';

export function hasTaskFor(job: JobView, kind: SlotKind): boolean {
  return kind === 'map' ? job.pendingMaps > 0 || job.mayBackUpMap : job.hasRunnableReduce || job.mayBackUpReduce;
}
