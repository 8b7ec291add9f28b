/**
 * The containers a run held on a YARN resource cluster (nodes with memory
 * and vcores): each task attempt's, of its job's map or reduce container,
 * and each ApplicationMaster's (`settings.yarn.amContainer`), with the job it
 * served and when it held it. The sizes are the scenario's, normalised when
 * it was resolved (`input/resolve-containers.ts`): the requests the runtime
 * held on the nodes. An attempt holds its container until its effective end
 * (attempt-end.ts); an AM still holding one when the run stopped, until the
 * run's end time.
 */
import { KIND_MAP, type Resources, type RunRecord } from '../model/index.js';

export interface HeldContainers {
  readonly count: number;
  /** Index into the run's jobs. */
  readonly job: Int32Array;
  readonly start: Float64Array;
  readonly end: Float64Array;
  /** Bytes. */
  readonly memory: Float64Array;
  readonly vcores: Float64Array;
}

/** The cluster's memory and vcores; null unless it is a resource cluster. */
export function clusterResources(run: RunRecord): Resources | null {
  let memory = 0;
  let vcores = 0;
  for (const node of run.scenario.cluster.nodes) {
    memory += node.memory;
    vcores += node.vcores;
  }
  return memory > 0 && vcores > 0 ? { memory, vcores } : null;
}

/** Every attempt's container in the attempt table's order, then every AM's; a container the run did not size takes nothing. */
export function heldContainers(run: RunRecord, ends: Float64Array): HeldContainers {
  const attempts = run.attempts;
  const masters = run.applicationMasters ?? [];
  const count = attempts.count + masters.length;
  const held = {
    count,
    job: new Int32Array(count),
    start: new Float64Array(count),
    end: new Float64Array(count),
    memory: new Float64Array(count),
    vcores: new Float64Array(count),
  };
  const put = (i: number, job: number, start: number, end: number, size: Resources | undefined) => {
    held.job[i] = job;
    held.start[i] = start;
    held.end[i] = Math.max(start, end);
    held.memory[i] = size?.memory ?? 0;
    held.vcores[i] = size?.vcores ?? 0;
  };
  const jobs = run.scenario.jobs;
  for (let i = 0; i < attempts.count; i++) {
    const job = jobs[attempts.job[i]];
    put(i, attempts.job[i], attempts.start[i], ends[i], attempts.kind[i] === KIND_MAP ? job.mapContainer : job.reduceContainer);
  }
  const amContainer = run.scenario.settings.yarn?.amContainer;
  masters.forEach((am, k) => put(attempts.count + k, am.job, am.start, am.end ?? run.endTime, amContainer));
  return held;
}
