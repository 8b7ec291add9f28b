/**
 * The `adaptive` scheduler: Rasooli and Down's adaptive scheduling algorithm
 * for heterogeneous Hadoop systems (CASCON 2011) as a job order
 * (`adaptive-order.ts`) with delay scheduling for maps (the paper's task
 * scheduler picks a node-local task first, after the AMPLab's delay
 * scheduling) and Hadoop's reduce placement; both placements may be swapped.
 *
 * The paper's locality trick, replicating the input of a resource's
 * suggested classes onto it, is the option `replication`
 * (`suggested-replicas.ts`): block copies through the network model, their
 * bytes counted as the run's replication traffic. It is off by default: on
 * the paper's own benchmarks it made adaptive slower (docs/algorithms/adaptive.md,
 * "The locality trick").
 */
import { composePolicy } from '../composed-policy.js';
import type { Policy, SchedulerFactory, SchedulerSetup } from '../types.js';
import { AdaptiveOrder } from './adaptive-order.js';
import { JobTypeTable } from './job-types.js';
import { LearnedRates } from './learned-rates.js';
import { nodeKinds } from './node-kinds.js';
import { OracleRates } from './oracle-rates.js';
import { SuggestedReplicas } from './suggested-replicas.js';
import { ADAPTIVE_OPTION_DESCRIPTIONS, adaptiveOptions, checkClassCount, type AdaptiveOptions } from './options.js';

export { AdaptiveOrder } from './adaptive-order.js';
export { adaptiveOptions, type AdaptiveOptions } from './options.js';

export const adaptiveScheduler: SchedulerFactory<AdaptiveOptions> = {
  name: 'adaptive',
  needsLinearSolver: true,
  options: adaptiveOptions,
  optionDescriptions: ADAPTIVE_OPTION_DESCRIPTIONS,
  placements: { map: 'delay', reduce: 'hadoop' },
  summary: 'Job types classed by rates learned online; an LP suggests classes per resource; slots go by min share, then fairness (Rasooli–Down).',
  source: 'Rasooli, Down: "An Adaptive Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON 2011',
  create: adaptivePolicy,
};

function adaptivePolicy(setup: SchedulerSetup<AdaptiveOptions>): Policy {
  const { options, solver } = setup;
  if (solver === null) throw new Error("'adaptive' solves linear programs during the run: it needs a solver");
  checkClassCount(options, setup.users);
  const table = new JobTypeTable(setup.users);
  const kinds = nodeKinds(setup.cluster.nodes);
  const rates = options.estimates === 'oracle' ? new OracleRates(setup.oracle.workload(), table, kinds) : new LearnedRates(table, kinds, options.arrivalWindow);
  const order = new AdaptiveOrder({
    table,
    kinds,
    rates,
    // Each plan's k-means draws the same seeds, from a fresh generator of its stream.
    method:
      options.classification === 'exact'
        ? { kind: 'exact' }
        : { kind: 'kmeans', random: () => setup.random('adaptive/k-means'), ...(options.classes === undefined ? {} : { classes: options.classes }) },
    tolerance: options.tolerance,
    reviewInterval: options.reviewInterval,
    solver,
    replicas: options.replication ? new SuggestedReplicas(kinds) : null,
  });
  return composePolicy(setup, order);
}
