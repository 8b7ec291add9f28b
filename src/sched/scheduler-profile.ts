/**
 * A run's scheduler as a value: the job order, the map and reduce
 * placements in effect, and the options of each, parsed. Made from a choice
 * (`scheduler-choice.ts`) and a scenario's `schedulerOptions`, once per
 * scenario, before anything is built:
 *
 * - a placement named in the choice wins; for a kind it leaves out, the
 *   scenario's `schedulerOptions.placement` (`{ map?: NAME, reduce?: NAME }`)
 *   applies where the job order can take that kind; else the scheduler's
 *   own (the named scheduler's, with `--job-order` in play). A kind the job
 *   order places its own way has no placement (null);
 * - every part's options are checked by its schema, every problem at once.
 *
 * The run's name lists the job order, then only the placements that differ
 * from its own, so `fifo+hadoop` runs as, and is called, `fifo`.
 */
import { z } from 'zod';
import { didYouMean } from '../util/did-you-mean.js';
import { InputError, type InputProblem } from '../util/input-error.js';
import type { SlotKind } from './parts.js';
import { PLACEMENT_OPTIONS, type SchedulerRegistry } from './registry.js';
import { kindOf, placementOf, placementNames, SLOT_KINDS, type SchedulerChoice } from './scheduler-choice.js';
import { parseSchedulerOptions, SCHEDULER_OPTIONS } from './scheduler-options.js';
import type { Described } from './types.js';

export interface SchedulerProfile {
  /** The registered scheduler whose job order runs. */
  readonly jobOrder: string;
  /** The map placement in effect, or null where the job order places maps its own way. */
  readonly mapPlacement: string | null;
  /** The reduce placement in effect, or null where the job order places reduces its own way. */
  readonly reducePlacement: string | null;
  /** The options of the job order and of each placement, parsed by its schema, by part name. */
  readonly options: Readonly<Record<string, unknown>>;
}

/** The profile of `choice` on a scenario whose options are `schedulerOptions`; an `InputError` for every problem of them. */
export function schedulerProfile(registry: SchedulerRegistry, choice: SchedulerChoice, schedulerOptions: Readonly<Record<string, unknown>>): SchedulerProfile {
  registry.checkOptionKeys(schedulerOptions);
  const fromScenario = scenarioPlacements(registry, schedulerOptions);
  const order = registry.get(choice.jobOrder);
  const owner = registry.get(choice.scheduler);
  const placementFor = (kind: SlotKind): string | null => {
    if (order.placements?.[kind] === undefined) return null;
    return placementOf(choice, kind) ?? fromScenario[kind] ?? owner.placements?.[kind] ?? order.placements[kind];
  };
  const mapPlacement = placementFor('map');
  const reducePlacement = placementFor('reduce');
  const parts: Described[] = [order, ...[mapPlacement, reducePlacement].flatMap((name) => (name === null ? [] : [registry.placement(name)!]))];
  const options: Record<string, unknown> = {};
  const problems: InputProblem[] = [];
  for (const part of parts) {
    // A scheduler and a placement of one name (flow) share their options.
    if (part.name in options) continue;
    try {
      options[part.name] = parseSchedulerOptions(part, schedulerOptions);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new InputError(SCHEDULER_OPTIONS, problems);
  return { jobOrder: order.name, mapPlacement, reducePlacement, options };
}

/** What the run is called: `fair`, `fair+greedy`, `fifo+delay`. */
export function runName(registry: SchedulerRegistry, profile: SchedulerProfile): string {
  const own = registry.get(profile.jobOrder).placements;
  const swapped = SLOT_KINDS.flatMap((kind) => {
    const name = placementOf(profile, kind);
    return name === null || name === own?.[kind] ? [] : [name];
  });
  return [profile.jobOrder, ...swapped].join('+');
}

/** Whether the run solves LPs: its job order or a placement says so. */
export function needsLinearSolver(registry: SchedulerRegistry, profile: SchedulerProfile): boolean {
  const placements = SLOT_KINDS.flatMap((kind) => {
    const name = placementOf(profile, kind);
    return name === null ? [] : [registry.placement(name)!];
  });
  return [registry.get(profile.jobOrder), ...placements].some((factory) => factory.needsLinearSolver === true);
}

const placementSchema = z.strictObject({ map: z.string().optional(), reduce: z.string().optional() });

/** The placements `schedulerOptions.placement` chooses, checked: known names of the right kind. */
export function scenarioPlacements(registry: SchedulerRegistry, schedulerOptions: Readonly<Record<string, unknown>>): Record<SlotKind, string | null> {
  const path = `schedulerOptions.${PLACEMENT_OPTIONS}`;
  const given = schedulerOptions[PLACEMENT_OPTIONS];
  const parsed = placementSchema.safeParse(given ?? {});
  if (!parsed.success) {
    throw new InputError(SCHEDULER_OPTIONS, [
      { path, expected: `a mapping with 'map' and/or 'reduce', each a placement name (${placementNames(registry)})`, found: JSON.stringify(given) },
    ]);
  }
  const result: Record<SlotKind, string | null> = { map: null, reduce: null };
  const problems: InputProblem[] = [];
  for (const kind of SLOT_KINDS) {
    const name = parsed.data[kind];
    if (name === undefined) continue;
    const factory = registry.placement(name);
    const names = registry.placements().filter((f) => kindOf(f) === kind).map((f) => f.name);
    if (factory === undefined || kindOf(factory) !== kind) {
      problems.push({ path: `${path}.${kind}`, expected: `a ${kind} placement (one of ${names.join(', ')})`, found: `'${name}'${didYouMean(name, names)}` });
    } else {
      result[kind] = name;
    }
  }
  if (problems.length > 0) throw new InputError(SCHEDULER_OPTIONS, problems);
  return result;
}
