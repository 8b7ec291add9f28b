/**
 * Which schedulers suit a scenario: the batch planners (`batchOnly`) plan one
 * batch released together, so only a scenario whose jobs all arrive at one
 * time suits them.
 */
import type { Scenario } from '../model/scenario.js';
import type { SchedulerRegistry } from '../sched/index.js';

/** Every job submitted at one time: the workload batch schedulers plan for. */
export function isBatch(scenario: Scenario): boolean {
  return scenario.jobs.every((job) => job.submitTime === scenario.jobs[0].submitTime);
}

/** The schedulers that suit `scenario`: all of them on a batch, else those not `batchOnly`. */
export function suitedSchedulers(registry: SchedulerRegistry, scenario: Scenario): string[] {
  const batch = isBatch(scenario);
  return registry
    .list()
    .filter((factory) => batch || factory.batchOnly !== true)
    .map((factory) => factory.name);
}
