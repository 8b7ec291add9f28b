/**
 * The loads of a complete assignment under the Hadoop cost model (HMR) of
 * "Assigning Tasks for Efficiency in Hadoop": a local task costs w_loc, a
 * remote one w_rem(r) with r the number of remote tasks of the assignment.
 */
import { isLocal, type HtaInstance } from './hta-instance.js';
import { remoteCostAt } from './remote-cost.js';

export interface AssignmentLoads {
  /** L^A: the largest server load. */
  readonly maxLoad: number;
  /** H^A: the sum of the loads. */
  readonly totalLoad: number;
  readonly local: number;
  readonly remote: number;
  readonly loads: Float64Array;
}

/** @param assignment the server index of each task. */
export function assignmentLoads(instance: HtaInstance, assignment: Int32Array): AssignmentLoads {
  const n = instance.servers.length;
  const localCount = new Int32Array(n);
  const remoteCount = new Int32Array(n);
  assignment.forEach((server, task) => {
    if (server < 0 || server >= n) throw new RangeError(`task ${task} is not assigned to a server (found ${server})`);
    if (isLocal(instance, task, server)) localCount[server]++;
    else remoteCount[server]++;
  });
  return loadsFromCounts(instance, localCount, remoteCount);
}

/** Loads from each server's local and remote task counts. */
export function loadsFromCounts(instance: HtaInstance, localCount: Int32Array, remoteCount: Int32Array): AssignmentLoads {
  let remote = 0;
  for (const count of remoteCount) remote += count;
  const wRem = remoteCostAt(instance.wRem, remote);
  const loads = new Float64Array(localCount.length);
  let maxLoad = 0;
  let totalLoad = 0;
  for (let s = 0; s < loads.length; s++) {
    loads[s] = localCount[s] * instance.wLoc + remoteCount[s] * wRem;
    maxLoad = Math.max(maxLoad, loads[s]);
    totalLoad += loads[s];
  }
  return { maxLoad, totalLoad, local: instance.tasks.length - remote, remote, loads };
}
