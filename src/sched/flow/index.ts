import { z } from 'zod';
import { composePolicy } from '../composed-policy.js';
import { QueueOrder } from '../queue-order.js';
import { refuseOption } from '../scheduler-options.js';
import type { MapPlacementFactory, SchedulerFactory } from '../types.js';
import { FlowPlacement } from './flow.js';

export { FlowPlacement } from './flow.js';

/** `schedulerOptions.flow`: the scheduler and the placement share them. */
const flowOptions = z
  .strictObject({
    wLoc: z.number().positive().default(1),
    wRem: z.number().positive().default(3),
  })
  .superRefine((o, context) => {
    if (o.wRem < o.wLoc) refuseOption(context, 'wRem', `a number ≥ wLoc (${o.wLoc})`, String(o.wRem));
  });

type FlowOptions = z.output<typeof flowOptions>;

const FLOW_OPTION_DESCRIPTIONS = {
  wLoc: 'the planned cost of a node-local map, a number > 0 (default 1)',
  wRem: 'the planned cost of a map away from its data, a number ≥ wLoc (default 3)',
};

const SOURCE = 'Fischer, Su, Yin: Assigning Tasks for Efficiency in Hadoop (SPAA 2010)';

export const flowPlacement: MapPlacementFactory<FlowOptions> = {
  kind: 'map-placement',
  name: 'flow',
  summary: 'Maps planned per arriving batch by the flow-based assignment and queued per node; an idle node steals the most local map.',
  source: SOURCE,
  options: flowOptions,
  optionDescriptions: FLOW_OPTION_DESCRIPTIONS,
  create: ({ cluster, options }) => new FlowPlacement(cluster.nodes.length, options.wLoc, { kind: 'constant', value: options.wRem }),
};

export const flowScheduler: SchedulerFactory<FlowOptions> = {
  name: 'flow',
  summary: 'Map placement planned per arriving batch by the flow-based algorithm (most maps local, loads balanced), queued per node.',
  source: SOURCE,
  options: flowOptions,
  optionDescriptions: FLOW_OPTION_DESCRIPTIONS,
  placements: { map: 'flow', reduce: 'hadoop' },
  create: (setup) => composePolicy(setup, new QueueOrder(1)),
};
