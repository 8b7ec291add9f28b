/**
 * An independent check of a schedule of a DMRS instance: written apart from
 * the code that builds schedules (it shares none of it), so that a planner's
 * mistake cannot hide behind the same mistake here. It checks that
 *
 * - every map and reduce of every job is scheduled exactly once, on a machine
 *   that exists, for its size over the machine's speed;
 * - a machine runs one task at a time;
 * - maps start at or after their job's release, reduces at or after the end
 *   of their job's last map;
 * - the completions are the ends of the jobs' last tasks (the release for a
 *   job without tasks), and the objective is Σ w_j C_j of them.
 *
 * Times are compared with a relative tolerance of 1e-9 of the schedule's
 * length: they are sums of quotients in floating point.
 */
import type { DmrsInstance } from './dmrs-instance.js';
import type { DmrsSchedule } from './schedule.js';

const TOLERANCE = 1e-9;

/** Every rule the schedule breaks, in words; empty when it is feasible and its numbers are right. */
export function scheduleProblems(instance: DmrsInstance, schedule: DmrsSchedule): string[] {
  const problems: string[] = [];
  const { jobs, machines } = instance;
  let horizon = 1;
  for (const t of schedule.tasks) horizon = Math.max(horizon, Math.abs(t.end));
  for (const job of jobs) horizon = Math.max(horizon, job.release);
  const eps = TOLERANCE * horizon;
  const name = (t: { job: number; kind: string; task: number }) => `${jobs[t.job]?.id ?? `job ${t.job}`} ${t.kind} ${t.task}`;

  const seen = jobs.map((job) => ({ map: new Uint8Array(job.maps.length), reduce: new Uint8Array(job.reduces.length) }));
  const lastMapEnd = jobs.map((job) => (job.maps.length === 0 ? job.release : -Infinity));
  const lastEnd = jobs.map((job) => job.release);
  for (const t of schedule.tasks) {
    const job = jobs[t.job];
    const sizes = t.kind === 'map' ? job?.maps : job?.reduces;
    if (job === undefined || sizes === undefined || !(t.task >= 0 && t.task < sizes.length) || !Number.isInteger(t.task)) {
      problems.push(`${name(t)}: no such task`);
      continue;
    }
    if (seen[t.job][t.kind][t.task] === 1) problems.push(`${name(t)}: scheduled twice`);
    seen[t.job][t.kind][t.task] = 1;
    const machine = machines[t.machine];
    if (machine === undefined) {
      problems.push(`${name(t)}: on machine ${t.machine}, which does not exist`);
      continue;
    }
    const duration = sizes[t.task] / machine.speed;
    if (!(Math.abs(t.end - t.start - duration) <= eps)) problems.push(`${name(t)}: runs ${t.end - t.start} on ${machine.id}, its size needs ${duration}`);
    if (t.kind === 'map') {
      if (t.start < job.release - eps) problems.push(`${name(t)}: starts at ${t.start}, before its job's release ${job.release}`);
      lastMapEnd[t.job] = Math.max(lastMapEnd[t.job], t.end);
    }
    lastEnd[t.job] = Math.max(lastEnd[t.job], t.end);
  }
  jobs.forEach((job, j) => {
    for (const kind of ['map', 'reduce'] as const) {
      seen[j][kind].forEach((done, k) => {
        if (done === 0) problems.push(`${job.id} ${kind} ${k}: not scheduled`);
      });
    }
  });
  for (const t of schedule.tasks) {
    if (t.kind === 'reduce' && jobs[t.job] !== undefined && t.start < lastMapEnd[t.job] - eps) {
      problems.push(`${name(t)}: starts at ${t.start}, before its job's maps end at ${lastMapEnd[t.job]}`);
    }
  }
  const byMachine = machines.map(() => [] as DmrsSchedule['tasks'][number][]);
  for (const t of schedule.tasks) byMachine[t.machine]?.push(t);
  byMachine.forEach((tasks, i) => {
    const sorted = [...tasks].sort((a, b) => a.start - b.start || a.end - b.end);
    for (let k = 1; k < sorted.length; k++) {
      if (sorted[k].start < sorted[k - 1].end - eps) {
        problems.push(`${machines[i].id}: ${name(sorted[k])} starts at ${sorted[k].start}, while ${name(sorted[k - 1])} runs until ${sorted[k - 1].end}`);
      }
    }
  });
  let objective = 0;
  jobs.forEach((job, j) => {
    objective += job.weight * lastEnd[j];
    if (!(Math.abs(schedule.completions[j] - lastEnd[j]) <= eps)) problems.push(`${job.id}: completion reported ${schedule.completions[j]}, its last task ends at ${lastEnd[j]}`);
  });
  const totalWeight = jobs.reduce((sum, job) => sum + job.weight, 0);
  if (!(Math.abs(schedule.objective - objective) <= eps * Math.max(1, totalWeight))) problems.push(`objective reported ${schedule.objective}, Σ w·C is ${objective}`);
  return problems;
}
