/**
 * `npm run bench:process`: what running a scheduler as a process costs
 * (docs/decision-protocol.md). The default scenario under the built-in fifo
 * and under the Python package's fifo example (`--scheduler-process`, with
 * Debian's python3 and the clone's python/), in turn, in this one process
 * (one untimed run of each to warm up, then seven rounds); the wall time of each run, the messages it took, and the
 * ratio Python ÷ built-in within each round with its median (target: at most
 * 10×). The Python run's tasks.csv is checked against the built-in's, byte
 * for byte. The process is started (and greeted) before the timing: the runs
 * only are timed.
 */
import { fileURLToPath } from 'node:url';
import { loadScenario } from '../src/input/index.js';
import { runScenario } from '../src/experiment/run-scenario.js';
import { tasksCsv } from '../src/report/run-files.js';
import { builtinSchedulers } from '../src/sched/index.js';
import { ProcessChannel } from '../src/plugins/process/process-channel.js';
import { registryWithProcesses } from '../src/plugins/process/scheduler-processes.js';
import { benchStart, conditionsLine } from './conditions.js';
import { median } from './timing.js';

const PACKAGE = fileURLToPath(new URL('../../python', import.meta.url));
const SCENARIO = fileURLToPath(new URL('../../examples/default.yaml', import.meta.url));
const COMMAND = `PYTHONPATH="${PACKAGE}" /usr/bin/python3 -m mrsched_policy.examples.fifo --name fifo-py`;
const ROUNDS = 7;
const TARGET = 10;

// Every message mrsched sends is one exchange with the process: counted here.
let exchanges = 0;
const ask = ProcessChannel.prototype.ask;
ProcessChannel.prototype.ask = function (this: ProcessChannel, line: string): string {
  exchanges++;
  return ask.call(this, line);
};

/** The commit and the load average as the benchmark starts. */
const start = benchStart();
const scenario = loadScenario(SCENARIO);
const { registry } = registryWithProcesses(builtinSchedulers(), [COMMAND]);

const timed = (scheduler: string) => {
  exchanges = 0;
  const began = performance.now();
  const { run } = runScenario(scenario, scheduler, { registry });
  return { seconds: (performance.now() - began) / 1000, exchanges, tasks: tasksCsv(run).replace(/^fifo-py,/gm, 'fifo,'), attempts: run.attempts.count };
};

const lines: string[] = [];
lines.push('| round | built-in fifo | Python fifo | messages | Python ÷ built-in | same tasks.csv |', '|---|---|---|---|---|---|');
timed('fifo');
timed('fifo-py');
const ratios: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  process.stderr.write(`round ${round} of ${ROUNDS}…\n`);
  const builtin = timed('fifo');
  const python = timed('fifo-py');
  ratios.push(python.seconds / builtin.seconds);
  const same = python.tasks === builtin.tasks ? 'yes' : 'NO';
  lines.push(`| ${round} | ${builtin.seconds.toFixed(2)} s | ${python.seconds.toFixed(2)} s | ${python.exchanges.toLocaleString('en')} for ${python.attempts.toLocaleString('en')} attempts | ${ratios.at(-1)!.toFixed(2)}× | ${same} |`);
}
const middle = median(ratios);
lines.push('', `Median Python ÷ built-in: ${middle.toFixed(2)}× (target ≤ ${TARGET}×: ${middle <= TARGET ? 'met' : 'not met'}).`);
console.log([conditionsLine(start), '', ...lines].join('\n'));
process.exit(0);
