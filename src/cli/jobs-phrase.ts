/** How a command sums up a scenario's work in one phrase: `300 jobs (8290 maps, 679 reduces)`. */
import type { Scenario } from '../model/scenario.js';

export function jobsPhrase(jobs: Scenario['jobs']): string {
  const maps = jobs.reduce((n, job) => n + job.maps.length, 0);
  const reduces = jobs.reduce((n, job) => n + job.reduces.length, 0);
  return `${jobs.length} jobs (${maps} maps, ${reduces} reduces)`;
}
