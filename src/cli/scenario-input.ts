/**
 * The scenario a command runs: a file, or the built-in default; read once
 * (with the trace it names, imported once), resolved per seed. What the
 * trace's import skipped is said on stderr: nothing is dropped silently.
 */
import { DEFAULT_SCENARIO_PATH } from '../input/load-scenario.js';
import { readScenarioWithTrace, type ScenarioWithTrace } from '../workloads/scenario-with-trace.js';
import { reportSkipped } from './skipped-records.js';

export async function readScenarioInput(path: string | undefined): Promise<ScenarioWithTrace> {
  const input = await readScenarioWithTrace(path ?? DEFAULT_SCENARIO_PATH);
  reportSkipped(input.trace?.skipped ?? [], `the trace of ${input.path}: `);
  return input;
}
