/**
 * Which scheduler a run uses, as the user chose it: a registered scheduler
 * (`fair`), placements to use in place of its own, each after a `+`
 * (`fair+greedy`, or the `--map-placement` and `--reduce-placement` flags),
 * and another scheduler's job order to run in place of its own with its
 * placements kept (`--job-order fifo`). Parsed once, where the choice enters
 * (a command's flags, a sweep spec's names, a request to `serve`), and
 * checked against the registry with every problem at once: an unknown name
 * (with the name likely meant), a placement of the wrong kind or two of one
 * kind, and a placement for a kind the job order places its own way. The
 * scenario's `schedulerOptions` then make it the run's profile
 * (`scheduler-profile.ts`).
 */
import { didYouMean } from '../util/did-you-mean.js';
import { InputError, type InputProblem } from '../util/input-error.js';
import type { SlotKind } from './parts.js';
import type { SchedulerRegistry } from './registry.js';
import type { PlacementFactory, SchedulerFactory } from './types.js';

export interface SchedulerChoice {
  /** The registered scheduler named (`fair` in `fair+greedy`): its placements are the run's unless others are named. */
  readonly scheduler: string;
  /** The registered scheduler whose job order runs: `scheduler`, unless swapped (`--job-order`). */
  readonly jobOrder: string;
  /** A map placement named in place of the scheduler's own, or null. */
  readonly mapPlacement: string | null;
  /** A reduce placement named in place of the scheduler's own, or null. */
  readonly reducePlacement: string | null;
}

/** `scheduler` as its plain name runs it: its own job order, no placement named. */
export function plainChoice(scheduler: string): SchedulerChoice {
  return { scheduler, jobOrder: scheduler, mapPlacement: null, reducePlacement: null };
}

/** What flags change in every choice of a command: a job order, placements (checked by `checkedSwaps`). */
export interface ChoiceSwaps {
  readonly jobOrder?: string;
  readonly mapPlacement?: string;
  readonly reducePlacement?: string;
}

export const SLOT_KINDS: readonly SlotKind[] = ['map', 'reduce'];

export const kindOf = (factory: PlacementFactory): SlotKind => (factory.kind === 'map-placement' ? 'map' : 'reduce');

/** The placement of `kind` a choice names, or a profile holds. */
export const placementOf = (parts: Pick<SchedulerChoice, 'mapPlacement' | 'reducePlacement'>, kind: SlotKind): string | null =>
  kind === 'map' ? parts.mapPlacement : parts.reducePlacement;

/**
 * The choices named by `names` (each a scheduler with placements after
 * '+'), with `swaps` applied to each; `source` names where the names came
 * from, and `pathOf` each name's place there (a list's entry). One
 * `InputError` with every problem of every name.
 */
export function parseSchedulerChoices(
  registry: SchedulerRegistry,
  names: readonly string[],
  source: string,
  swaps: ChoiceSwaps = {},
  pathOf: (index: number) => string = () => '',
): SchedulerChoice[] {
  const problems: InputProblem[] = [];
  const choices = names.map((name, i) => {
    const own: InputProblem[] = [];
    const choice = choiceOf(registry, name, swaps, own);
    problems.push(...own.map((problem) => ({ ...problem, path: pathOf(i) })));
    return choice;
  });
  if (problems.length > 0) throw new InputError(source, problems);
  return choices as SchedulerChoice[];
}

/** One choice, as `parseSchedulerChoices` parses it. */
export function parseSchedulerChoice(registry: SchedulerRegistry, name: string, source = 'scheduler'): SchedulerChoice {
  return parseSchedulerChoices(registry, [name], source)[0];
}

