// What the report page loads from the files beside it when its runs'
// attempts pass its budget (../carried-attempts.ts, ../beside-files.ts): each
// file is a script that calls mrschedReportAttempts or mrschedReportDecisions
// with what it carries, because a page opened from disk may load scripts
// beside it but not read files.

/**
 * @typedef {object} BesidePart a part of a run's attempts, as the page lists it
 * @property {string} src its file
 * @property {string} digest the same as the file's
 * @property {number} count its attempts
 * @property {number[]} bytes byte length of each of its columns
 * @property {[number, number]} jobs its first and last job
 * @property {[number, number]} nodes its first and last node
 * @property {number} from its attempts' earliest start, tenths of a second
 * @property {number} to their latest end, tenths of a second
 */

/** @type {Map<string, (data: any) => void>} what waits for each file, by run and part ("s/p") or run ("s/decisions") */
const besideWaiting = new Map();
/** @type {any} */ (window).mrschedReportAttempts = (/** @type {number} */ s, /** @type {number} */ p, /** @type {any} */ data) => besideWaiting.get(`${s}/${p}`)?.(data);
/** @type {any} */ (window).mrschedReportDecisions = (/** @type {number} */ s, /** @type {any} */ data) => besideWaiting.get(`${s}/decisions`)?.(data);

/**
 * What the file `src` beside the page hands to the call under `key`, checked to be this page's by its digest.
 * @param {string} key
 * @param {string} src
 * @param {string} digest
 * @param {string} what what the file carries, in words
 * @returns {Promise<any>}
 */
function loadBeside(key, src, digest, what) {
  return new Promise((resolve, reject) => {
    let called = false;
    besideWaiting.set(key, (data) => {
      called = true;
      besideWaiting.delete(key);
      if (data?.digest === digest) resolve(data);
      else reject(new Error(`${src} holds other ${what} than this page’s (another run’s or report’s): write the report again`));
    });
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('error', () => {
      besideWaiting.delete(key);
      reject(new Error(`${src} could not be loaded: it must stay in the folder of this page`));
    });
    script.addEventListener('load', () => {
      if (!called) reject(new Error(`${src} is not a file of ${what} this page can read (cut short or changed): write the report again`));
      besideWaiting.delete(key);
      script.remove();
    });
    document.head.append(script);
  });
}

/**
 * Part `p` of run `s`'s attempts: their packed columns and task numbers (base64).
 * @param {number} s
 * @param {number} p
 * @param {BesidePart} part
 * @returns {Promise<{ attempts: string, tasks: string }>}
 */
export const loadBesidePart = (s, p, part) => loadBeside(`${s}/${p}`, part.src, part.digest, 'attempts');

/**
 * Run `s`'s decision log, packed (base64).
 * @param {number} s
 * @param {string} src
 * @param {string} digest
 * @returns {Promise<string>}
 */
export const loadBesideDecisions = (s, src, digest) => loadBeside(`${s}/decisions`, src, digest, 'decisions').then((data) => data.decisions);
