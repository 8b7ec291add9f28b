/**
 * Schedulers and placements by name. Refuses duplicate names (and the name
 * `placement`, which the scenario's `schedulerOptions` keeps for choosing
 * placements); an unknown name is an input error listing the known ones. A
 * scheduler and a placement may share a name (`flow`) only with one options
 * schema, as they read the same `schedulerOptions.<name>`.
 */
import { didYouMean } from '../util/did-you-mean.js';
import { InputError } from '../util/input-error.js';
import type { PlacementFactory, SchedulerFactory } from './types.js';

/** The key of `schedulerOptions` that chooses placements for every scheduler: no factory may take it as its name. */
export const PLACEMENT_OPTIONS = 'placement';

export class SchedulerRegistry {
  private readonly schedulers = new Map<string, SchedulerFactory>();
  private readonly placementFactories = new Map<string, PlacementFactory>();

  constructor(factories: readonly (SchedulerFactory | PlacementFactory)[] = []) {
    for (const factory of factories) this.register(factory);
  }

  /** Adds a scheduler, or a placement (a factory with a `kind`). */
  register(factory: SchedulerFactory | PlacementFactory): void {
    const isPlacement = 'kind' in factory;
    const table: Map<string, SchedulerFactory | PlacementFactory> = isPlacement ? this.placementFactories : this.schedulers;
    const what = isPlacement ? 'placement' : 'scheduler';
    if (factory.name === PLACEMENT_OPTIONS) throw new Error(`'${PLACEMENT_OPTIONS}' is reserved: a ${what} cannot take it as its name`);
    if (!/^[A-Za-z0-9_-]+$/.test(factory.name)) throw new Error(`a ${what} name is letters, digits, '-' and '_': '${factory.name}' is not`);
    if (table.has(factory.name)) throw new Error(`a ${what} named '${factory.name}' is already registered`);
    const namesake = isPlacement ? this.schedulers.get(factory.name) : this.placementFactories.get(factory.name);
    if (namesake !== undefined && namesake.options !== factory.options) {
      throw new Error(`a scheduler and a placement named '${factory.name}' read the same schedulerOptions.${factory.name}: they must share one options schema`);
    }
    table.set(factory.name, factory);
  }

  /** A registry of the same factories, with `factory` in place of the scheduler or placement of its name, or added. */
  with(factory: SchedulerFactory | PlacementFactory): SchedulerRegistry {
    const table = 'kind' in factory ? this.placementFactories : this.schedulers;
    const replaced = new Map<string, SchedulerFactory | PlacementFactory>(table).set(factory.name, factory);
    const others = 'kind' in factory ? this.list() : this.placements();
    return new SchedulerRegistry([...others, ...replaced.values()]);
  }

  /** The scheduler called `name`; `source` names where the name came from, for the error. */
  get(name: string, source = 'scheduler'): SchedulerFactory {
    const factory = this.schedulers.get(name);
    if (factory === undefined) {
      throw new InputError(source, [
        { path: '', expected: `a scheduler name (one of ${this.names().join(', ')})`, found: `'${name}'${didYouMean(name, this.names())}` },
      ]);
    }
    return factory;
  }

  /** The placement called `name`, or undefined. */
  placement(name: string): PlacementFactory | undefined {
    return this.placementFactories.get(name);
  }

  /**
   * Checks that every key of a scenario's `schedulerOptions` names a
   * registered scheduler or placement (or is `placement`): options for a name
   * nothing reads are a mistake, most often a typo.
   */
  checkOptionKeys(schedulerOptions: Readonly<Record<string, unknown>>): void {
    const known = [...this.names(), ...this.placements().map((f) => f.name), PLACEMENT_OPTIONS];
    const problems = Object.keys(schedulerOptions)
      .filter((key) => !known.includes(key))
      .map((key) => ({
        path: `schedulerOptions.${key}`,
        expected: `the name of a scheduler or placement whose options these are (${known.join(', ')})`,
        found: `'${key}'${didYouMean(key, known)}`,
      }));
    if (problems.length > 0) throw new InputError('schedulerOptions', problems);
  }

  names(): string[] {
    return [...this.schedulers.keys()];
  }

  list(): SchedulerFactory[] {
    return [...this.schedulers.values()];
  }

  placements(): PlacementFactory[] {
    return [...this.placementFactories.values()];
  }
}
