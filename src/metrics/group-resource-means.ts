/**
 * Each pool's (or user's) mean use of a YARN resource cluster over the run's
 * span (span.ts, the window of the utilizations): the time averages of the
 * memory and vcores its held containers took (`held-containers.ts`) and of
 * its dominant share (`dominant-share.ts`). The groups' mean memory adds up
 * to the cluster's memory times its memory utilization, and the same for
 * vcores; their dominant shares need not add up to anything.
 */
import type { RunRecord } from '../model/index.js';
import { forEachDominantSharePiece } from './dominant-share.js';
import type { Grouping } from './group-timeline.js';
import { clusterResources, heldContainers } from './held-containers.js';
import { jobGroups } from './job-groups.js';
import type { Span } from './span.js';

export interface GroupResourceMeans {
  readonly id: string;
  /** Bytes. */
  readonly meanMemory: number;
  readonly meanVcores: number;
  /** From 0 to 1. */
  readonly meanDominantShare: number;
}

/**
 * In order of first appearance among the jobs; empty unless the cluster has
 * memory and vcores and the span has a positive length. `ends`: each
 * attempt's effective end (attempt-end.ts).
 */
export function groupResourceMeans(run: RunRecord, grouping: Grouping, span: Span | null, ends: Float64Array): GroupResourceMeans[] {
  const capacity = clusterResources(run);
  if (capacity === null || span === null || !(span.end > span.start)) return [];
  const length = span.end - span.start;
  const clipped = (from: number, to: number) => Math.max(0, Math.min(to, span.end) - Math.max(from, span.start));
  const groups = jobGroups(run, grouping);
  const memory = new Float64Array(groups.ids.length);
  const vcores = new Float64Array(groups.ids.length);
  const dominant = new Float64Array(groups.ids.length);
  const held = heldContainers(run, ends);
  for (let i = 0; i < held.count; i++) {
    const g = groups.ofJob[held.job[i]];
    const time = clipped(held.start[i], held.end[i]);
    memory[g] += held.memory[i] * time;
    vcores[g] += held.vcores[i] * time;
  }
  forEachDominantSharePiece(held, groups.ofJob, groups.ids.length, capacity, (g, from, to, share) => (dominant[g] += share * clipped(from, to)));
  return groups.ids.map((id, g) => ({ id, meanMemory: memory[g] / length, meanVcores: vcores[g] / length, meanDominantShare: dominant[g] / length }));
}
