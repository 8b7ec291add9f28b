/**
 * The files beside a report page that carry a run's attempts when they pass
 * the page's budget (`carried-attempts.ts`): the run's attempts in parts by
 * job, and its decision log. Each is a script calling the page's
 * BESIDE_CALLBACKS, because a page opened from disk may load a script beside
 * it but not read a file; the page's `browser/beside-attempts.js` loads it.
 * A digest of what it carries, in the page and in the file, ties the two.
 */
import { createHash } from 'node:crypto';

/** The file beside the page that carries part `p` of run `s`'s attempts. */
export const besideAttemptsFile = (s: number, p: number): string => `report-attempts-${s}-${p}.js`;

/** The file beside the page that carries run `s`'s decision log. */
export const besideDecisionsFile = (s: number): string => `report-decisions-${s}.js`;

/** The names of the files beside a page. */
export const BESIDE_FILE_NAME = /^report-(attempts-\d+-\d+|decisions-\d+)\.js$/;

/** The functions the files beside the page call with what they carry (the page defines them). */
const BESIDE_CALLBACKS = { attempts: 'mrschedReportAttempts', decisions: 'mrschedReportDecisions' };

/** What ties a file beside the page to the page: the page loads no other report's or run's attempts in their place. */
export const besideDigest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * Part `p` of run `s`'s attempts: its packed attempts and task numbers
 * (base64 texts; their count and columns are in the page).
 */
export function besideAttemptsText(s: number, p: number, part: { readonly text: string; readonly tasks: string }): string {
  // The base64 texts need no escaping: written as they are, not scanned again by JSON.stringify (45 MB on the FB-2010 day).
  return `${BESIDE_CALLBACKS.attempts}(${s}, ${p}, {"digest":"${besideDigest(part.text)}","attempts":"${part.text}","tasks":"${part.tasks}"});\n`;
}

/** Run `s`'s decision log, packed (base64 text). */
export function besideDecisionsText(s: number, decisions: string): string {
  return `${BESIDE_CALLBACKS.decisions}(${s}, {"digest":"${besideDigest(decisions)}","decisions":"${decisions}"});\n`;
}

/** How a command names a report's files (`names`: the page's and those beside it): the page, and how many files beside it, by their first and last. */
export function reportFilesText(names: readonly string[]): string {
  const beside = names.filter((name) => BESIDE_FILE_NAME.test(name));
  const page = names.filter((name) => !BESIDE_FILE_NAME.test(name)).join(', ');
  if (beside.length === 0) return page;
  return `${page} and ${beside.length} ${beside.length === 1 ? 'file' : 'files'} beside it (${beside.length <= 2 ? beside.join(', ') : `${beside[0]} to ${beside.at(-1)}`})`;
}
