// One run's attempts as the report page has them (../carried-attempts.ts):
// carried in the page, decoded once; or waiting beside it in parts by job
// and node, loaded part by part for the time and nodes a view needs (or a
// job's), with the run's overview
// drawn where they are not; and its decision log, from the page or from the
// file beside it.

import { decodeAttempts, decodeOverview, inflateBase64, inLaunchOrder, withRoom } from './attempt-decoder.js';
import { loadBesideDecisions, loadBesidePart } from './beside-attempts.js';

/** @typedef {import('./attempt-decoder.js').Attempts} Attempts */
/** @typedef {import('./beside-attempts.js').BesidePart} BesidePart */
/** @typedef {import('./rows-in-view.js').NodesShown} NodesShown */
/**
 * @typedef {object} Coverage which of a run's attempts are loaded, where they come in parts
 * @property {number} total the run's attempts
 * @property {(t0: number, t1: number, shown: NodesShown) => boolean} covers whether every attempt between two times on the nodes shown is loaded
 */

export class RunAttempts {
  /**
   * @param {number} s the run's index in the page
   * @param {number} nodes the cluster's nodes
   */
  constructor(s, nodes) {
    this.s = s;
    this.nodes = nodes;
    this.element = /** @type {HTMLElement} */ (document.getElementById(`report-attempts-${s}`));
    const data = this.element.dataset;
    this.count = Number(data.count);
    this.columns = (data.columns ?? '').split(',');
    /** @type {BesidePart[] | null} the parts beside the page; null: the page carries the attempts */
    this.parts = data.parts === undefined ? null : JSON.parse(data.parts);
    /** @type {Set<number>} the parts loaded */
    this.loaded = new Set();
    /** @type {Attempts | null} those decoded so far */
    this.attempts = null;
    /** @type {Promise<Map<number, any> | null> | null} */
    this.decisionLog = null;
    /** The load under way, if any: the next waits for it. */
    this.loading = Promise.resolve();
  }

  /** The attempts the page carries, decoded once, or those loaded from beside it (null: none yet). */
  async get() {
    if (this.parts !== null || this.attempts !== null) return this.attempts;
    const tasks = document.getElementById(`report-attempt-tasks-${this.s}`);
    const bytes = (this.element.dataset.columnBytes ?? '').split(',').map(Number);
    this.attempts = decodeAttempts(await inflateBase64(this.element.textContent ?? ''), this.count, this.columns, bytes, tasks === null ? undefined : await inflateBase64(tasks.textContent ?? ''));
    return this.attempts;
  }

  /** Which attempts are loaded, when they wait beside the page in parts (else null). */
  /** @returns {Coverage | null} */
  coverage() {
    const parts = this.parts;
    if (parts === null) return null;
    return { total: this.count, covers: (/** @type {number} */ t0, /** @type {number} */ t1, /** @type {NodesShown} */ shown) => parts.every((part, p) => this.loaded.has(p) || !inView(part, t0, t1, shown)) };
  }

  /**
   * The parts not loaded that hold attempts between two times (seconds) on the nodes shown.
   * @param {number} t0
   * @param {number} t1
   * @param {NodesShown} shown
   * @returns {number[]}
   */
  missing(t0, t1, shown) {
    return (this.parts ?? []).flatMap((part, p) => (!this.loaded.has(p) && inView(part, t0, t1, shown) ? [p] : []));
  }

  /**
   * Loads parts from beside the page, after any load under way (a job named while the button's load runs),
   * those it did not load: every file first, so that one missing, cut short or another report's adds none of them.
   * @param {readonly number[]} wanted
   * @param {(text: string) => void} progress
   * @returns {Promise<void>}
   */
  load(wanted, progress) {
    const done = this.loading.then(() => this.loadNow(wanted.filter((p) => !this.loaded.has(p)), progress));
    this.loading = done.catch(() => {});
    return done;
  }

  /**
   * @param {readonly number[]} wanted
   * @param {(text: string) => void} progress
   */
  async loadNow(wanted, progress) {
    if (wanted.length === 0) return;
    const parts = /** @type {BesidePart[]} */ (this.parts);
    let arrived = 0;
    progress(`loading ${wanted.length === 1 ? parts[wanted[0]].src : `${wanted.length} files`}…`);
    /** @type {({ attempts: string, tasks: string } | null)[]} */
    const files = await Promise.all(
      wanted.map((p) =>
        loadBesidePart(this.s, p, parts[p]).then((file) => {
          progress(`loaded ${++arrived} of ${wanted.length} files…`);
          return file;
        }),
      ),
    );
    progress('decoding…');
    const into = withRoom(this.attempts, wanted.reduce((sum, p) => sum + parts[p].count, 0), true);
    let offset = this.attempts?.count ?? 0;
    for (const [k, p] of wanted.entries()) {
      const file = /** @type {{ attempts: string, tasks: string }} */ (files[k]);
      files[k] = null; // its text let go as soon as it is decoded
      decodeAttempts(await inflateBase64(file.attempts), parts[p].count, this.columns, parts[p].bytes, await inflateBase64(file.tasks), into, offset);
      offset += parts[p].count;
    }
    for (const p of wanted) this.loaded.add(p);
    this.attempts = inLaunchOrder(into);
  }

  /**
   * The parts beside the page that hold the job's attempts (none: the page carries them, or the job ran nothing).
   * @param {number} job
   * @returns {number[]}
   */
  partsOf(job) {
    return (this.parts ?? []).flatMap((part, p) => (part.jobs[0] <= job && job <= part.jobs[1] ? [p] : []));
  }

  /** The attempts loaded so far, of how many, in how many of the files beside the page. */
  loadedText() {
    return `${(this.attempts?.count ?? 0).toLocaleString('en')} of ${this.count.toLocaleString('en')} attempts loaded (${this.loaded.size} of ${this.parts?.length ?? 0} files beside the page)`;
  }

  /** The run's overview, when the page carries one (its attempts wait beside it). */
  async overview() {
    const element = document.getElementById(`report-overview-${this.s}`);
    if (element === null) return null;
    const { bins, binWidth, levels } = element.dataset;
    return decodeOverview(await inflateBase64(element.textContent ?? ''), this.nodes, Number(bins), Number(binWidth), Number(levels));
  }

  /**
   * The run's decision log by launch (the attempt's row in the run), if it has one; loaded once, again after a failure.
   * @returns {Promise<Map<number, any> | null>}
   */
  decisions() {
    this.decisionLog ??= this.readDecisions().catch((error) => {
      this.decisionLog = null;
      throw error;
    });
    return this.decisionLog;
  }

  async readDecisions() {
    const { decisionsSrc, decisionsDigest } = this.element.dataset;
    const packed = document.getElementById(`report-decisions-${this.s}`)?.textContent ?? (decisionsSrc === undefined ? null : await loadBesideDecisions(this.s, decisionsSrc, decisionsDigest ?? ''));
    if (packed === null) return null;
    const text = new TextDecoder().decode(await inflateBase64(packed));
    /** @type {Map<number, any>} */
    const byLaunch = new Map();
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const record = JSON.parse(line);
      byLaunch.set(record.launch, record);
    }
    return byLaunch;
  }
}

/**
 * Whether a part holds attempts between two times (seconds) on the nodes shown.
 * @param {BesidePart} part
 * @param {number} t0
 * @param {number} t1
 * @param {NodesShown} shown
 */
function inView(part, t0, t1, shown) {
  return part.from / 10 <= t1 && part.to / 10 >= t0 && shown(part.nodes[0], part.nodes[1]);
}
