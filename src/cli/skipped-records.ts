/**
 * The records a trace's import left out, said on stderr: the first few, then
 * how many more; each shown as messages are (a record's control characters
 * escaped, its length cut: it quotes the trace).
 */
import { shownText } from '../util/input-error.js';
import type { SkippedRecord } from '../workloads/skipped-record.js';

/** Records listed one a line; the rest are counted. */
const LISTED_RECORDS = 20;

/** `whose` names the trace (`the trace of x.yaml: `, or empty); `rest` follows the count of unlisted records. */
export function reportSkipped(skipped: readonly SkippedRecord[], whose = '', rest = ''): void {
  if (skipped.length === 0) return;
  process.stderr.write(`${shownText(whose)}skipped ${skipped.length} malformed record(s):\n`);
  for (const record of skipped.slice(0, LISTED_RECORDS)) process.stderr.write(`  ${shownText(`${record.where}: ${record.reason}`)}\n`);
  if (skipped.length > LISTED_RECORDS) process.stderr.write(`  … and ${skipped.length - LISTED_RECORDS} more${rest}\n`);
}
