/** How a command sums up a scenario's work in one phrase: `300 jobs (8290 maps, 679 reduces)`. */
import type { Scenario } from '../model/scenario.js';
import { taskCounts } from '../model/workload.js';

export function jobsPhrase(jobs: Scenario['jobs']): string {
  const { maps, reduces } = taskCounts(jobs);
  return `${jobs.length} jobs (${maps} maps, ${reduces} reduces)`;
}
