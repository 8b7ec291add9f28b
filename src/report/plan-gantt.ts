/**
 * A makespan plan as a Gantt chart, drawn as seed 000's Figures 1 and 2 are:
 * time across, the map slots and the reduce slots as two bands (two per pool
 * for BalancedPools), each job's stage a block as tall as the slots it uses
 * and as long as it runs, in the job's colour and labelled with its id. At
 * task level each task is drawn on its own slot.
 */
import type { MakespanPlan } from '../planners/makespan/plan.js';
import { formatTime, renderLaneGantt, type LaneBand, type LaneBlock } from './lane-gantt.js';

export interface PlanGanttOptions {
  readonly id?: string;
  readonly width?: number;
  /** Most jobs drawn (the first ones of the order); the axis still spans the whole plan. */
  readonly maxJobs?: number;
}

export function renderPlanGantt(plan: MakespanPlan, options: PlanGanttOptions = {}): string {
  const maxJobs = options.maxJobs ?? 2000;
  const shown = new Set(plan.order.slice(0, maxJobs));
  const jobIndex = new Map(plan.order.map((job, i) => [job, i]));

  const pools = plan.pools !== undefined && plan.pools.length > 1 ? plan.pools : [{ mapSlots: plan.mapSlots, reduceSlots: plan.reduceSlots }];
  const bands: LaneBand[] = pools.flatMap((pool, p) => {
    const prefix = pools.length > 1 ? `pool ${p + 1} ` : '';
    return [
      { label: `${prefix}map slots (${pool.mapSlots})`, lanes: pool.mapSlots },
      { label: `${prefix}reduce slots (${pool.reduceSlots})`, lanes: pool.reduceSlots },
    ];
  });

  const block = (band: number, job: string, lane: number, lanes: number, start: number, end: number, kind: 'map' | 'reduce'): LaneBlock => ({
    band,
    lane,
    lanes,
    start,
    end,
    series: jobIndex.get(job)!,
    kind,
    label: job,
    tip: (drawn) => `${job} ${kind}: ${formatTime(start)}–${formatTime(end)} on ${drawn} slot${drawn === 1 ? '' : 's'}`,
  });
  const blocks: LaneBlock[] = [];
  if (plan.tasks !== undefined) {
    for (const task of plan.tasks) {
      if (shown.has(task.job)) blocks.push(block(task.kind === 'map' ? 0 : 1, task.job, task.slot, 1, task.start, task.end, task.kind));
    }
  } else {
    for (const stage of plan.stages) {
      if (!shown.has(stage.job)) continue;
      const band = 2 * (pools.length > 1 ? (stage.pool ?? 0) : 0);
      blocks.push(block(band, stage.job, 0, stage.mapSlots, stage.mapStart, stage.mapEnd, 'map'));
      blocks.push(block(band + 1, stage.job, 0, stage.reduceSlots, stage.reduceStart, stage.reduceEnd, 'reduce'));
    }
  }

  const omitted = plan.order.length - shown.size;
  return renderLaneGantt({
    id: options.id ?? 'plan-gantt',
    width: options.width ?? 1000,
    heading: `${plan.algorithm}: ${plan.order.length} jobs, makespan ${formatTime(plan.makespan)}`,
    subheading: `${plan.model} model${omitted > 0 ? ` · first ${shown.size} jobs of the order drawn, ${omitted} more not drawn` : ''}`,
    title: `${plan.algorithm} plan: makespan ${formatTime(plan.makespan)}`,
    description:
      `Stage schedule of ${plan.order.length} jobs in the order ${plan.order.slice(0, 20).join(', ')}${plan.order.length > 20 ? ', …' : ''}; ` +
      'each block is one job stage (or task), as tall as the slots it uses.',
    bands,
    blocks,
    end: plan.makespan,
  });
}