/** Each flag of `swaps` checked on its own: a known scheduler, a known placement of its kind. Throws at the first bad flag. */
export function checkedSwaps(registry: SchedulerRegistry, swaps: ChoiceSwaps): ChoiceSwaps {
  if (swaps.jobOrder !== undefined) registry.get(swaps.jobOrder, '--job-order');
  for (const kind of SLOT_KINDS) {
    const name = kind === 'map' ? swaps.mapPlacement : swaps.reducePlacement;
    if (name === undefined) continue;
    const factory = registry.placement(name);
    if (factory !== undefined && kindOf(factory) === kind) continue;
    const known = registry
      .placements()
      .filter((f) => kindOf(f) === kind)
      .map((f) => f.name);
    throw new InputError(`--${kind}-placement`, [{ path: '', expected: `a ${kind} placement (one of ${known.join(', ')})`, found: `'${name}'${didYouMean(name, known)}` }]);
  }
  return swaps;
}

/** The choice `name` names, with `swaps`; its problems go to `problems` (and the choice is then incomplete). */
function choiceOf(registry: SchedulerRegistry, name: string, swaps: ChoiceSwaps, problems: InputProblem[]): SchedulerChoice | undefined {
  const [head, ...parts] = name.split('+');
  const scheduler = knownScheduler(registry, head, problems);
  const named: Record<SlotKind, string | null> = { map: null, reduce: null };
  for (const part of parts) {
    const factory = registry.placement(part);
    if (factory === undefined) {
      const names = registry.placements().map((f) => f.name);
      problems.push({ path: '', expected: `a placement after '+' (one of ${placementNames(registry)})`, found: `'${part}' in '${name}'${didYouMean(part, names)}` });
      continue;
    }
    const kind = kindOf(factory);
    const taken = named[kind];
    if (taken !== null) problems.push({ path: '', expected: `one ${kind} placement`, found: `'${taken}' and '${part}' in '${name}'` });
    else if (scheduler !== undefined && scheduler.placements?.[kind] === undefined) problems.push(ownWay(scheduler, kind, `'${part}' in '${name}'`));
    named[kind] = factory.name;
  }
  for (const kind of SLOT_KINDS) {
    const flagged = kind === 'map' ? swaps.mapPlacement : swaps.reducePlacement;
    if (flagged === undefined) continue;
    if (named[kind] !== null && named[kind] !== flagged) {
      problems.push({ path: '', expected: `one ${kind} placement`, found: `'${named[kind]}' in '${name}' and '${flagged}' from --${kind}-placement` });
    } else if (scheduler !== undefined && scheduler.placements?.[kind] === undefined) {
      problems.push(ownWay(scheduler, kind, `'${flagged}' from --${kind}-placement`));
    }
    named[kind] = flagged;
  }
  if (scheduler === undefined) return undefined;
  const jobOrder = swaps.jobOrder === undefined ? scheduler : registry.get(swaps.jobOrder, '--job-order');
  if (jobOrder !== scheduler) {
    // The swapped-in order must take every placement the run keeps: those named, and the scheduler's own.
    for (const kind of SLOT_KINDS) {
      const kept = named[kind] ?? scheduler.placements?.[kind];
      if (kept !== undefined && jobOrder.placements?.[kind] === undefined) problems.push(ownWay(jobOrder, kind, `'${kept}' of '${name}' with --job-order ${jobOrder.name}`));
    }
  }
  return { scheduler: scheduler.name, jobOrder: jobOrder.name, mapPlacement: named.map, reducePlacement: named.reduce };
}

function knownScheduler(registry: SchedulerRegistry, name: string, problems: InputProblem[]): SchedulerFactory | undefined {
  try {
    return registry.get(name);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
}

function ownWay(scheduler: SchedulerFactory, kind: SlotKind, found: string): InputProblem {
  return { path: '', expected: `no ${kind} placement: '${scheduler.name}' places its ${kind}s its own way`, found };
}

/** Every placement with its kind, for an error. */
export function placementNames(registry: SchedulerRegistry): string {
  return registry
    .placements()
    .map((f) => `${f.name} (${kindOf(f)})`)
    .join(', ');
}
