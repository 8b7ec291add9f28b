/** A record of a trace left out (only with `skipInvalid`), and why. */
export interface SkippedRecord {
  /** `file:line`, or the file and JSON path of the record. */
  readonly where: string;
  readonly reason: string;
}
