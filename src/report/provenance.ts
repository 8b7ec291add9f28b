/**
 * What every output records about how it was made, so a file found later can
 * be made again: mrsched's version and the commit of the checkout it ran
 * from (null when installed from a package), the command line, the scenario
 * file (its path relative to where the command ran) and the SHA-256 of its
 * bytes (null for a scenario built in code), the scheduler options the
 * scenario set, and the seeds.
 */
export interface Provenance {
  readonly version: string;
  readonly commit: string | null;
  readonly command: string;
  readonly scenario: { readonly path: string; readonly sha256: string } | null;
  readonly schedulerOptions: Readonly<Record<string, unknown>>;
  readonly seeds: readonly number[];
}
