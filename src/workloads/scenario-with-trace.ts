/**
 * Loading a scenario file that may name a trace (`trace: { format, path,
 * options }`): the file is read and parsed once, the trace imported once (its
 * importer streams, so this is asynchronous), and both are merged each time
 * the scenario is resolved (for each seed of a comparison). The trace's path,
 * and any importer option naming a file, are relative to the scenario file,
 * so that a scenario runs from any working directory.
 */
import { createHash } from 'node:crypto';
import { dirname, resolve as resolvePath } from 'node:path';
import { InputError } from '../util/input-error.js';
import { readScenarioFile, readScenarioText, type LoadOptions } from '../input/load-scenario.js';
import { withoutLocation } from '../input/problem-path.js';
import type { Scenario } from '../model/scenario.js';
import { TRACE_FORMATS, type PathProblem } from '../input/scenario-file.js';
import type { TraceReference } from '../input/trace-merge.js';
import type { ImportResult } from './import-result.js';
import { importTrace, TRACE_PATH_OPTIONS, traceOptionProblems, type TraceFormat, type TraceOptions } from './import-trace.js';

/** A scenario file read, with its trace imported, ready to resolve with any seed. */
export interface ScenarioWithTrace {
  /** The scenario file's path (`-`: standard input). */
  readonly path: string;
  /** The SHA-256 of the file's bytes as read (standard input cannot be read again). */
  readonly sha256: string;
  /** The trace as imported (with what it skipped and assumed), when the file names one. */
  readonly trace: ImportResult | undefined;
  /** Resolve with the file's own seed, or with another. */
  resolve(seed?: number): Scenario;
  /** Throws an InputError naming the file with `problems` (found by the caller, such as a scheduler's options), placed at their lines. */
  refuse(problems: PathProblem[]): never;
}

export async function readScenarioWithTrace(path: string): Promise<ScenarioWithTrace> {
  const source = readScenarioFile(path);
  const text = readScenarioText(source, path);
  const trace = text.trace === undefined ? undefined : await importScenarioTrace(text.trace, path, text.refuse);
  return {
    path,
    sha256: createHash('sha256').update(source, 'utf8').digest('hex'),
    trace,
    resolve: (seed?: number) => text.resolve({ ...(seed === undefined ? {} : { seed }), trace: trace?.scenario }),
    refuse: text.refuse,
  };
}

/**
 * The trace a scenario file names, imported; its path and file options are
 * relative to the file at `path`. The reference's own mistakes (an unknown
 * format, bad options) are the scenario file's: `refuse` reports them,
 * placed at their lines when the caller has the file's text, before the
 * trace is read.
 */
export async function importScenarioTrace(
  reference: TraceReference,
  path: string,
  refuse: (problems: PathProblem[]) => never = (problems) => {
    throw new InputError(path, problems.map(withoutLocation));
  },
): Promise<ImportResult> {
  if (!(TRACE_FORMATS as readonly string[]).includes(reference.format)) {
    refuse([{ path: ['trace', 'format'], expected: `one of ${TRACE_FORMATS.join(', ')}`, found: `'${reference.format}'` }]);
  }
  const format = reference.format as TraceFormat;
  const optionProblems = traceOptionProblems(format, reference.options as TraceOptions);
  if (optionProblems.length > 0) {
    refuse(optionProblems.map((p) => ({ path: ['trace', 'options', ...(p.path === '' ? [] : [p.path])], expected: p.expected, found: p.found })));
  }
  const fromFile = (relative: string) => resolvePath(dirname(path), relative);
  const options = Object.fromEntries(
    Object.entries(reference.options as TraceOptions).map(([name, value]) => [
      name,
      TRACE_PATH_OPTIONS[format].includes(name) && typeof value === 'string' ? fromFile(value) : value,
    ]),
  );
  return importTrace(format, fromFile(reference.path), options);
}

/** loadScenario for files that may name a trace. */
export async function loadScenarioWithTrace(path: string, options: LoadOptions = {}): Promise<Scenario> {
  return (await readScenarioWithTrace(path)).resolve(options.seed);
}
