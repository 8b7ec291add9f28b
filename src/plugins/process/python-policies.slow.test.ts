/**
 * The Python package (python/, mrsched_policy) against mrsched: its unit
 * tests; its fifo example writes the built-in fifo's tasks.csv byte for
 * byte on the default scenario; both examples pass the conformance check.
 * `load` reads a comparison's runs into typed DataFrames. Run from the
 * clone's python/ folder (no install needed), with Debian's python3 (and
 * python3-pandas for `load`); skipped, saying why, where it is missing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSchedulerConformance } from '../../experiment/conformance.js';
import { runScenario } from '../../experiment/run-scenario.js';
import { DEFAULT_SCENARIO_PATH, loadScenario } from '../../input/index.js';
import { runFiles, runFolder, tasksCsv } from '../../report/run-files.js';
import { TINY_SCENARIO } from '../../sweep/test-support/sweep-files.js';
import { builtinSchedulers } from '../../sched/index.js';
import { processScheduler, registryWithProcesses } from './scheduler-processes.js';

const PACKAGE = fileURLToPath(new URL('../../../python', import.meta.url));
// Debian's interpreter, whose packages (python3-pandas) the package's results loader uses; the first python3 on the PATH may be another.
const PYTHON = '/usr/bin/python3';
const probe = spawnSync(PYTHON, ['--version'], { encoding: 'utf8' });
const missing = probe.error !== undefined ? `${PYTHON} cannot run (${probe.error.message})` : null;
if (missing !== null) process.stdout.write(`Python policy tests skipped: ${missing}\n`);
const noPandas = missing ?? (spawnSync(PYTHON, ['-c', 'import pandas']).status === 0 ? null : `${PYTHON} has no pandas (apt-get install python3-pandas)`);
if (noPandas !== null && missing === null) process.stdout.write(`Python results test skipped: ${noPandas}\n`);

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

describe.skipIf(noPandas !== null)("the Python package's load", () => {
  it("reads a comparison's runs into one typed frame per table, with scheduler and seed columns", () => {
    const dir = mkdtempSync(join(tmpdir(), 'mrsched-load-'));
    const runs = ['fifo', 'fair'].flatMap((scheduler) => [1, 2].map((seed) => runScenario(loadScenario(TINY_SCENARIO, { seed }), scheduler)));
    for (const { run, metrics } of runs) {
      for (const [name, text] of Object.entries(runFiles(run, metrics, undefined, runFolder(run)))) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), typeof text === 'string' ? text : [...text].join(''));
      }
    }
    const script = [
      'import json, sys',
      'from mrsched_policy import load',
      'r = load(sys.argv[1])',
      'print(json.dumps({',
      '  "rows": {name: len(getattr(r, name)) for name in ("tasks", "jobs", "nodes", "summary")},',
      '  "runs": sorted(f"{s}-{n}" for s, n in zip(r.summary.scheduler, r.summary.seed)),',
      '  "types": {c: str(r.tasks[c].dtype) for c in ("seed", "kind", "start", "attempt", "locality")},',
      '  "makespans": [float(m) for m in r.summary.sort_values(["scheduler", "seed"]).makespan],',
      '}))',
    ].join('\n');
    const result = spawnSync(PYTHON, ['-c', script, dir], { cwd: PACKAGE, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const loaded = JSON.parse(result.stdout) as { rows: Record<string, number>; runs: string[]; types: Record<string, string>; makespans: number[] };
    const attempts = runs.reduce((sum, { run }) => sum + run.attempts.count, 0);
    expect(loaded.rows).toEqual({ tasks: attempts, jobs: 4 * 3, nodes: 4 * 3, summary: 4 });
    expect(loaded.runs).toEqual(['fair-1', 'fair-2', 'fifo-1', 'fifo-2']);
    expect(loaded.types).toEqual({ seed: 'int64', kind: 'category', start: 'float64', attempt: 'int64', locality: 'category' });
    expect(loaded.makespans).toEqual([runs[2], runs[3], runs[0], runs[1]].map(({ metrics }) => metrics.makespan));
  });
});
