/**
 * What a trace importer produces: a complete scenario file (the plain data a
 * YAML or JSON scenario holds), ready for `mrsched simulate` once written out,
 * with the records it could not use and the assumptions it applied, so that
 * nothing is dropped or invented silently.
 */
import type { RecordedRun } from '../model/recorded-run.js';
import type { GeneratedScenario } from './generated-scenario.js';
import type { SkippedRecord } from './skipped-record.js';

/** The scenario a trace implies: cluster, storage, users and pools, and its jobs. */
export interface ImportResult extends GeneratedScenario {
  readonly skipped: readonly SkippedRecord[];
  /** What the trace says happened to the imported jobs, when it records times (Rumen, SLS), to check a replay against. */
  readonly recorded?: RecordedRun;
}

export interface ImportOptions {
  /** Leave out malformed records (listed in `skipped`) instead of stopping at the first. */
  readonly skipInvalid?: boolean;
}
