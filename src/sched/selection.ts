/**
 * Which scheduler a run uses, with which placements: parsed from a name such
 * as `fair+greedy` (a scheduler, then placements to use in place of its own,
 * each after a `+`), with the scenario's `schedulerOptions.placement`
 * (`{ map?: NAME, reduce?: NAME }`) filling in the kinds the name leaves out.
 *
 * A placement named explicitly for a scheduler that places that kind its own
 * way is an error; one from the scenario applies to the schedulers that can
 * take it (the run's name shows where it did). The run's name lists only the
 * placements that differ from the scheduler's own, so `fifo+hadoop` runs as,
 * and is called, `fifo`.
 */
import { z } from 'zod';
import { didYouMean } from '../util/did-you-mean.js';
import { InputError, type InputProblem } from '../util/input-error.js';
import type { Scenario } from '../model/scenario.js';
import type { Policy } from '../sim/policy.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import type { DecisionLog } from './decision-log.js';
import { PLACEMENT_OPTIONS, type SchedulerRegistry } from './registry.js';
import type { MapPlacementFactory, PlacementFactory, ReducePlacementFactory, SchedulerFactory } from './types.js';

export interface SchedulerSelection {
  /** What the run is called: `fair`, `fair+greedy`. */
  readonly name: string;
  readonly scheduler: SchedulerFactory;
  /** Placements chosen in place of the scheduler's own, or null for its own. */
  readonly mapPlacement: MapPlacementFactory | null;
  readonly reducePlacement: ReducePlacementFactory | null;
}

type Kind = 'map' | 'reduce';
const KINDS: readonly Kind[] = ['map', 'reduce'];
const kindOf = (factory: PlacementFactory): Kind => (factory.kind === 'map-placement' ? 'map' : 'reduce');

/** `spec` is a name as typed (`source` says where, for errors); `scenario` gives the placements it chose. */
export function selectScheduler(registry: SchedulerRegistry, spec: string, scenario: Scenario, source = 'scheduler'): SchedulerSelection {
  const [head, ...parts] = spec.split('+');
  const scheduler = registry.get(head, source);
  registry.checkOptionKeys(scenario);
  const chosen: Record<Kind, PlacementFactory | null> = { map: null, reduce: null };
  const problems: InputProblem[] = [];
  for (const part of parts) {
    const factory = registry.placement(part);
    if (factory === undefined) {
      const names = registry.placements().map((f) => f.name);
      problems.push({ path: '', expected: `a placement after '+' (one of ${placementNames(registry)})`, found: `'${part}' in '${spec}'${didYouMean(part, names)}` });
      continue;
    }
    const kind = kindOf(factory);
    const own = scheduler.placements?.[kind];
    if (chosen[kind] !== null) {
      problems.push({ path: '', expected: `one ${kind} placement`, found: `'${chosen[kind].name}' and '${part}' in '${spec}'` });
    } else if (own === undefined) {
      problems.push({ path: '', expected: `no ${kind} placement: '${head}' places its ${kind}s its own way`, found: `'${part}' in '${spec}'` });
    }
    chosen[kind] = factory;
  }
  if (problems.length > 0) throw new InputError(source, problems);
  const fromScenario = scenarioPlacements(registry, scenario);
  for (const kind of KINDS) {
    const own = scheduler.placements?.[kind];
    if (chosen[kind] === null && own !== undefined) chosen[kind] = fromScenario[kind];
    if (chosen[kind]?.name === own) chosen[kind] = null;
  }
  const name = [head, ...KINDS.flatMap((kind) => (chosen[kind] === null ? [] : [chosen[kind].name]))].join('+');
  return {
    name,
    scheduler,
    mapPlacement: chosen.map as MapPlacementFactory | null,
    reducePlacement: chosen.reduce as ReducePlacementFactory | null,
  };
}

/** Whether the run solves LPs: its scheduler or a chosen placement says so. */
export function needsLinearSolver(selection: SchedulerSelection): boolean {
  return [selection.scheduler, selection.mapPlacement, selection.reducePlacement].some((f) => f?.needsLinearSolver === true);
}

/** A fresh policy for one run; `solver` must be given when the selection needs one; `explain` keeps a decision log. */
export function createPolicy(selection: SchedulerSelection, scenario: Scenario, solver: LinearSolver | null = null, explain: DecisionLog | null = null): Policy {
  if (solver === null && needsLinearSolver(selection)) {
    throw new Error(`'${selection.name}' solves linear programs during the run: pass it a solver (solver: await loadLinearSolver())`);
  }
  const context = { solver };
  return selection.scheduler.create(scenario, {
    name: selection.name,
    solver,
    mapPlacement: selection.mapPlacement?.create(scenario, context) ?? null,
    reducePlacement: selection.reducePlacement?.create(scenario, context) ?? null,
    explain,
  });
}

/** The factory's policy with its own placements: what a plain scheduler name runs. */
export function createScheduler(factory: SchedulerFactory, scenario: Scenario, solver: LinearSolver | null = null): Policy {
  return createPolicy({ name: factory.name, scheduler: factory, mapPlacement: null, reducePlacement: null }, scenario, solver);
}

const placementSchema = z.strictObject({ map: z.string().optional(), reduce: z.string().optional() });

/** The placements `schedulerOptions.placement` chooses, checked: known names of the right kind. */
export function scenarioPlacements(registry: SchedulerRegistry, scenario: Scenario): Record<Kind, PlacementFactory | null> {
  const path = `schedulerOptions.${PLACEMENT_OPTIONS}`;
  const parsed = placementSchema.safeParse(scenario.schedulerOptions[PLACEMENT_OPTIONS] ?? {});
  if (!parsed.success) {
    throw new InputError('schedulerOptions', [
      { path, expected: `a mapping with 'map' and/or 'reduce', each a placement name (${placementNames(registry)})`, found: JSON.stringify(scenario.schedulerOptions[PLACEMENT_OPTIONS]) },
    ]);
  }
  const result: Record<Kind, PlacementFactory | null> = { map: null, reduce: null };
  const problems: InputProblem[] = [];
  for (const kind of KINDS) {
    const name = parsed.data[kind];
    if (name === undefined) continue;
    const factory = registry.placement(name);
    const names = registry.placements().filter((f) => kindOf(f) === kind).map((f) => f.name);
    if (factory === undefined || kindOf(factory) !== kind) {
      problems.push({ path: `${path}.${kind}`, expected: `a ${kind} placement (one of ${names.join(', ')})`, found: `'${name}'${didYouMean(name, names)}` });
    } else {
      result[kind] = factory;
    }
  }
  if (problems.length > 0) throw new InputError('schedulerOptions', problems);
  return result;
}

function placementNames(registry: SchedulerRegistry): string {
  return registry
    .placements()
    .map((f) => `${f.name} (${kindOf(f)})`)
    .join(', ');
}
