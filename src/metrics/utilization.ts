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
import { clusterResources, heldContainers } from './held-containers.js';
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
  nodes.forEach((node, i) => {
    if (node.slotModel !== 'split') {
      unified[i] = 1;
      mapSlots += node.totalSlots;
      reduceSlots += node.totalSlots;
    } else {
      mapSlots += node.mapSlots;
      reduceSlots += node.reduceSlots;
    }
  });
  const { kind, node, start } = attempts;
  const from = span.start;
  const to = span.end;
  let mapBusy = 0;
  let reduceBusy = 0;
  for (let i = 0; i < attempts.count; i++) {
    const busy = Math.min(ends[i], to) - Math.max(start[i], from);
    if (!(busy > 0)) continue;
    if (unified[node[i]] === 1) {
      mapBusy += busy;
      reduceBusy += busy;
    } else if (kind[i] === KIND_MAP) {
      mapBusy += busy;
    } else {
      reduceBusy += busy;
    }
  }
  for (const am of run.applicationMasters ?? []) {
    const busy = Math.min(am.end ?? run.endTime, to) - Math.max(am.start, from);
    if (!(busy > 0)) continue;
    mapBusy += busy;
    reduceBusy += busy;
  }
  return {
    mapSlotUtilization: mapSlots > 0 ? (100 * mapBusy) / (mapSlots * length) : null,
    reduceSlotUtilization: reduceSlots > 0 ? (100 * reduceBusy) / (reduceSlots * length) : null,
    ...resourceUtilization(run, span, ends),
  };
}

/** Memory and vcore utilization: each held container (attempts' and AMs') weighed by its size. */
function resourceUtilization(run: RunRecord, span: Span, ends: Float64Array): Pick<UtilizationMetrics, 'memoryUtilization' | 'vcoreUtilization'> {
  const capacity = clusterResources(run);
  if (capacity === null) return { memoryUtilization: null, vcoreUtilization: null };
  const held = heldContainers(run, ends);
  let memoryBusy = 0;
  let vcoreBusy = 0;
  for (let i = 0; i < held.count; i++) {
    const busy = Math.min(held.end[i], span.end) - Math.max(held.start[i], span.start);
    if (!(busy > 0)) continue;
    memoryBusy += busy * held.memory[i];
    vcoreBusy += busy * held.vcores[i];
  }
  const length = span.end - span.start;
  return { memoryUtilization: (100 * memoryBusy) / (capacity.memory * length), vcoreUtilization: (100 * vcoreBusy) / (capacity.vcores * length) };
}
