/**
 * Reading scenario files: YAML or JSON text to a resolved Scenario, with
 * every problem located at its line and column in the file.
 */
import { fileURLToPath } from 'node:url';
import { readTextFile } from './unreadable-file.js';
import { isObj, type Obj } from './lenient-access.js';
import { readLocatedText } from './located-text.js';
import type { Scenario } from '../model/scenario.js';
import type { ScenarioFile } from './scenario-file.js';
import type { PathProblem } from './schema-problems.js';
import { mergeTrace, traceReferenceOf, type TraceReference } from './trace-merge.js';
import { resolveScenarioValue } from './resolve-scenario.js';

/** The scenario that ships with mrsched (examples/default.yaml), from src/ and from dist/ alike. */
export const DEFAULT_SCENARIO_PATH = fileURLToPath(new URL('../../examples/default.yaml', import.meta.url));

export interface LoadOptions {
  /** Replaces settings.seed before anything random is drawn. */
  readonly seed?: number;
  /**
   * The scenario the file's `trace` came to when imported, merged into the
   * file (trace-merge.ts). A file that names a trace needs it: traces are
   * read asynchronously, by loadScenarioWithTrace of the workloads.
   */
  readonly trace?: ScenarioFile;
}

/** Read, check and resolve a scenario file. Throws InputError (naming the file) for every problem. */
export function loadScenario(path: string, options: LoadOptions = {}): Scenario {
  return parseScenarioText(readScenarioFile(path), path, options);
}

/** A scenario file's text; an InputError naming the file when it cannot be read. */
export function readScenarioFile(path: string): string {
  return readTextFile(path, 'a readable scenario file (YAML or JSON)');
}

/**
 * A problem of the merged scenario, placed at the `trace` field when it lies
 * in what the trace brought (its jobs come after the file's own), since the
 * file has no line for it.
 */
function atTrace(problem: PathProblem, raw: Obj): PathProblem {
  const [section, index] = problem.path;
  const own = Array.isArray(raw.jobs) ? raw.jobs.length : 0;
  const fromTrace = section === 'jobs' && (typeof index === 'number' ? index >= own : own === 0);
  if (!fromTrace) return problem;
  const where = typeof index === 'number' ? `the trace's job ${index - own + 1}` : "the trace's jobs";
  return { path: ['trace'], expected: problem.expected, found: `${where}: ${problem.found}` };
}

/** Scenario text read once, to be resolved with any seed (and with its trace, once imported). */
export interface ScenarioText {
  /** The trace the text names, if it names one: to import before resolving, since traces are read asynchronously. */
  readonly trace: TraceReference | undefined;
  /** Check and resolve; an InputError naming the source with every problem, located in the text. */
  resolve(options?: LoadOptions): Scenario;
  /** Throws an InputError naming the source with `problems` (found by the caller), located in the text. */
  refuse(problems: PathProblem[]): never;
}

/** Read scenario text (YAML, or JSON, which YAML reads too); `source` names it in problems (usually the file path). */
export function readScenarioText(text: string, source: string): ScenarioText {
  const located = readLocatedText(text, source, 'a scenario (a mapping with cluster, jobs, …)');
  const raw = located.value;
  return {
    trace: traceReferenceOf(raw),
    refuse: (problems) => located.check(() => ({ ok: false, problems })),
    resolve: (options = {}) =>
      located.check((value) => {
        if (traceReferenceOf(value) !== undefined && options.trace === undefined) {
          return {
            ok: false,
            problems: [
              {
                path: ['trace'],
                expected: 'a scenario loaded with its trace (by the mrsched commands, or loadScenarioWithTrace in a program)',
                found: 'a trace that was not read (loadScenario and parseScenarioText do not read traces)',
              },
            ],
          };
        }
        if (options.trace === undefined || !isObj(value)) {
          const result = resolveScenarioValue(value, source, options.seed);
          return result.ok ? { ok: true, value: result.scenario } : result;
        }
        const result = resolveScenarioValue(mergeTrace(value, options.trace), source, options.seed);
        return result.ok ? { ok: true, value: result.scenario } : { ok: false, problems: result.problems.map((p) => atTrace(p, value)) };
      }),
  };
}

/** Check and resolve scenario text in one go (see readScenarioText). */
export function parseScenarioText(text: string, source: string, options: LoadOptions = {}): Scenario {
  return readScenarioText(text, source).resolve(options);
}
