/**
 * The Python package (python/, mrsched_policy) against mrsched: its unit
 * tests; its fifo example writes the built-in fifo's tasks.csv byte for
 * byte on the default scenario; both examples pass the conformance check.
 * Run from the clone's python/ folder (no install needed), with Debian's
 * python3; skipped, saying why, where it is missing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSchedulerConformance } from '../../experiment/conformance.js';
import { runScenario } from '../../experiment/run-scenario.js';
import { DEFAULT_SCENARIO_PATH, loadScenario } from '../../input/index.js';
import { tasksCsv } from '../../report/run-files.js';
import { builtinSchedulers } from '../../sched/index.js';
import { processScheduler, registryWithProcesses } from './scheduler-processes.js';

const PACKAGE = fileURLToPath(new URL('../../../python', import.meta.url));
// Debian's interpreter, whose packages (python3-pandas) the package's results loader uses; the first python3 on the PATH may be another.
const PYTHON = '/usr/bin/python3';
const probe = spawnSync(PYTHON, ['--version'], { encoding: 'utf8' });
const missing = probe.error !== undefined ? `${PYTHON} cannot run (${probe.error.message})` : null;
if (missing !== null) process.stdout.write(`Python policy tests skipped: ${missing}\n`);

const example = (module: string, name?: string) => `PYTHONPATH="${PACKAGE}" ${PYTHON} -m mrsched_policy.examples.${module}${name === undefined ? '' : ` --name ${name}`}`;

describe.skipIf(missing !== null)('the Python package', () => {
  it('passes its own unit tests', () => {
    const result = spawnSync(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests'], { cwd: PACKAGE, encoding: 'utf8' });
    expect(result.stderr).toMatch(/\nOK/);
    expect(result.status).toBe(0);
  });

  it("runs the fifo example to the built-in fifo's tasks.csv, byte for byte, on the default scenario", () => {
    const scenario = loadScenario(DEFAULT_SCENARIO_PATH);
    const { registry, names } = registryWithProcesses(builtinSchedulers(), [example('fifo')]);
    expect(names).toEqual(['fifo']);
    const python = runScenario(scenario, 'fifo', { registry }).run;
    const builtin = runScenario(scenario, 'fifo').run;
    expect(tasksCsv(python) === tasksCsv(builtin)).toBe(true);
  });

  it.each([
    ['fifo', 'fifo-py'],
    ['fair_delay', undefined],
  ])('passes the conformance check with its %s example', (module, name) => {
    const report = checkSchedulerConformance(processScheduler(example(module, name)), { scenarios: 40 });
    expect(report.failures.map((failure) => `#${failure.index}: ${failure.problems.join('; ')}`)).toEqual([]);
  });
});
