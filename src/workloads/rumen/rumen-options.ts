/** The Rumen importer's options, their defaults, and their checks. */
import { InputError } from '../../util/input-error.js';
import type { ImportOptions } from '../import-result.js';
import { DEFAULT_JOB_OVERHEADS, overheadModeProblem, type JobOverheadMode } from '../job-overheads.js';

/** Where task durations come from. */
export const RUMEN_DURATION_MODES = ['recorded', 'model'] as const;
export type RumenDurationMode = (typeof RUMEN_DURATION_MODES)[number];

export interface RumenImportOptions extends ImportOptions {
  /**
   * `recorded` (default): each task's work is its successful attempt's
   * recorded duration, and maps read nothing (the recorded time includes the
   * read), as Hadoop's SLS replays a Rumen trace. `model`: work from bytes by
   * the cost model below, and maps read their real input.
   */
  readonly durations?: RumenDurationMode;
  /**
   * `recorded` (default): each job's setup = its first map or reduce attempt
   * start − submitTime and its commit = finishTime − its last map or reduce
   * attempt end, where the trace has them (job-overheads.ts). `none`: jobs
   * take the scenario's settings.jobSetup and jobCommit.
   */
  readonly overheads?: JobOverheadMode;
  /**
   * Map slots per node: `inferred` (default: each host's peak of map
   * attempts running at once, rumen-slots.ts; Rumen records no slots), or a
   * number for every node.
   */
  readonly mapSlots?: number | typeof INFERRED;
  /** Reduce slots per node: `inferred` (default, as for maps) or a number for every node. */
  readonly reduceSlots?: number | typeof INFERRED;
  /**
   * `model` durations: a map's work, seconds per MiB of its input at speed 1.
   * Default 0.25 (16 s for a 64 MiB block), the SWIM importer's figure, so
   * that both importers' scenarios share one cost model. An assumption.
   */
  readonly mapSecondsPerMB?: number;
  /** `model` durations: a reduce's work, seconds per MiB it fetches in the shuffle, at speed 1. Default 0.5 (as SWIM's importer). */
  readonly reduceSecondsPerMB?: number;
}

/** The slots option's value that asks for slots inferred from the attempts. */
export const INFERRED = 'inferred';

export const RUMEN_DEFAULTS = {
  skipInvalid: false,
  durations: 'recorded',
  overheads: DEFAULT_JOB_OVERHEADS,
  mapSlots: INFERRED,
  reduceSlots: INFERRED,
  mapSecondsPerMB: 0.25,
  reduceSecondsPerMB: 0.5,
} as const satisfies Required<RumenImportOptions>;

export type ResolvedRumenOptions = { readonly [K in keyof Required<RumenImportOptions>]: Required<RumenImportOptions>[K] };

/** The options with their defaults; an InputError (source 'Rumen import options') listing every bad one. */
export function resolveRumenOptions(options: RumenImportOptions): ResolvedRumenOptions {
  const resolved: ResolvedRumenOptions = {
    skipInvalid: options.skipInvalid ?? RUMEN_DEFAULTS.skipInvalid,
    durations: options.durations ?? RUMEN_DEFAULTS.durations,
    overheads: options.overheads ?? RUMEN_DEFAULTS.overheads,
    mapSlots: options.mapSlots ?? RUMEN_DEFAULTS.mapSlots,
    reduceSlots: options.reduceSlots ?? RUMEN_DEFAULTS.reduceSlots,
    mapSecondsPerMB: options.mapSecondsPerMB ?? RUMEN_DEFAULTS.mapSecondsPerMB,
    reduceSecondsPerMB: options.reduceSecondsPerMB ?? RUMEN_DEFAULTS.reduceSecondsPerMB,
  };
  const problems: { path: string; expected: string; found: string }[] = [];
  if (!(RUMEN_DURATION_MODES as readonly string[]).includes(resolved.durations)) {
    problems.push({ path: 'durations', expected: RUMEN_DURATION_MODES.join(' or '), found: String(resolved.durations) });
  }
  const overheads = overheadModeProblem(resolved.overheads);
  if (overheads !== undefined) problems.push(overheads);
  for (const [key, least] of [['mapSlots', 1], ['reduceSlots', 0]] as const) {
    const slots = resolved[key];
    if (slots !== INFERRED && (!Number.isInteger(slots) || slots < least)) {
      problems.push({ path: key, expected: `'${INFERRED}' or an integer ≥ ${least}`, found: String(slots) });
    }
  }
  for (const key of ['mapSecondsPerMB', 'reduceSecondsPerMB'] as const) {
    if (!Number.isFinite(resolved[key]) || resolved[key] < 0) {
      problems.push({ path: key, expected: 'a number ≥ 0', found: String(resolved[key]) });
    }
  }
  if (problems.length > 0) throw new InputError('Rumen import options', problems);
  return resolved;
}
