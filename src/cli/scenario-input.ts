/**
 * The scenario a command runs: a file, or the built-in default; read once
 * (with the trace it names, imported once), resolved per seed. What the
 * trace's import skipped is said on stderr: nothing is dropped silently.
 */
import { DEFAULT_SCENARIO_PATH } from '../model/load-scenario.js';
import { readScenarioWithTrace, type ScenarioWithTrace } from '../workloads/scenario-with-trace.js';

export async function readScenarioInput(path: string | undefined): Promise<ScenarioWithTrace> {
  const input = await readScenarioWithTrace(path ?? DEFAULT_SCENARIO_PATH);
  const skipped = input.trace?.skipped ?? [];
  if (skipped.length > 0) {
    process.stderr.write(`the trace of ${input.path}: skipped ${skipped.length} malformed record(s):\n`);
    for (const record of skipped.slice(0, 20)) process.stderr.write(`  ${record.where}: ${record.reason}\n`);
    if (skipped.length > 20) process.stderr.write(`  … and ${skipped.length - 20} more\n`);
  }
  return input;
}
