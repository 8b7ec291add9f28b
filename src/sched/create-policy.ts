/**
 * A run's policy from its profile (`scheduler-profile.ts`) and the run's
 * setup. The placements are built first: one the user chose in place of the
 * job order's own is built by its registered factory from its own options;
 * the job order's own default is built by the scheduler itself when it
 * tailors it (`tailorsPlacements`: fifo's Hadoop 1 limits, fair's delays),
 * else by its registered factory. Each is handed to the scheduler's
 * `create` in the setup.
 */
import type { Policy } from '../sim/policy.js';
import type { DecisionLog } from './decision-log.js';
import type { SlotKind } from './parts.js';
import type { SchedulerRegistry } from './registry.js';
import { placementOf } from './scheduler-choice.js';
import { needsLinearSolver, runName, type SchedulerProfile } from './scheduler-profile.js';
import type { MapPlacement, PartSetup, ReducePlacement } from './types.js';

/** What a run gives every part, options aside: what a JobTracker knows, the run's services, and the decision log if one is kept. */
export interface RunSetup extends Omit<PartSetup, 'options'> {
  readonly explain: DecisionLog | null;
}

export function createPolicy(registry: SchedulerRegistry, profile: SchedulerProfile, run: RunSetup): Policy {
  const name = runName(registry, profile);
  if (run.solver === null && needsLinearSolver(registry, profile)) {
    throw new Error(`'${name}' solves linear programs during the run: pass it a solver (solver: await loadLinearSolver())`);
  }
  const { explain, ...part } = run;
  const order = registry.get(profile.jobOrder);
  const placement = (kind: SlotKind): MapPlacement | ReducePlacement | null => {
    const placed = placementOf(profile, kind);
    if (placed === null || (placed === order.placements?.[kind] && order.tailorsPlacements?.includes(kind) === true)) return null;
    return registry.placement(placed)!.create({ ...part, options: profile.options[placed] });
  };
  const mapPlacement = placement('map') as MapPlacement | null;
  const reducePlacement = placement('reduce') as ReducePlacement | null;
  return order.create({ ...part, options: profile.options[order.name], name, mapPlacement, reducePlacement, explain });
}
