/**
 * The files beside a report page that carry a run's attempts when they pass
 * the page's budget (`html-report.ts`). Each is a script calling the page's
 * BESIDE_CALLBACK, because a page opened from disk may load a script beside
 * it but not read a file; the page's `browser/beside-attempts.js` loads it.
 * A digest of the attempts, in the page and in the file, ties the two.
 */
import { createHash } from 'node:crypto';

/** The file beside the page that carries run `s`'s attempts. */
export const besideFile = (s: number): string => `report-attempts-${s}.js`;

/** The names besideFile gives. */
export const BESIDE_FILE_NAME = /^report-attempts-\d+\.js$/;

/** The function a file beside the page calls with its run's attempts (the page defines it). */
const BESIDE_CALLBACK = 'mrschedReportAttempts';

/** What ties a file beside the page to the page: the page loads no other report's or run's attempts in their place. */
export const besideDigest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * Run `s`'s file: its packed attempts, task numbers and decision log (base64
 * texts; their count and columns are in the page).
 */
export function besideFileText(s: number, run: { readonly text: string; readonly tasks: string | undefined; readonly decisions: string | undefined }): string {
  // The base64 texts need no escaping: written as they are, not scanned again by JSON.stringify (45 MB on the FB-2010 day).
  const fields = [`"digest":"${besideDigest(run.text)}"`, `"attempts":"${run.text}"`, `"tasks":"${run.tasks ?? ''}"`, `"decisions":${run.decisions === undefined ? 'null' : `"${run.decisions}"`}`];
  return `${BESIDE_CALLBACK}(${s}, {${fields.join(',')}});\n`;
}
