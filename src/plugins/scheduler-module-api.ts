/**
 * What mrsched hands a scheduler module (`--scheduler-module`): the parts a
 * scheduler is assembled from and `composePolicy`, the built-in placements
 * and job-order helpers to reuse, task-duration estimates, the locality
 * levels, the errors to throw, and zod with the scenario's duration and size
 * schemas for the module's option schemas (`NO_OPTIONS` for none,
 * `refuseOption` for an option that cannot go with the others). It is the module's whole view of
 * mrsched: a module written against it works with whichever mrsched loads
 * it, and does not reach into the rest of the package.
 *
 * The types of the extension points (`SchedulerFactory`, `JobOrder`, …) are
 * the package's, for a module that checks its types
 * (`examples/schedulers/lifo.js` does, by JSDoc).
 */
import { z } from 'zod';
import { InputError } from '../util/input-error.js';
import { durationSchema, sizeSchema } from '../input/quantity-schemas.js';
import {
  ComposedPolicy,
  composePolicy,
  DelayPlacement,
  ESTIMATES_EXPECTED,
  estimatesOption,
  FetchCostPlacement,
  fifoOrder,
  FlowPlacement,
  HadoopReducePlacement,
  JobQueue,
  LocalityPlacement,
  NO_OPTIONS,
  NODE_LOCAL,
  OFF_RACK,
  PolicyError,
  QueueOrder,
  RACK_LOCAL,
  refuseOption,
  taskEstimates,
} from '../sched/index.js';

export const SCHEDULER_MODULE_API = Object.freeze({
  composePolicy,
  ComposedPolicy,
  QueueOrder,
  JobQueue,
  fifoOrder,
  LocalityPlacement,
  DelayPlacement,
  FlowPlacement,
  HadoopReducePlacement,
  FetchCostPlacement,
  taskEstimates,
  estimatesOption,
  ESTIMATES_EXPECTED,
  NODE_LOCAL,
  RACK_LOCAL,
  OFF_RACK,
  InputError,
  PolicyError,
  z,
  durationSchema,
  sizeSchema,
  NO_OPTIONS,
  refuseOption,
});

/** The value a scheduler module's default export is called with. */
export type SchedulerModuleApi = typeof SCHEDULER_MODULE_API;

