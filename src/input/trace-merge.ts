/**
 * A scenario file that names a trace (`trace: { format, path, options }`),
 * and the scenario the trace's importer made of it, merged into one file:
 *
 * - jobs: the file's own, then the trace's;
 * - users and pools: the file's, then the trace's whose ids the file does not
 *   list (so the file may give a trace's users min shares or priorities);
 * - cluster and storage: the file's when it gives them, else the trace's;
 * - everything else (name, settings, profiles, job streams, scheduler
 *   options): the file's.
 *
 * Reading the trace is the importers' work (src/workloads/); this file only
 * merges, so the model stays free of them.
 */
import { isObj, type Obj } from './lenient-access.js';
import type { ScenarioFile } from './scenario-file.js';

/** The trace a scenario file names, its path relative to the file. */
export interface TraceReference {
  readonly format: string;
  readonly path: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** The file's `trace` entry when it has a usable one (the schema reports the rest). */
export function traceReferenceOf(raw: unknown): TraceReference | undefined {
  if (!isObj(raw) || !isObj(raw.trace)) return undefined;
  const { format, path, options } = raw.trace;
  if (typeof format !== 'string' || typeof path !== 'string' || path === '') return undefined;
  return { format, path, options: isObj(options) ? options : {} };
}

/** The file with the trace's scenario merged in as above. */
export function mergeTrace(raw: Obj, trace: ScenarioFile): Obj {
  const merged: Obj = { ...raw };
  // A list the file gets wrong (not a list) is left for the schema to report.
  if (isListOrMissing(raw.jobs)) merged.jobs = [...(raw.jobs ?? []), ...(trace.jobs ?? [])];
  if (isListOrMissing(raw.users)) merged.users = withMissing(raw.users ?? [], trace.users ?? []);
  if (isListOrMissing(raw.pools)) merged.pools = withMissing(raw.pools ?? [], trace.pools ?? []);
  if (raw.cluster === undefined) merged.cluster = trace.cluster;
  if (raw.storage === undefined && trace.storage !== undefined) merged.storage = trace.storage;
  return merged;
}

function isListOrMissing(value: unknown): value is unknown[] | undefined {
  return value === undefined || Array.isArray(value);
}

/** `own`, then the entries of `more` whose id `own` does not have. */
function withMissing(own: readonly unknown[], more: readonly { readonly id: string }[]): unknown[] {
  const ids = new Set(own.filter(isObj).map((entry) => entry.id));
  return [...own, ...more.filter((entry) => !ids.has(entry.id))];
}
