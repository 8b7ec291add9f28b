/** Schedulers by name. Refuses duplicate names; an unknown name is an input error listing the known ones. */
import { InputError } from '../model/input-error.js';
import type { Scenario } from '../model/scenario.js';
import type { SchedulerFactory } from './types.js';

export class SchedulerRegistry {
  private readonly factories = new Map<string, SchedulerFactory>();

  constructor(factories: readonly SchedulerFactory[] = []) {
    for (const factory of factories) this.register(factory);
  }

  register(factory: SchedulerFactory): void {
    if (this.factories.has(factory.name)) throw new Error(`a scheduler named '${factory.name}' is already registered`);
    this.factories.set(factory.name, factory);
  }

  /** The factory called `name`; `source` names where the name came from, for the error. */
  get(name: string, source = 'scheduler'): SchedulerFactory {
    const factory = this.factories.get(name);
    if (factory === undefined) {
      throw new InputError(source, [
        { path: '', expected: `a scheduler name (one of ${this.names().join(', ')})`, found: `'${name}'` },
      ]);
    }
    return factory;
  }

  names(): string[] {
    return [...this.factories.keys()];
  }

  /** The schedulers that suit `scenario`: all of them on a batch (one submit time), else those not `batchOnly`. */
  namesFor(scenario: Scenario): string[] {
    const batch = isBatch(scenario);
    return this.list()
      .filter((factory) => batch || factory.batchOnly !== true)
      .map((factory) => factory.name);
  }

  list(): SchedulerFactory[] {
    return [...this.factories.values()];
  }
}

/** Every job submitted at one time: the workload batch schedulers plan for. */
export function isBatch(scenario: Scenario): boolean {
  return scenario.jobs.every((job) => job.submitTime === scenario.jobs[0].submitTime);
}
