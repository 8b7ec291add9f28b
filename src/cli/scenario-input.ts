/** The scenario a command runs: a file, or the built-in default; read once, resolved per seed. */
import { readFileSync } from 'node:fs';
import { InputError } from '../model/input-error.js';
import type { Scenario } from '../model/scenario.js';
import { DEFAULT_SCENARIO_PATH, parseScenarioText } from '../model/load-scenario.js';

export interface ScenarioInput {
  /** The file's path as the user gave it (or the default's). */
  readonly path: string;
  /** Resolve with the file's own seed, or with another. */
  resolve(seed?: number): Scenario;
}

export function readScenarioInput(path: string | undefined): ScenarioInput {
  const file = path ?? DEFAULT_SCENARIO_PATH;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String((error as Error).message);
    throw new InputError(file, [{ path: '', expected: 'a readable scenario file (YAML or JSON)', found: reason }]);
  }
  return {
    path: file,
    resolve: (seed?: number) => parseScenarioText(text, file, seed === undefined ? {} : { seed }),
  };
}
