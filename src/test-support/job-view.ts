/** A job view standing in for the runtime's, its counts set by hand, for tests of a scheduler's parts. */
import { NO_RESOURCES } from '../model/resources.js';
import { JOB_PRIORITIES, type Job } from '../model/workload.js';
import type { JobSpecView, JobView } from '../sim/policy.js';

export type MutableJobView = { -readonly [K in keyof JobView]: JobView[K] };

export interface TestJobViewFields extends Partial<MutableJobView> {
  readonly priority?: Job['priority'];
  readonly submit?: number;
  readonly weight?: number;
}

/** Job `index` (id `j<index>`, user `u`, pool `p`, no tasks): every count 0 unless given. */
export function testJobView(index: number, fields: TestJobViewFields = {}): MutableJobView {
  const { priority = 'NORMAL', submit = 0, weight = 1, ...rest } = fields;
  const spec: JobSpecView = { id: `j${index}`, user: 'u', pool: 'p', submitTime: submit, weight, priority, mapCount: 0, maps: [], reduceCount: 0, mapContainer: NO_RESOURCES, reduceContainer: NO_RESOURCES };
  return {
    index,
    spec,
    priorityRank: JOB_PRIORITIES.indexOf(priority),
    pendingMaps: 0,
    runningMaps: 0,
    succeededMaps: 0,
    pendingReduces: 0,
    runningReduces: 0,
    succeededReduces: 0,
    mayBackUpMap: false,
    hasRunnableReduce: false,
    mayBackUpReduce: false,
    firstStart: null,
    ...rest,
  };
}

/** What a policy sees of a scenario's job. */
export function jobSpecView(job: Job): JobSpecView {
  const { id, user, pool, submitTime, weight, priority, mapContainer = NO_RESOURCES, reduceContainer = NO_RESOURCES } = job;
  return { id, user, pool, submitTime, weight, priority, mapCount: job.maps.length, maps: job.maps.toArray(), reduceCount: job.reduces.length, mapContainer, reduceContainer };
}
