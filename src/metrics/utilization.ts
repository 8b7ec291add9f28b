/**
 * Slot utilization: busy slot-seconds ÷ (slots × span length), as a
 * percentage, for map slots and reduce slots separately, over the run's span
 * [first submit, last job end] (see span.ts).
 *
 * - Busy time counts every attempt, whatever its status (a failed or killed
 *   attempt held its slot), clipped to the span; an attempt still running
 *   when the run stopped is busy until the run's end time (attempt-end.ts).
 * - Slots are the nominal ones: a failed node's slots count as idle capacity
 *   while it is down.
 * - With unified slots (containers) a node has one pool serving both kinds;
 *   it adds its container count to both denominators and every attempt on it
 *   to both numerators. On an all-unified cluster both figures are therefore
 *   the same container utilization; on a mixed cluster each kind's figure
 *   covers the split nodes' slots of that kind plus all containers.
 * - In YARN mode an ApplicationMaster holds a container as a task does: its
 *   time counts as busy (in both figures), though it is not an attempt.
 * - A resource node (memory and vcores) counts as the unified slots of the
 *   minimum allocation it holds; memory and vcore utilization weigh each
 *   attempt and AM by its container: busy memory-seconds (vcore-seconds)
 *   over the cluster's memory (vcores) times the span.
 */
import { KIND_MAP, type RunRecord } from '../model/index.js';
import type { Span } from './span.js';

export interface UtilizationMetrics {
  /** Percent, in [0, 100] when no slot is over-booked; null without a span of positive length or without slots. */
  readonly mapSlotUtilization: number | null;
  readonly reduceSlotUtilization: number | null;
  /** Percent; null unless the cluster has memory and vcores (YARN resources). */
  readonly memoryUtilization: number | null;
  readonly vcoreUtilization: number | null;
}

const NONE: UtilizationMetrics = { mapSlotUtilization: null, reduceSlotUtilization: null, memoryUtilization: null, vcoreUtilization: null };

/** `ends`: each attempt's effective end (attempt-end.ts). */
export function utilizationMetrics(run: RunRecord, span: Span | null, ends: Float64Array): UtilizationMetrics {
  if (span === null || !(span.end > span.start)) return NONE;
  const length = span.end - span.start;
  const nodes = run.scenario.cluster.nodes;
  const attempts = run.attempts;
  const unified = new Uint8Array(nodes.length);
  let mapSlots = 0;
  let reduceSlots = 0;
  let memory = 0;
  let vcores = 0;
  nodes.forEach((node, i) => {
    memory += node.memory;
    vcores += node.vcores;
    if (node.slotModel !== 'split') {
      unified[i] = 1;
      mapSlots += node.totalSlots;
      reduceSlots += node.totalSlots;
    } else {
      mapSlots += node.mapSlots;
      reduceSlots += node.reduceSlots;
    }
  });
  const { kind, node, start, job } = attempts;
  const jobs = run.scenario.jobs;
  const from = span.start;
  const to = span.end;
  let mapBusy = 0;
  let reduceBusy = 0;
  let memoryBusy = 0;
  let vcoreBusy = 0;
  for (let i = 0; i < attempts.count; i++) {
    const busy = Math.min(ends[i], to) - Math.max(start[i], from);
    if (!(busy > 0)) continue;
    const container = kind[i] === KIND_MAP ? jobs[job[i]].mapContainer : jobs[job[i]].reduceContainer;
    if (container !== undefined) {
      memoryBusy += busy * container.memory;
      vcoreBusy += busy * container.vcores;
    }
    if (unified[node[i]] === 1) {
      mapBusy += busy;
      reduceBusy += busy;
    } else if (kind[i] === KIND_MAP) {
      mapBusy += busy;
    } else {
      reduceBusy += busy;
    }
  }
  const amContainer = run.scenario.settings.yarn?.amContainer;
  for (const am of run.applicationMasters ?? []) {
    const busy = Math.min(am.end ?? run.endTime, to) - Math.max(am.start, from);
    if (!(busy > 0)) continue;
    mapBusy += busy;
    reduceBusy += busy;
    if (memory > 0 && amContainer !== undefined) {
      memoryBusy += busy * amContainer.memory;
      vcoreBusy += busy * amContainer.vcores;
    }
  }
  return {
    mapSlotUtilization: mapSlots > 0 ? (100 * mapBusy) / (mapSlots * length) : null,
    reduceSlotUtilization: reduceSlots > 0 ? (100 * reduceBusy) / (reduceSlots * length) : null,
    memoryUtilization: memory > 0 ? (100 * memoryBusy) / (memory * length) : null,
    vcoreUtilization: vcores > 0 ? (100 * vcoreBusy) / (vcores * length) : null,
  };
}
