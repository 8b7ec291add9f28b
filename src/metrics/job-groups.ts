/** The run's jobs by pool (or user): the groups' ids in order of first appearance among the jobs, and each job's group. */
import type { RunRecord } from '../model/index.js';
import type { Grouping } from './group-timeline.js';

export interface JobGroups {
  readonly ids: readonly string[];
  /** Index into `ids`, per job of the run. */
  readonly ofJob: Int32Array;
}

export function jobGroups(run: RunRecord, grouping: Grouping): JobGroups {
  const index = new Map<string, number>();
  const ofJob = Int32Array.from(run.jobs, (job) => {
    const id = grouping === 'pool' ? job.pool : job.user;
    if (!index.has(id)) index.set(id, index.size);
    return index.get(id)!;
  });
  return { ids: [...index.keys()], ofJob };
}
