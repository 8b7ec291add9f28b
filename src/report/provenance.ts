/**
 * What every output records about how it was made, so a file found later can
 * be made again: mrsched's version, the command line, the scenario file and
 * the SHA-256 of its bytes (null for a scenario built in code), the scheduler
 * options the scenario set, and the seeds.
 */
export interface Provenance {
  readonly version: string;
  readonly command: string;
  readonly scenario: { readonly path: string; readonly sha256: string } | null;
  readonly schedulerOptions: Readonly<Record<string, unknown>>;
  readonly seeds: readonly number[];
}
