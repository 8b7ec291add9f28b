/**
 * Scenario files for the resolution tests: a small valid one that each test
 * adds to, and the problems resolving a file reports.
 */
import { inputErrorOf } from './input-error.js';
import type { InputProblem } from '../util/input-error.js';
import { resolveScenario } from '../input/resolve-scenario.js';
import type { ScenarioFile } from '../input/scenario-file.js';

export const MiB = 2 ** 20;

/** A valid scenario with a small generated cluster and one job; tests add to it. */
export function base(extra: Partial<ScenarioFile> = {}): ScenarioFile {
  return {
    cluster: { generate: { racks: 2, nodesPerRack: 4 } },
    jobs: [{ id: 'j', maps: 2, mapTime: 10 }],
    ...extra,
  };
}

export function problems(file: ScenarioFile): readonly InputProblem[] {
  return inputErrorOf(() => resolveScenario(file, 'code')).problems;
}

export function paths(file: ScenarioFile): string[] {
  return problems(file).map((p) => p.path);
}
