/**
 * Every scheduler and placement mrsched ships, and the example scheduler
 * module, pass the conformance check (`src/experiment/conformance.ts`, the
 * one a user's scheduler is held to as well); and the check does fail a
 * scheduler that breaks its rules.
 */
import { describe, expect, it } from 'vitest';
import { SCHEDULER_MODULE_API } from '../plugins/scheduler-module-api.js';
import registerExample from '../../examples/schedulers/lifo.js';
import { checkSchedulerConformance } from '../experiment/conformance.js';
import { conformanceScenario } from '../experiment/conformance-scenarios.js';
import { simulate } from '../sim/simulate.js';
import { createScheduler } from './create-scheduler.js';
import { loadLinearSolver } from '../solvers/linear-program.js';
import { builtinSchedulers } from './index.js';
import { SchedulerRegistry } from './registry.js';
import { NO_OPTIONS } from './scheduler-options.js';
import type { ClusterView, Decisions, Policy, SchedulerFactory } from './types.js';
import { Random } from '../util/random.js';
import { fifoScheduler } from './fifo/index.js';
import { adaptiveScheduler } from './adaptive/index.js';

const builtin = builtinSchedulers();
// HiGHS, loaded once, for the schedulers that solve LPs during a run (adaptive, the DMRS ones).
const solver = await loadLinearSolver();
const withExample = new SchedulerRegistry([...builtin.list(), ...builtin.placements(), ...registerExample(SCHEDULER_MODULE_API)]);

/** Failures as lines, so a failing test shows the scenario index and what went wrong. */
function failuresOf(report: ReturnType<typeof checkSchedulerConformance>): string[] {
  return report.failures.map((failure) => `#${failure.index}: ${failure.problems.join('; ')}`);
}

describe.each(builtin.names())('scheduler %s', (name) => {
  it('passes the conformance check on 150 random scenarios', () => {
    const report = checkSchedulerConformance(name, { scenarios: 150, solver });
    expect(failuresOf(report)).toEqual([]);
    expect(report.runs).toBeGreaterThanOrEqual(150);
  });
});

// Every placement in place of every scheduler's own (of a kind it lets users swap), on fewer scenarios each.
const swaps = builtin.list().flatMap((scheduler) =>
  builtin
    .placements()
    .filter((p) => {
      const own = scheduler.placements?.[p.kind === 'map-placement' ? 'map' : 'reduce'];
      return own !== undefined && p.name !== own;
    })
    .map((p) => `${scheduler.name}+${p.name}`),
);

describe.each(swaps)('%s', (name) => {
  it('passes the conformance check on 30 random scenarios', () => {
    expect(failuresOf(checkSchedulerConformance(name, { scenarios: 30, solver }))).toEqual([]);
  });
});

describe.each(['lifo', 'fifo+spread', 'lifo+delay+spread'])('the example module’s %s', (name) => {
  it('passes the conformance check', () => {
    expect(failuresOf(checkSchedulerConformance(name, { registry: withExample, scenarios: 60, solver }))).toEqual([]);
  });
});

/**
 * fifo, asking at every heartbeat and run event for copies of random maps'
 * blocks on random nodes, whatever the map's state or the node's (running,
 * done, without input, holding the block, down): block copies must keep
 * every rule of a run, under both network models and node failures.
 */
const copying: typeof fifoScheduler = {
  ...fifoScheduler,
  name: 'fifo-copying',
  create(setup): Policy {
    const fifo = fifoScheduler.create(setup);
    const random = new Random(11);
    const ask = (view: ClusterView, decisions: Decisions): void => {
      for (const job of view.activeJobs) {
        if (job.spec.mapCount > 0) decisions.replicate(job, random.int(0, job.spec.mapCount - 1), random.int(0, view.nodes.length - 1));
      }
    };
    return {
      name: 'fifo-copying',
      onHeartbeat(node, view, decisions) {
        ask(view, decisions);
        fifo.onHeartbeat(node, view, decisions);
      },
      onJobSubmitted(job, view, decisions) {
        ask(view, decisions);
        fifo.onJobSubmitted?.(job, view, decisions);
      },
      onTaskEnded(end, view, decisions) {
        ask(view, decisions);
        fifo.onTaskEnded?.(end, view, decisions);
      },
      onJobFinished(job, view, decisions) {
        if (job.spec.mapCount > 0) decisions.replicate(job, 0, 0); // its job has ended: ignored
        fifo.onJobFinished?.(job, view, decisions);
      },
      onNodeFailed(node, view, decisions) {
        ask(view, decisions);
        fifo.onNodeFailed?.(node, view, decisions);
      },
    };
  },
};

describe('a scheduler asking for block copies at random', () => {
  it('passes the conformance check on 150 random scenarios, where copies are made', () => {
    expect(failuresOf(checkSchedulerConformance(copying, { scenarios: 150 }))).toEqual([]);
    // The check's first scenarios (its seed, 1): copies are asked for, and some are made.
    const random = new Random(1);
    const moved = Array.from({ length: 10 }, (_, i) => {
      const scenario = conformanceScenario(random, `conformance #${i}`);
      return simulate(scenario, createScheduler(copying, scenario)).replicationBytes ?? 0;
    });
    expect(moved.filter((bytes) => bytes > 0).length).toBeGreaterThan(5);
  });

  it('adaptive with its locality trick on passes the conformance check', () => {
    const replicating: typeof adaptiveScheduler = {
      ...adaptiveScheduler,
      name: 'adaptive-replicating',
      create: (setup) => adaptiveScheduler.create({ ...setup, options: { ...setup.options, replication: true } }),
    };
    expect(failuresOf(checkSchedulerConformance(replicating, { scenarios: 150, solver }))).toEqual([]);
  });
});

describe('the conformance check', () => {
  const idle: SchedulerFactory = { name: 'idle', summary: '', source: '', options: NO_OPTIONS, optionDescriptions: {}, create: () => ({ name: 'idle', onHeartbeat: () => undefined }) };

  it('fails a scheduler that never launches anything, saying the run stalled', () => {
    const report = checkSchedulerConformance(idle, { scenarios: 5 });
    expect(report.failures.length).toBeGreaterThan(0);
    expect(report.failures[0].problems).toContain('the run stalled');
    expect(report.failures[0].problems.some((problem) => problem.startsWith('jobs never ended: '))).toBe(true);
  });

  it('fails a scheduler that launches a task it may not, with the runtime’s message', () => {
    const eager: SchedulerFactory = {
      name: 'eager',
      summary: '',
      source: '',
      options: NO_OPTIONS,
      optionDescriptions: {},
      create: () => ({
        name: 'eager',
        // Launches reduce 0 of the first job at once, slow-start or not, free slot or not.
        onHeartbeat: (_node, view, decisions) => view.activeJobs.forEach((job) => job.spec.reduceCount > 0 && decisions.launchReduce(job, 0)),
      }),
    };
    const report = checkSchedulerConformance(eager, { scenarios: 20 });
    expect(report.failures.some((f) => f.problems.some((p) => p.startsWith("threw: scheduler 'eager' made an invalid decision")))).toBe(true);
  });

  it('draws the same scenarios for the same seed', () => {
    const first = checkSchedulerConformance(idle, { scenarios: 3, seed: 7 });
    const second = checkSchedulerConformance(idle, { scenarios: 3, seed: 7 });
    expect(second.failures.map((f) => f.scenario)).toEqual(first.failures.map((f) => f.scenario));
  });
});
