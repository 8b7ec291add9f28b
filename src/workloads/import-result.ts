/**
 * What a trace importer produces: a complete scenario file (the plain data a
 * YAML or JSON scenario holds), ready for `mrsched simulate` once written out,
 * with the records it could not use and the assumptions it applied, so that
 * nothing is dropped or invented silently.
 */
import type { ScenarioFile } from '../model/scenario-file.js';

/** A record of the trace left out (only with `skipInvalid`), and why. */
export interface SkippedRecord {
  /** `file:line`, or the file and JSON path of the record. */
  readonly where: string;
  readonly reason: string;
}

export interface ImportResult {
  /** A whole scenario file: cluster, storage, users and pools as the trace implies, and its jobs. */
  readonly scenario: ScenarioFile;
  readonly skipped: readonly SkippedRecord[];
  /** One line per assumption the importer applied (cost model, reducer rule, cluster it made up …). */
  readonly notes: readonly string[];
}

export interface ImportOptions {
  /** Leave out malformed records (listed in `skipped`) instead of stopping at the first. */
  readonly skipInvalid?: boolean;
}
