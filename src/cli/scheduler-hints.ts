/**
 * Hints before a run whose numbers could mislead: a workload of one user in
 * one pool (fair and capacity have nothing to share, so they run as fifo
 * does and fairness is 0), and a batch planner on jobs that arrive over time
 * (its plan ignores the arrivals). Printed on stderr and shown in the report.
 */
import type { Scenario } from '../model/scenario.js';
import { isBatch } from '../experiment/suited-schedulers.js';
import type { ChosenSchedulers } from './scheduler-choice.js';

export function schedulerHints({ registry, profiles, names }: ChosenSchedulers, scenario: Scenario): string[] {
  const hints: string[] = [];
  const users = new Set(scenario.jobs.map((job) => job.user));
  const pools = new Set(scenario.jobs.map((job) => job.pool));
  if (scenario.jobs.length > 1 && users.size === 1 && pools.size === 1) {
    hints.push(
      `every job of ${scenario.name} belongs to one user in one pool: schedulers that share among users or pools (fair, capacity) have nothing to share and run as fifo does, and fairness is 0. ` +
        'Give the jobs users (a trace import takes a users option) to compare sharing.',
    );
  }
  if (!isBatch(scenario)) {
    profiles.forEach((profile, i) => {
      if (registry.get(profile.jobOrder).batchOnly === true) {
        hints.push(`${names[i]} plans one batch released together, and the jobs of ${scenario.name} arrive over time: its plan ignores the arrivals.`);
      }
    });
  }
  return hints;
}
