/**
 * What `mrsched simulate --out` costs after the simulation, step by step, in
 * a process of its own: the run's metrics with their series over time
 * (`measureRun`), tasks.csv made and encoded as the command writes it (not
 * written to disk), and the report page; the process's peak RSS after the
 * run and after each step. Prints the conditions and one JSON line.
 *
 * `node dist-bench/bench/after-simulation.js SCENARIO [SCHEDULER]` (fifo by
 * default), e.g. on the FB-2010-shaped day at 1/4 with the isolated network.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { comparisonOfRun } from '../src/experiment/compare.js';
import { preparedScenario, runPolicy } from '../src/experiment/run-policy.js';
import { parseScenarioText } from '../src/input/load-scenario.js';
import { measureRun } from '../src/metrics/index.js';
import { renderHtmlReport } from '../src/report/html-report.js';
import { tasksCsvChunks } from '../src/report/run-files.js';
import { builtinSchedulers, parseSchedulerChoice, schedulerProfile } from '../src/sched/index.js';
import { simulate } from '../src/sim/simulate.js';
import { benchStart, conditionsLine } from './conditions.js';

const start = benchStart();
const [scenarioPath, schedulerName = 'fifo'] = process.argv.slice(2);
if (scenarioPath === undefined) throw new Error('usage: after-simulation.js SCENARIO [SCHEDULER]');
const scenario = parseScenarioText(readFileSync(scenarioPath, 'utf8'), scenarioPath);
const registry = builtinSchedulers();
const profile = schedulerProfile(registry, parseSchedulerChoice(registry, schedulerName), scenario.schedulerOptions);
const prepared = preparedScenario(registry, profile, scenario);

const seconds: Record<string, number> = {};
const peakMiB: Record<string, number> = {};
/** Runs `step`, noting its wall time and the peak RSS so far under `name`. */
function timed<T>(name: string, step: () => T): T {
  const from = performance.now();
  const result = step();
  seconds[name] = Math.round(performance.now() - from) / 1000;
  peakMiB[name] = Math.round(process.resourceUsage().maxRSS / 1024);
  return result;
}

const run = timed('simulation', () => simulate(prepared, runPolicy(registry, profile, prepared, null, null)));
const measured = timed('metrics', () => measureRun(run));
const csvBytes = timed('tasks.csv', () => {
  let bytes = 0;
  for (const chunk of tasksCsvChunks(run)) bytes += Buffer.from(chunk).length;
  return bytes;
});
const pageLength = timed('report', () => Object.values(renderHtmlReport(comparisonOfRun({ run, ...measured }))).reduce((sum, text) => sum + text.length, 0));
const after = seconds['metrics'] + seconds['tasks.csv'] + seconds['report'];
process.stdout.write(`${conditionsLine(start)}\n`);
process.stdout.write(JSON.stringify({ scheduler: schedulerName, attempts: run.attempts.count, seconds, afterSimulation: Math.round(after * 1000) / 1000, peakMiB, csvBytes, pageLength }) + '\n');
