/** The scenario a command runs: a file, or the built-in default; read once, resolved per seed. */
import type { Scenario } from '../model/scenario.js';
import { DEFAULT_SCENARIO_PATH, parseScenarioText, readScenarioFile } from '../model/load-scenario.js';

export interface ScenarioInput {
  /** The file's path as the user gave it (or the default's). */
  readonly path: string;
  /** Resolve with the file's own seed, or with another. */
  resolve(seed?: number): Scenario;
}

export function readScenarioInput(path: string | undefined): ScenarioInput {
  const file = path ?? DEFAULT_SCENARIO_PATH;
  const text = readScenarioFile(file);
  return {
    path: file,
    resolve: (seed?: number) => parseScenarioText(text, file, seed === undefined ? {} : { seed }),
  };
}
