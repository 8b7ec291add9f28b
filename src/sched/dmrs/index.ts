/**
 * The DMRS schedulers of "On the Optimality of Scheduling Dependent
 * MapReduce Tasks on Heterogeneous Machines" (Aggarwal, Xu, Lan,
 * Subramaniam), online in the simulator (dmrs-policy.ts says how):
 *
 * - `dmrs`: the paper's algorithm;
 * - `dmrs-identical`: its identical-machine baseline, the same scheduler
 *   believing every slot runs at the cluster's mean speed (the LP, the order,
 *   the placements and the estimated ends all at that speed);
 * - `dmrs-map-only`: its map-only baseline, the LP and the order over the
 *   maps alone, the maps placed by Algorithm 1 and the reduces dealt
 *   round-robin over the reduce-running slots whatever their speed.
 *
 * They are whole policies, not a job order with placements: Algorithm 1
 * places maps and reduces by one list over the same machines (a container
 * runs either), each reduce timed by its job's planned maps, so a map or a
 * reduce placement swapped in would leave the plan's machines and times
 * wrong for the other. Users cannot swap their placements.
 */
import type { Scenario } from '../../model/scenario.js';
import { mapPhaseInstance, solveLpMapReduce, type DmrsInstance } from '../../planners/dmrs/index.js';
import type { LinearSolver } from '../../solvers/linear-program.js';
import { taskEstimates } from '../estimates/index.js';
import type { NodeView, SchedulerFactory, SchedulerSetup } from '../types.js';
import { DmrsPolicy, type DmrsVariant, type LpSolve } from './dmrs-policy.js';
import { DMRS_OPTION_DESCRIPTIONS, dmrsOptions, replanInterval, type DmrsOptions } from './options.js';

export { DmrsPolicy, type DmrsStatistics, type DmrsVariant, type LpSolve } from './dmrs-policy.js';
export { dmrsOptions, DMRS_LP_METHODS, type DmrsOptions } from './options.js';

const SOURCE = 'Aggarwal, Xu, Lan, Subramaniam: On the Optimality of Scheduling Dependent MapReduce Tasks on Heterogeneous Machines (arXiv:1711.09964)';

const ownSpeeds = (nodes: readonly NodeView[]) => Float64Array.from(nodes, (node) => node.spec.speed);
const sameInstance = (instance: DmrsInstance) => instance;

const VARIANTS: Readonly<Record<string, DmrsVariant>> = {
  dmrs: { believedSpeeds: ownSpeeds, lpInstance: sameInstance, reduces: 'earliest-finish' },
  'dmrs-identical': {
    // Every node at the mean speed of the live slots, as the offline baseline's machines (identicalMachineInstance).
    believedSpeeds: (nodes) => {
      let slots = 0;
      let speed = 0;
      for (const node of nodes) {
        if (!node.alive) continue;
        slots += node.spec.totalSlots;
        speed += node.spec.totalSlots * node.spec.speed;
      }
      return new Float64Array(nodes.length).fill(slots > 0 ? speed / slots : 1);
    },
    lpInstance: sameInstance,
    reduces: 'earliest-finish',
  },
  'dmrs-map-only': { believedSpeeds: ownSpeeds, lpInstance: mapPhaseInstance, reduces: 'round-robin' },
};

/** LP-MapReduce as the options ask: the greedy, or cutting planes warm-started from the previous cuts. */
export function lpSolveOf(options: DmrsOptions, solver: LinearSolver | null): LpSolve {
  if (options.lp === 'greedy') return (instance) => solveLpMapReduce(solver!, instance, 'greedy');
  return (instance, warmStart) => solveLpMapReduce(solver!, instance, 'cuts', { warmStart, timeLimitSeconds: options.lpTimeLimit });
}

/** The policy of DMRS variant `variant` for one run; `solveLp` replaces the LP solve the options ask for (a benchmark timing it). */
export function createDmrsPolicy(variant: string, setup: SchedulerSetup<DmrsOptions>, solveLp?: LpSolve): DmrsPolicy {
  const { options, cluster, settings } = setup;
  const estimates = taskEstimates(options.estimates, setup);
  return new DmrsPolicy(setup.name, cluster.nodes.length, settings.heartbeatInterval, VARIANTS[variant], estimates, solveLp ?? lpSolveOf(options, setup.solver), replanInterval(options, settings));
}

/**
 * The scenario with slow-start 1: DMRS starts a job's reduces after its last
 * map, and the runtime then offers reduce slots only when some reduce may
 * start, instead of at every heartbeat of every node with a free reduce slot
 * while reduces wait that DMRS will not launch. The policy keeps the rule
 * itself whatever the setting (the conformance check runs it unprepared too).
 */
export function withReducesAfterMaps(scenario: Scenario): Scenario {
  return scenario.settings.slowStart === 1 ? scenario : { ...scenario, settings: { ...scenario.settings, slowStart: 1 } };
}

function factory(name: string, summary: string): SchedulerFactory<DmrsOptions> {
  return {
    name,
    summary,
    source: SOURCE,
    options: dmrsOptions,
    optionDescriptions: DMRS_OPTION_DESCRIPTIONS,
    needsLinearSolver: true,
    prepare: withReducesAfterMaps,
    create: (setup) => createDmrsPolicy(name, setup),
  };
}

export const dmrsScheduler = factory(
  'dmrs',
  'DMRS: jobs ordered by LP-MapReduce (re-solved at arrivals), tasks placed on the slot where each ends first, per-node queues, re-planned when execution departs from the plan.',
);
export const dmrsIdenticalScheduler = factory('dmrs-identical', "DMRS's identical-machine baseline: DMRS believing every slot runs at the mean speed.");
export const dmrsMapOnlyScheduler = factory('dmrs-map-only', "DMRS's map-only baseline: LP and order over the maps alone, reduces dealt round-robin whatever the slots' speeds.");

/** The three, for callers that build their policies themselves (a benchmark timing the LP). */
export const DMRS_SCHEDULERS: readonly SchedulerFactory<DmrsOptions>[] = [dmrsScheduler, dmrsIdenticalScheduler, dmrsMapOnlyScheduler];
