/**
 * One benchmark measurement, in its own process so that peak memory is this
 * run's alone: resolve a scenario, simulate it under the scheduler named on
 * the command line (prepared as it asks; with the network model named after
 * it, if one is: the scenario's otherwise; with HiGHS, its solves counted and
 * timed, for a scheduler that solves LPs), then time the engine's bare event
 * queue on the same number of events (the in-run baseline). For a DMRS
 * scheduler it also counts and times its LP-MapReduce solves (HiGHS or not)
 * and counts the plans. Prints one JSON line.
 *
 * `node simulate-day.js SCENARIO SCHEDULER [max-min|isolated] [no-speculation|replayed-backups]`
 * (the last: with speculative execution off, for its cost; or with the
 * backups of a first, untimed run with it on launched again by
 * `ReplayedBackups`, for what the backups cost apart from the rule that
 * chose them: run with `--expose-gc`, so that the first run's garbage is
 * collected before the second is timed).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseScenarioText } from '../src/input/load-scenario.js';
import {
  builtinSchedulers,
  createDmrsPolicy,
  createPolicy,
  DMRS_SCHEDULERS,
  lpSolveOf,
  needsLinearSolver,
  parseSchedulerChoice,
  runName,
  schedulerProfile,
  type DmrsPolicy,
  type LpSolve,
} from '../src/sched/index.js';
import type { DmrsOptions } from '../src/sched/dmrs/options.js';
import { preparedScenario, runSetup } from '../src/experiment/run-policy.js';
import { loadLinearSolver } from '../src/solvers/linear-program.js';
import { simulate } from '../src/sim/simulate.js';
import type { SimulateOptions } from '../src/sim/runtime.js';
import { ReplayedBackups } from '../src/sim/replayed-backups.js';
import { EventQueue } from '../src/sim/engine/event-queue.js';
import { Random } from '../src/util/random.js';
import { taskCounts } from '../src/model/workload.js';
import { NO_HISTORY } from '../src/model/execution-history.js';
import { NETWORK_SHARING, NO_SPECULATION, type NetworkSharing } from '../src/model/scenario.js';
import type { Measurement } from './measurement.js';
import { timedSolver } from './timed-solver.js';

const [scenarioPath, schedulerName, network, speculation] = process.argv.slice(2);
const text = readFileSync(scenarioPath, 'utf8');

const resolveStart = performance.now();
const parsed = parseScenarioText(text, scenarioPath);
if (network !== undefined && !(NETWORK_SHARING as readonly string[]).includes(network)) throw new Error(`unknown network model '${network}'`);
if (speculation !== undefined && speculation !== 'no-speculation' && speculation !== 'replayed-backups')
  throw new Error(`unknown option '${speculation}' (no-speculation turns speculative execution off; replayed-backups replays a first run's backups)`);
const resolved = {
  ...parsed,
  settings: {
    ...parsed.settings,
    ...(network === undefined ? {} : { network: network as NetworkSharing }),
    ...(speculation === 'no-speculation' ? { speculation: NO_SPECULATION } : {}),
  },
};
const resolveSeconds = (performance.now() - resolveStart) / 1000;
const { maps, reduces } = taskCounts(resolved.jobs);

const registry = builtinSchedulers();
const profile = schedulerProfile(registry, parseSchedulerChoice(registry, schedulerName), resolved.schedulerOptions);
const scenario = preparedScenario(registry, profile, resolved);
const solver = needsLinearSolver(registry, profile) ? timedSolver(await loadLinearSolver()) : null;
// A DMRS scheduler is built here with its LP-MapReduce solve timed (the default greedy calls no HiGHS).
const lpMapReduce = { solves: 0, seconds: 0 };
const isDmrs = DMRS_SCHEDULERS.some((factory) => factory.name === profile.jobOrder);
const timed = (solve: LpSolve): LpSolve => (instance, warmStart) => {
  const start = performance.now();
  const solution = solve(instance, warmStart);
  lpMapReduce.seconds += (performance.now() - start) / 1000;
  lpMapReduce.solves++;
  return solution;
};
// Built when the run hands over its services: the simulation's time includes the policy's creation.
let dmrsPolicy: DmrsPolicy | undefined;
const simulateOnce = (options: SimulateOptions = {}) =>
  simulate(
    scenario,
    (services) => {
      const setup = runSetup(scenario, services, solver, null, NO_HISTORY);
      if (!isDmrs) return createPolicy(registry, profile, setup);
      const options = profile.options[profile.jobOrder] as DmrsOptions;
      const name = runName(registry, profile);
      return (dmrsPolicy = createDmrsPolicy(profile.jobOrder, { ...setup, options, name, mapPlacement: null, reducePlacement: null }, timed(lpSolveOf(options, solver))));
    },
    options,
  );
let replay: ReplayedBackups | undefined;
if (speculation === 'replayed-backups') {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('replayed-backups needs node --expose-gc: the first run is collected before the second is timed');
  replay = new ReplayedBackups(simulateOnce().attempts);
  collect();
}
const simStart = performance.now();
const cpuStart = process.cpuUsage();
const run = simulateOnce(replay === undefined ? {} : { backupRules: replay.rules });
const simSeconds = (performance.now() - simStart) / 1000;
const cpu = process.cpuUsage(cpuStart);
const simCpuSeconds = (cpu.user + cpu.system) / 1e6;

// Baseline: push and pop as many events as the run handled, at random times, through the same heap,
// keeping about as many queued as a busy cluster does (one per slot).
const baselineStart = performance.now();
const queue = new EventQueue();
const random = new Random(1);
const live = scenario.cluster.nodes.reduce((n, node) => n + node.totalSlots, 0);
let now = 0;
for (let i = 0; i < live; i++) queue.push(random.next() * 100, 0, i);
for (let i = 0; i < run.events; i++) {
  now = queue.peekTime();
  const arg = queue.peekArg();
  queue.pop();
  queue.push(now + random.next() * 100, 0, arg);
}
const baselineSeconds = (performance.now() - baselineStart) / 1000;

const measurement: Measurement = {
  scheduler: schedulerName,
  network: scenario.settings.network,
  nodes: scenario.cluster.nodes.length,
  jobs: scenario.jobs.length,
  maps,
  reduces,
  attempts: run.attempts.count,
  events: run.events,
  simulatedSeconds: run.endTime,
  unfinishedJobs: run.jobs.filter((job) => job.status !== 'succeeded').length,
  resolveSeconds,
  simSeconds,
  simCpuSeconds,
  lpSolves: solver?.solves ?? 0,
  lpSeconds: solver?.seconds ?? 0,
  baselineSeconds,
  peakRssBytes: process.resourceUsage().maxRSS * 1024,
  ...(isDmrs ? { lpMapReduce, dmrs: dmrsPolicy!.statistics } : {}),
  ...(replay === undefined ? {} : { replayedBackups: { recorded: replay.recorded, launched: replay.launched } }),
};
process.stdout.write(JSON.stringify(measurement) + '\n');
