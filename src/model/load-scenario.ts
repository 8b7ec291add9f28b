/**
 * Reading scenario files: YAML or JSON text to a resolved Scenario, with
 * every problem located at its line and column in the file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unreadableFile } from './unreadable-file.js';
import { parseLocatedText } from './located-text.js';
import type { Scenario } from './scenario.js';
import { resolveScenarioValue } from './resolve-scenario.js';

/** The scenario that ships with mrsched (examples/default.yaml), from src/ and from dist/ alike. */
export const DEFAULT_SCENARIO_PATH = fileURLToPath(new URL('../../examples/default.yaml', import.meta.url));

export interface LoadOptions {
  /** Replaces settings.seed before anything random is drawn. */
  readonly seed?: number;
}

/** Read, check and resolve a scenario file. Throws InputError (naming the file) for every problem. */
export function loadScenario(path: string, options: LoadOptions = {}): Scenario {
  return parseScenarioText(readScenarioFile(path), path, options);
}

/** A scenario file's text; an InputError naming the file when it cannot be read. */
export function readScenarioFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw unreadableFile(path, error, 'a readable scenario file (YAML or JSON)');
  }
}

/**
 * Check and resolve scenario text (YAML, or JSON, which YAML reads too).
 * `source` names the text in problems (usually the file path).
 */
export function parseScenarioText(text: string, source: string, options: LoadOptions = {}): Scenario {
  return parseLocatedText(text, source, 'a scenario (a mapping with cluster, jobs, …)', (raw) => {
    const result = resolveScenarioValue(raw, source, options.seed);
    return result.ok ? { ok: true, value: result.scenario } : result;
  });
}
