/** How a command sums up a scenario's work in one phrase: `300 jobs (8290 maps, 679 reduces)`, `1 job (1 map, 0 reduces)`. */
import type { Scenario } from '../model/scenario.js';
import { taskCounts } from '../model/workload.js';

export function jobsPhrase(jobs: Scenario['jobs']): string {
  const { maps, reduces } = taskCounts(jobs);
  return `${counted(jobs.length, 'job')} (${counted(maps, 'map')}, ${counted(reduces, 'reduce')})`;
}

/** `1 node`, `3 nodes`. */
export function counted(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
