/**
 * A DMRS plan (`mrsched plan dmrs --gantt`) as a Gantt chart: one row per
 * machine (its speed in the label), each task a block in its job's colour
 * (the job's place in the plan's order), maps solid and reduces lighter, so
 * the idle gap before a job's reduces shows. The dashed line marks the last
 * task's end.
 */
import type { DmrsInstance } from '../planners/dmrs/dmrs-instance.js';
import type { DmrsPlan } from '../planners/dmrs/planners.js';
import { formatTime, renderLaneGantt, type LaneBlock } from './lane-gantt.js';

export interface DmrsGanttOptions {
  readonly id?: string;
  readonly width?: number;
  /** Most machines drawn (the first ones listed). */
  readonly maxMachines?: number;
}

export function renderDmrsGantt(plan: DmrsPlan, instance: DmrsInstance, options: DmrsGanttOptions = {}): string {
  const maxMachines = options.maxMachines ?? 100;
  const machines = instance.machines.slice(0, maxMachines);
  const row = new Map(machines.map((machine, i) => [machine.id, i]));
  const series = new Map(plan.order.map((job, i) => [job, i]));
  const blocks: LaneBlock[] = [];
  let end = 0;
  for (const t of plan.schedule) {
    end = Math.max(end, t.end);
    const band = row.get(t.machine);
    if (band === undefined) continue;
    blocks.push({
      band,
      lane: 0,
      lanes: 1,
      start: t.start,
      end: t.end,
      series: series.get(t.job) ?? 0,
      kind: t.kind,
      light: t.kind === 'reduce',
      label: t.job,
      tip: () => `${t.job} ${t.kind} ${t.task}: ${formatTime(t.start)}–${formatTime(t.end)} on ${t.machine}`,
    });
  }
  const omitted = instance.machines.length - machines.length;
  const objective = plan.objective === null ? 'no schedule' : `Σ w·C ${formatTime(plan.objective)}`;
  return renderLaneGantt({
    id: options.id ?? 'dmrs-gantt',
    width: options.width ?? 1000,
    heading: `${plan.algorithm}: ${plan.order.length} jobs on ${instance.machines.length} machines, ${objective}`,
    subheading:
      `LP bound ${formatTime(plan.lpBound)} · maps solid, reduces light` +
      (omitted > 0 ? ` · first ${machines.length} machines drawn, ${omitted} more not drawn` : ''),
    title: `${plan.algorithm} schedule: ${objective}`,
    description:
      `Task schedule of ${plan.order.length} jobs in the order ${plan.order.slice(0, 20).join(', ')}${plan.order.length > 20 ? ', …' : ''}; ` +
      'one row per machine, each block one task in its job’s colour.',
    bands: machines.map((machine) => ({ label: `${machine.id} (speed ${machine.speed})`, lanes: 1 })),
    blocks,
    end,
  });
}
