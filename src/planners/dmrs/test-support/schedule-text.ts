/** A schedule as text for tests: per machine, its tasks as `J1m0 [start, end]` (job, m or r, task index). */
import type { DmrsInstance } from '../dmrs-instance.js';
import type { DmrsSchedule } from '../schedule.js';

export function byMachine(instance: DmrsInstance, schedule: DmrsSchedule): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const t of schedule.tasks) (out[instance.machines[t.machine].id] ??= []).push(`${instance.jobs[t.job].id}${t.kind[0]}${t.task} [${t.start}, ${t.end}]`);
  return out;
}
