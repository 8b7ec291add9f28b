/**
 * One entry point for every trace importer: the format by name, its
 * options as given on a command line (names checked here, values by the
 * importer).
 */
import { InputError, type InputProblem } from '../util/input-error.js';
import { TRACE_FORMATS } from '../input/scenario-file.js';
import type { ImportResult } from './import-result.js';
import { importRumen, RUMEN_DEFAULTS, type RumenImportOptions } from './rumen/index.js';
import { resolveRumenOptions } from './rumen/rumen-options.js';
import { importSls, SLS_DEFAULTS, type SlsImportOptions } from './sls/index.js';
import { resolveSlsOptions } from './sls/sls-options.js';
import { importSwim, SWIM_DEFAULTS, type SwimImportOptions } from './swim/index.js';
import { resolveSwimOptions } from './swim/swim-options.js';
import { checkTraceFormat } from './trace-format-guess.js';

export type TraceFormat = (typeof TRACE_FORMATS)[number];

/** Each format's option names besides `skipInvalid`, for checking names before the importer checks values. */
export const TRACE_OPTIONS: Readonly<Record<TraceFormat, readonly string[]>> = {
  swim: Object.keys(SWIM_DEFAULTS),
  rumen: Object.keys(RUMEN_DEFAULTS).filter((name) => name !== 'skipInvalid'),
  sls: ['topology', 'containers', 'overheads', 'resources', ...Object.keys(SLS_DEFAULTS)],
};

/** The options that name a file: a scenario file's trace gives them relative to itself, like the trace's path. */
export const TRACE_PATH_OPTIONS: Readonly<Record<TraceFormat, readonly string[]>> = { swim: [], rumen: [], sls: ['topology'] };

export type TraceOptions = Readonly<Record<string, string | number | boolean>>;

export async function importTrace(format: TraceFormat, path: string, options: TraceOptions): Promise<ImportResult> {
  const unknown = unknownOptions(format, options);
  if (unknown.length > 0) throw new InputError(`${format} import options`, unknown);
  await checkTraceFormat(format, path);
  // The importers check every value's type and range themselves.
  if (format === 'swim') return importSwim(path, options as SwimImportOptions);
  if (format === 'rumen') return importRumen(path, options as RumenImportOptions);
  return importSls(path, options as SlsImportOptions);
}

/**
 * Every problem of the options, names and values, each at the option's name,
 * without reading the trace: a scenario file's `trace.options` are checked
 * so, to be placed at their lines.
 */
export function traceOptionProblems(format: TraceFormat, options: TraceOptions): InputProblem[] {
  const unknown = unknownOptions(format, options);
  if (unknown.length > 0) return unknown;
  const resolve = { swim: resolveSwimOptions, rumen: resolveRumenOptions, sls: resolveSlsOptions }[format];
  try {
    resolve(options as never);
    return [];
  } catch (error) {
    if (error instanceof InputError) return [...error.problems];
    throw error;
  }
}

function unknownOptions(format: TraceFormat, options: TraceOptions): InputProblem[] {
  const known = TRACE_OPTIONS[format];
  return Object.keys(options)
    .filter((name) => name !== 'skipInvalid' && !known.includes(name))
    .map((name) => ({ path: name, expected: `one of ${known.join(', ')}, skipInvalid`, found: `'${name}'` }));
}
