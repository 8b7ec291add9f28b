/**
 * The jobs that join a configuration (`--jobs FILE`): configuration files
 * hold no jobs, and a scenario needs some.
 *
 * - A trace (SWIM, Rumen, SLS; the format guessed from its start, or given)
 *   is named in the scenario's `trace` field, as a scenario file names one:
 *   its jobs are imported each time the scenario is loaded (trace-merge.ts),
 *   the configuration's cluster, storage and pools taking precedence over
 *   the trace's, and the trace's pools the configuration does not list
 *   joining them. Its path is written relative to the scenario file (to the
 *   working directory when the scenario goes to standard output).
 * - A scenario file (YAML or JSON) gives its jobs, job streams, profiles,
 *   users, trace and storage files, copied in; its pools join those of the
 *   configuration that do not have their ids. Its cluster and settings are
 *   the configuration's to give, and are left out.
 */
import { dirname, extname, relative, resolve } from 'node:path';
import { InputError } from '../../util/input-error.js';
import { readLocatedText } from '../../input/located-text.js';
import { isObj, type Obj } from '../../input/lenient-access.js';
import { readScenarioFile } from '../../input/load-scenario.js';
import { TRACE_FORMATS } from '../../input/scenario-file.js';
import { traceReferenceOf } from '../../input/trace-merge.js';
import { guessTraceFormat } from '../trace-format-guess.js';
import { readUtf8Chunks } from '../utf8-text.js';
import type { ConfPool, ConfScenario } from './conf-scenario.js';

export const JOBS_FORMATS = [...TRACE_FORMATS, 'scenario'] as const;
export type JobsFormat = (typeof JOBS_FORMATS)[number];

export interface JobsJoin {
  readonly fields: Pick<ConfScenario, 'trace' | 'jobs' | 'jobStreams' | 'profiles' | 'users'>;
  /** The jobs file's pools, to add after the configuration's. */
  readonly pools: readonly ConfPool[];
  readonly storageFiles?: unknown[];
  readonly note: string;
}

const SCENARIO_EXTENSIONS = ['.yaml', '.yml', '.json'];
const HEAD = 64 * 1024;

/** The jobs of `file`, to join a scenario written to `out` (undefined: standard output). */
export async function jobsFrom(file: string, format: JobsFormat | undefined, out: string | undefined): Promise<JobsJoin> {
  const kind = format ?? (await guessJobsFormat(file));
  const from = out === undefined ? process.cwd() : dirname(resolve(out));
  const pathFor = (path: string) => (out === undefined ? resolve(path) : relative(from, resolve(path)) || '.');
  if (kind !== 'scenario') {
    return {
      fields: { trace: { format: kind, path: pathFor(file) } },
      pools: [],
      note: `Jobs: the ${kind} trace ${file}, named in the trace field (path relative to ${out === undefined ? 'the working directory' : 'this file'}) and imported whenever this scenario is loaded; the configuration's cluster and pools take precedence over the trace's, and the trace's pools the configuration lacks join them`,
    };
  }
  const raw = readLocatedText(readScenarioFile(file), file, 'a scenario file with jobs').value;
  if (!isObj(raw)) throw new InputError(file, [{ path: '', expected: 'a scenario file (a mapping with jobs, jobStreams or a trace)', found: 'another value' }]);
  const reference = traceReferenceOf(raw);
  const hasJobs = (Array.isArray(raw.jobs) && raw.jobs.length > 0) || (Array.isArray(raw.jobStreams) && raw.jobStreams.length > 0) || reference !== undefined;
  if (!hasJobs) throw new InputError(file, [{ path: 'jobs', expected: 'jobs, jobStreams or a trace to join the configuration', found: 'none' }]);
  const fields: Obj = {};
  for (const key of ['jobs', 'jobStreams', 'profiles', 'users'] as const) if (raw[key] !== undefined) fields[key] = raw[key];
  if (reference !== undefined) {
    // The trace's path was relative to the jobs file; it is now relative to the scenario written.
    fields.trace = { ...(raw.trace as Obj), path: pathFor(resolve(dirname(file), reference.path)) };
  }
  const pools = Array.isArray(raw.pools) ? (raw.pools.filter((pool) => isObj(pool) && typeof pool.id === 'string') as unknown as ConfPool[]) : [];
  const storage = isObj(raw.storage) && Array.isArray(raw.storage.files) ? { storageFiles: raw.storage.files } : {};
  const copied = Object.keys(fields).join(', ');
  return {
    fields: fields as JobsJoin['fields'],
    pools,
    ...storage,
    note: `Jobs: ${copied} copied from the scenario ${file}${pools.length > 0 ? ', with its pools the configuration does not list' : ''}${'storageFiles' in storage ? ' and its storage files' : ''}; its cluster and settings are not used (the configuration gives them)`,
  };
}

async function guessJobsFormat(file: string): Promise<JobsFormat> {
  let head = '';
  for await (const chunk of readUtf8Chunks(file, 'a trace or a scenario file')) {
    head += chunk;
    if (head.length >= HEAD) break;
  }
  const guess = guessTraceFormat(head.slice(0, HEAD));
  if (guess !== undefined) return guess;
  if (SCENARIO_EXTENSIONS.includes(extname(file).toLowerCase())) return 'scenario';
  throw new InputError(file, [
    {
      path: '',
      expected: `a trace (SWIM, Rumen, SLS) or a scenario file (.yaml, .yml, .json); say which with --jobs-format ${JOBS_FORMATS.join('|')}`,
      found: 'a file whose start is none of them',
    },
  ]);
}
