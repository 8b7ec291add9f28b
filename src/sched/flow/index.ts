import { z } from 'zod';
import { InputError } from '../../util/input-error.js';
import type { Scenario } from '../../model/scenario.js';
import { composePolicy } from '../composed-policy.js';
import { QueueOrder } from '../queue-order.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import type { MapPlacementFactory, SchedulerFactory } from '../types.js';
import { FlowPlacement } from './flow.js';

export { FlowPlacement } from './flow.js';

const optionsSchema = z.strictObject({
  wLoc: z.number().positive().default(1),
  wRem: z.number().positive().default(3),
});

const SOURCE = 'Fischer, Su, Yin: Assigning Tasks for Efficiency in Hadoop (SPAA 2010)';

/** The placement with its options from `schedulerOptions.flow` (the scheduler and the placement share them). */
function flowPlacementFor(scenario: Scenario): FlowPlacement {
  const options = parseSchedulerOptions(scenario, 'flow', optionsSchema, {
    wLoc: 'the planned cost of a node-local map, a number > 0 (default 1)',
    wRem: 'the planned cost of a map away from its data, a number ≥ wLoc (default 3)',
  });
  if (options.wRem < options.wLoc) {
    throw new InputError('schedulerOptions', [{ path: 'schedulerOptions.flow.wRem', expected: `a number ≥ wLoc (${options.wLoc})`, found: String(options.wRem) }]);
  }
  return new FlowPlacement(scenario.cluster.nodes.length, options.wLoc, { kind: 'constant', value: options.wRem });
}

export const flowPlacement: MapPlacementFactory = {
  kind: 'map-placement',
  name: 'flow',
  summary: 'Maps planned per arriving batch by the flow-based assignment and queued per node; an idle node steals the most local map.',
  source: SOURCE,
  create: flowPlacementFor,
};

export const flowScheduler: SchedulerFactory = {
  name: 'flow',
  summary: 'Map placement planned per arriving batch by the flow-based algorithm (most maps local, loads balanced), queued per node.',
  source: SOURCE,
  placements: { map: 'flow', reduce: 'hadoop' },
  create: (scenario, context) => composePolicy(context, new QueueOrder(1), flowPlacementFor(scenario)),
};
