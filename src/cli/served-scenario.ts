/**
 * The files a scenario in the served directory names (its trace, and any
 * trace option naming a file, such as sls's topology), each relative to the
 * scenario file: every one must lie inside the served directory, symbolic
 * links followed, or the page could read any file the server can through
 * a scenario it picks.
 */
import { dirname, resolve } from 'node:path';
import { readScenarioFile, readScenarioText } from '../input/load-scenario.js';
import { TRACE_PATH_OPTIONS, type TraceFormat } from '../workloads/import-trace.js';
import type { ServedDirectory } from './served-directory.js';

/** What leads outside `served` among the files the scenario at `path` (inside it) names: one line each, naming the field. */
export function namedFilesOutside(served: ServedDirectory, path: string): string[] {
  const trace = readScenarioText(readScenarioFile(path), path).trace;
  if (trace === undefined) return [];
  const named: [string, unknown][] = [
    ['trace.path', trace.path],
    ...(TRACE_PATH_OPTIONS[trace.format as TraceFormat] ?? []).map((option): [string, unknown] => [`trace.options.${option}`, trace.options[option]]),
  ];
  return named
    .filter(([, file]) => typeof file === 'string' && !served.encloses(resolve(dirname(path), file)))
    .map(([field, file]) => `${field}: '${String(file)}' is outside the served directory`);
}
