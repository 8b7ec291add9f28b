import { z } from 'zod';
import { InputError } from '../../model/input-error.js';
import type { SchedulerFactory } from '../types.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { FlowPolicy } from './flow.js';

const optionsSchema = z.strictObject({
  wLoc: z.number().positive().default(1),
  wRem: z.number().positive().default(3),
});

export const flowScheduler: SchedulerFactory = {
  name: 'flow',
  summary: 'Map placement planned per arriving batch by the flow-based algorithm (most maps local, loads balanced), queued per node.',
  source: 'Fischer, Su, Yin: Assigning Tasks for Efficiency in Hadoop (SPAA 2010)',
  create(scenario) {
    const options = parseSchedulerOptions(scenario, 'flow', optionsSchema, {
      wLoc: 'the planned cost of a node-local map, a number > 0 (default 1)',
      wRem: 'the planned cost of a map away from its data, a number ≥ wLoc (default 3)',
    });
    if (options.wRem < options.wLoc) {
      throw new InputError('schedulerOptions', [{ path: 'schedulerOptions.flow.wRem', expected: `a number ≥ wLoc (${options.wLoc})`, found: String(options.wRem) }]);
    }
    return new FlowPolicy(scenario.cluster.nodes.length, options.wLoc, { kind: 'constant', value: options.wRem });
  },
};
