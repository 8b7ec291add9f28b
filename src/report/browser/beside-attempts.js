// The report page's attempts when they wait in a file beside it
// (../html-report.ts, besideFiles): the file is a script that calls
// mrschedReportAttempts with them, because a page opened from disk may load
// scripts beside it but not read files.
/**
 * @typedef {object} BesideAttempts what a file beside the page carries (../html-report.ts, besideFiles)
 * @property {string} digest the same as its page's data-digest for this run
 * @property {string} attempts base64 of the packed columns
 * @property {string} tasks base64 of the packed task numbers
 * @property {string | null} decisions base64 of the packed decision log, if any
 */

/** @type {Map<number, (data: BesideAttempts) => void>} */
const besideWaiting = new Map();
/** @type {any} */ (window).mrschedReportAttempts = (/** @type {number} */ s, /** @type {BesideAttempts} */ data) => besideWaiting.get(s)?.(data);

/**
 * Run `s`'s attempts from the file beside the page, checked to be this page's.
 * @param {number} s
 * @param {string} src
 * @param {string} digest
 * @returns {Promise<BesideAttempts>}
 */
export function loadBesideAttempts(s, src, digest) {
  return new Promise((resolve, reject) => {
    let called = false;
    besideWaiting.set(s, (data) => {
      called = true;
      besideWaiting.delete(s);
      if (data?.digest === digest) resolve(data);
      else reject(new Error(`${src} holds other attempts than this page’s (another run’s or report’s): write the report again`));
    });
    const script = document.createElement('script');
    script.src = src;
    script.addEventListener('error', () => reject(new Error(`${src} could not be loaded: it must stay in the folder of this page`)));
    script.addEventListener('load', () => {
      if (!called) reject(new Error(`${src} is not a file of attempts this page can read (cut short or changed): write the report again`));
      script.remove();
    });
    document.head.append(script);
  });
}
