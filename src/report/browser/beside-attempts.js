// The report page's attempts when they wait in a file beside it
// (../html-report.ts, besideFiles): the file is a script that calls
// mrschedReportAttempts with them, because a page opened from disk may load
// scripts beside it but not read files.
/**
 * @typedef {object} BesideAttempts what a file beside the page carries (../html-report.ts, besideFiles)
 * @property {number} count
 * @property {string[]} columns
 * @property {number[]} columnBytes
 * @property {string} attempts base64 of the packed columns
 * @property {string} tasks base64 of the packed task numbers
 * @property {string | null} decisions base64 of the packed decision log, if any
 */

/** @type {Map<number, (data: BesideAttempts) => void>} */
const besideWaiting = new Map();
/** @type {any} */ (window).mrschedReportAttempts = (/** @type {number} */ s, /** @type {BesideAttempts} */ data) => besideWaiting.get(s)?.(data);

/**
 * Run `s`'s attempts from the file beside the page.
 * @param {number} s
 * @param {string} src
 * @returns {Promise<BesideAttempts>}
 */
export function loadBesideAttempts(s, src) {
  return new Promise((resolve, reject) => {
    let loaded = false;
    besideWaiting.set(s, (data) => {
      loaded = true;
      besideWaiting.delete(s);
      resolve(data);
    });
    const script = document.createElement('script');
    script.src = src;
    const fail = () => reject(new Error(`${src} could not be loaded: it must stay in the folder of this page`));
    script.addEventListener('error', fail);
    script.addEventListener('load', () => {
      if (!loaded) fail();
      script.remove();
    });
    document.head.append(script);
  });
}
