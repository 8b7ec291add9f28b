// The report's Gantt chart on a canvas: one row per node, its attempts in
// slot lanes inside the row (maps above reduces, lanes packed greedily), time
// to the right. Scroll zooms time around the pointer, shift+scroll zooms the
// rows, a drag pans, a double-click resets; a node filter keeps the matching
// rows. Drawing visits only the rows and times in view, and at a zoom where
// many attempts share a pixel it extends the last rectangle of a lane rather
// than drawing another, so a day of 400,000 attempts on 3,000 nodes redraws
// in well under a second (measured in the browser tests). A run of more than
// DETAIL_LIMIT attempts has an overview (how busy each node's map and reduce
// lanes were, per time bin: made here, or carried by the page when the
// attempts wait beside it), drawn while more than DETAIL_LIMIT of them would
// be in view or those of the time in view are not all loaded.

/** @typedef {import('./attempt-decoder.js').Attempts} Attempts */
/** @typedef {import('./lane-occupancy.js').LaneOccupancy} LaneOccupancy */
/** @typedef {import('./run-attempts.js').Coverage} Coverage */
/** @typedef {import('./rows-in-view.js').NodesShown} NodesShown */
import { drawTimeAxis } from './gantt-axis.js';
import { laneOccupancy, OVERVIEW_BINS } from './lane-occupancy.js';
import { OverviewLayer } from './overview-layer.js';
import { holdsNodeIn, rowsDrawn } from './rows-in-view.js';

const GANTT_COLOURS = {
  map: '#0072B2',
  reduce: '#E69F00',
  failed: '#D55E00',
  killed: '#000000',
  running: '#8a9099',
  nodeLocal: '#009E73',
  rackLocal: '#56B4E9',
  offRack: '#D55E00',
  none: '#b8bec6',
  mixed: '#5c6570',
};
export const POOL_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000', '#8c6d31', '#7b4173', '#637939'];
/** @type {import('./overview-layer.js').OverviewColours} */
const OVERVIEW_COLOURS = {
  kind: [GANTT_COLOURS.map, GANTT_COLOURS.reduce],
  pools: POOL_COLOURS,
  localities: [GANTT_COLOURS.nodeLocal, GANTT_COLOURS.rackLocal, GANTT_COLOURS.offRack, GANTT_COLOURS.none],
  mixed: GANTT_COLOURS.mixed,
};
const STATUS_NAMES = ['succeeded', 'failed', 'killed', 'running at the end'];
const LOCALITY_NAMES = ['node-local', 'rack-local', 'off-rack', '—'];
const LABEL_WIDTH = 92;
/** Attempts in view above which a run with an overview draws it instead: a full redraw of a few hundred thousand takes a fraction of a second. */
const DETAIL_LIMIT = 300_000;
const AXIS_HEIGHT = 22;

/**
 * @typedef {object} GanttNodes
 * @property {readonly string[]} ids
 * @property {readonly number[]} rack
 * @property {readonly string[]} racks
 */

export class GanttView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} tip
   * @param {GanttNodes} nodes
   * @param {{ ids: readonly string[], pool: readonly number[], poolIds: readonly string[] }} jobs each job's id and pool index, and the pools' ids
   * @param {(attempt: number) => void} onSelect called with -1 when the click hit nothing
   * @param {() => void} [onDraw] called after each drawing (the view moved, or what it shows)
   */
  constructor(canvas, tip, nodes, jobs, onSelect, onDraw = () => {}) {
    this.canvas = canvas;
    this.tip = tip;
    this.nodes = nodes;
    this.jobs = jobs;
    this.onSelect = onSelect;
    this.onDraw = onDraw;
    /** @type {Attempts | null} */
    this.attempts = null;
    /** @type {Coverage | null} null: the attempts, if any, are all there are */
    this.coverage = null;
    /** @type {OverviewLayer | null} drawn while the attempts are not loaded, or too many are in view */
    this.overview = null;
    /** Attempt indices by node, each node's by start. */
    this.byNode = new Int32Array(0);
    this.nodeFirst = new Int32Array(nodes.ids.length + 1);
    this.lane = new Uint16Array(0);
    this.lanes = new Uint16Array(nodes.ids.length);
    this.longest = new Float64Array(nodes.ids.length);
    /** @type {number[]} node indices shown, in cluster order */
    this.rows = nodes.ids.map((_, i) => i);
    this.colourBy = 'kind';
    this.highlightJob = -1;
    this.selected = -1;
    this.end = 1;
    this.t0 = 0;
    this.t1 = 1;
    this.r0 = 0;
    this.rowsShown = 1;
    this.frame = 0;
    this.lastDrawMs = 0;
    this.listen();
  }

  /**
   * Shows a run: its attempts (in launch order), or its overview while they are not loaded, or both.
   * @param {Attempts | null} attempts
   * @param {LaneOccupancy | null} overview
   * @param {Coverage | null} [coverage] which attempts are loaded, when only some are
   */
  show(attempts, overview, coverage = null) {
    this.attempts = attempts;
    this.coverage = coverage;
    // A large run the page carries gets its overview here, for the zoomed-out views.
    const occupancy = overview ?? (attempts !== null && attempts.count > DETAIL_LIMIT ? occupancyOf(attempts, this.nodes.ids.length, this.jobs.pool) : null);
    this.overview = occupancy === null ? null : new OverviewLayer(occupancy, OVERVIEW_COLOURS);
    if (attempts !== null) this.index(attempts);
    else if (this.overview !== null) {
      const layer = this.overview;
      this.lanes = Uint16Array.from(this.nodes.ids, (_, k) => Math.max(1, layer.lanes(k)));
    }
    // Some attempts loaded: the run still ends where its overview says.
    if (this.overview !== null) this.end = Math.max(attempts === null ? 1 : this.end, this.overview.end);
    this.selected = -1;
    this.highlightJob = -1;
  }

  /**
   * Each node's attempts by start, and their lanes.
   * @param {Attempts} attempts
   */
  index(attempts) {
    const n = attempts.count;
    const nodeCount = this.nodes.ids.length;
    const first = new Int32Array(nodeCount + 1);
    for (let i = 0; i < n; i++) first[attempts.node[i] + 1]++;
    for (let k = 0; k < nodeCount; k++) first[k + 1] += first[k];
    const fill = first.slice(0, nodeCount);
    const byNode = new Int32Array(n);
    // Launch order is start order, so each node's list comes out sorted by start.
    for (let i = 0; i < n; i++) byNode[fill[attempts.node[i]]++] = i;
    this.byNode = byNode;
    this.nodeFirst = first;
    // Lanes packed in launch order, a node's attempts in its list's order: the attempts read one after
    // another, not node by node across the whole run (2 s of cache misses on a day of 16.7M).
    const { flags, start, end: ends, node } = attempts;
    const lane = (this.lane = new Uint16Array(n));
    const longest = (this.longest = new Float64Array(nodeCount));
    /** @type {number[][]} each node's lane ends, its maps' then its reduces' */
    const laneEnds = Array.from({ length: 2 * nodeCount }, () => []);
    let end = 1;
    for (let i = 0; i < n; i++) {
      const open = laneEnds[2 * node[i] + (flags[i] & 1)];
      let at = 0;
      while (at < open.length && open[at] > start[i]) at++;
      open[at] = ends[i];
      lane[i] = at;
      longest[node[i]] = Math.max(longest[node[i]], ends[i] - start[i]);
      end = Math.max(end, ends[i]);
    }
    // A node's reduce lanes below its map lanes.
    for (let i = 0; i < n; i++) if (flags[i] & 1) lane[i] += laneEnds[2 * node[i]].length;
    this.lanes = Uint16Array.from(this.nodes.ids, (_, k) => Math.max(1, laneEnds[2 * k].length + laneEnds[2 * k + 1].length));
    this.end = end;
  }

  /**
   * Keeps the nodes whose name or rack matches: comma-separated words, or a /regular expression/.
   * @param {string} text
   * @returns {number} rows shown
   */
  setFilter(text) {
    const wanted = text.trim();
    /** @type {(name: string) => boolean} */
    let matches = () => true;
    if (wanted.length > 1 && wanted.startsWith('/') && wanted.endsWith('/')) {
      try {
        const pattern = new RegExp(wanted.slice(1, -1), 'i');
        matches = (name) => pattern.test(name);
      } catch {
        matches = () => false;
      }
    } else if (wanted !== '') {
      const words = wanted.toLowerCase().split(',').map((w) => w.trim()).filter((w) => w !== '');
      matches = (name) => words.some((w) => name.toLowerCase().includes(w));
    }
    this.rows = [];
    this.nodes.ids.forEach((id, k) => {
      if (matches(id) || matches(this.nodes.racks[this.nodes.rack[k]])) this.rows.push(k);
    });
    this.r0 = 0;
    this.rowsShown = Math.max(1, this.rows.length);
    this.request();
    return this.rows.length;
  }

  /** @param {string} mode kind, pool or locality */
  setColour(mode) {
    this.colourBy = mode;
    this.request();
  }

  /**
   * Highlights one job's attempts (-1: none) and outlines the selected attempt.
   * @param {number} job
   * @param {number} attempt
   */
  highlight(job, attempt) {
    this.highlightJob = job;
    this.selected = attempt;
    this.request();
  }

  reset() {
    this.t0 = 0;
    this.t1 = this.end * 1.01;
    this.r0 = 0;
    this.rowsShown = Math.max(1, this.rows.length);
    this.request();
  }

  /**
   * Shows the time from `from` to `to` (seconds), with a margin of a tenth on each side, every row.
   * @param {number} from
   * @param {number} to
   */
  showSpan(from, to) {
    const margin = Math.max(1, (to - from) / 10);
    this.t0 = Math.max(0, from - margin);
    this.t1 = to + margin;
    this.r0 = 0;
    this.rowsShown = Math.max(1, this.rows.length);
    this.request();
  }

  request() {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  plot() {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    return { left: LABEL_WIDTH, top: AXIS_HEIGHT, width: Math.max(10, width - LABEL_WIDTH - 8), height: Math.max(10, height - AXIS_HEIGHT - 4) };
  }

  draw() {
    const began = performance.now();
    const canvas = this.canvas;
    const ratio = window.devicePixelRatio || 1;
    const cssWidth = canvas.clientWidth;
    const cssHeight = canvas.clientHeight;
    if (canvas.width !== Math.round(cssWidth * ratio) || canvas.height !== Math.round(cssHeight * ratio)) {
      canvas.width = Math.round(cssWidth * ratio);
      canvas.height = Math.round(cssHeight * ratio);
    }
    const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, cssWidth, cssHeight);
    const p = this.plot();
    const a = this.attempts;
    const rowHeight = p.height / this.rowsShown;
    const scale = p.width / (this.t1 - this.t0);
    const [firstRow, lastRow] = rowsDrawn(this.rows.length, this.r0, this.rowsShown);
    g.font = '11px system-ui, sans-serif';
    g.textBaseline = 'middle';
    // Row backgrounds and labels, when rows are tall enough to tell apart.
    for (let r = firstRow; r <= lastRow; r++) {
      const y = p.top + (r - this.r0) * rowHeight;
      if (rowHeight >= 4 && r % 2 === 0) {
        g.fillStyle = '#f3f5f7';
        g.fillRect(p.left, y, p.width, rowHeight);
      }
      if (rowHeight >= 11) {
        g.fillStyle = '#1f2328';
        g.fillText(this.nodes.ids[this.rows[r]], 4, y + rowHeight / 2, LABEL_WIDTH - 8);
      }
    }
    if (rowHeight < 11 && this.rows.length > 0) {
      g.fillStyle = '#5b636e';
      g.fillText(`${this.rows.length} nodes`, 4, p.top + 8, LABEL_WIDTH - 8);
      g.fillText('(zoom in', 4, p.top + 22, LABEL_WIDTH - 8);
      g.fillText(' for names)', 4, p.top + 36, LABEL_WIDTH - 8);
    }
    drawTimeAxis(g, p, this.t0, this.t1);
    let drawn = 0;
    const detailed = this.detailed();
    if (!detailed && this.overview !== null) drawn = this.overview.draw(g, p, this, firstRow, lastRow);
    if (a !== null && detailed) {
      g.save();
      g.beginPath();
      g.rect(p.left, p.top, p.width, p.height);
      g.clip();
      const dim = this.highlightJob >= 0;
      /** @type {Map<string, number[]>} rectangles by colour, drawn in one pass each */
      const batches = new Map();
      /** @type {number[]} */
      const highlighted = [];
      for (let r = firstRow; r <= lastRow; r++) {
        const k = this.rows[r];
        const y = p.top + (r - this.r0) * rowHeight;
        const laneHeight = rowHeight / this.lanes[k];
        const gap = laneHeight > 4 ? 1 : 0;
        const from = this.firstVisible(k, this.t0 - this.longest[k]);
        /** @type {number[]} per lane: the right edge and colour of the last rectangle */
        const lastRight = [];
        /** @type {string[]} */
        const lastColour = [];
        /** @type {number[][]} */
        const lastRect = [];
        for (let q = from; q < this.nodeFirst[k + 1]; q++) {
          const i = this.byNode[q];
          if (a.start[i] > this.t1) break;
          if (a.end[i] < this.t0) continue;
          const x0 = p.left + (a.start[i] - this.t0) * scale;
          const x1 = Math.max(x0 + 0.5, p.left + (a.end[i] - this.t0) * scale);
          const lane = this.lane[i];
          if (dim && a.job[i] === this.highlightJob) {
            highlighted.push(x0, y + lane * laneHeight, x1 - x0, Math.max(0.5, laneHeight - gap));
            continue;
          }
          const colour = this.colourOf(i, dim);
          if (lastColour[lane] === colour && x0 <= lastRight[lane] + 0.5) {
            const rect = lastRect[lane];
            const right = Math.max(lastRight[lane], x1);
            rect[rect.length - 2] = right - rect[rect.length - 4];
            lastRight[lane] = right;
            continue;
          }
          let batch = batches.get(colour);
          if (batch === undefined) batches.set(colour, (batch = []));
          batch.push(x0, y + lane * laneHeight, x1 - x0, Math.max(0.5, laneHeight - gap));
          lastColour[lane] = colour;
          lastRight[lane] = x1;
          lastRect[lane] = batch;
          drawn++;
        }
      }
      for (const [colour, rects] of batches) {
        g.fillStyle = colour;
        for (let j = 0; j < rects.length; j += 4) g.fillRect(rects[j], rects[j + 1], rects[j + 2], rects[j + 3]);
      }
      g.fillStyle = '#1f2328';
      for (let j = 0; j < highlighted.length; j += 4) g.fillRect(highlighted[j], highlighted[j + 1], Math.max(2, highlighted[j + 2]), Math.max(2, highlighted[j + 3]));
      drawn += highlighted.length / 4;
      this.outlineSelected(g, p, scale, rowHeight);
      g.restore();
    }
    this.lastDrawMs = performance.now() - began;
    // What is in view, for people reading the page's state (and the browser tests).
    this.canvas.dataset.drawMs = this.lastDrawMs.toFixed(1);
    this.canvas.dataset.rectangles = String(drawn);
    this.canvas.dataset.window = `${this.t0.toFixed(1)} ${this.t1.toFixed(1)}`;
    this.canvas.dataset.rows = String(this.rows.length);
    this.canvas.dataset.detail = detailed ? 'attempts' : 'overview';
    this.onDraw();
  }

  /** Whether the attempts are drawn: those of the time in view loaded, and with an overview no more of them in view than DETAIL_LIMIT. */
  detailed() {
    if (this.attempts === null || (this.coverage !== null && !this.coverage.covers(this.t0, this.t1, this.shows))) return false;
    return this.overview === null || this.attemptsInView(this.t1 - this.t0) <= DETAIL_LIMIT;
  }

  /** @type {NodesShown} */
  shows = (first, last) => holdsNodeIn(this.rows, ...rowsDrawn(this.rows.length, this.r0, this.rowsShown), first, last);

  /** Whether every node is in view. */
  showsEveryNode() {
    return this.rows.length === this.nodes.ids.length && this.r0 <= 0 && this.rowsShown >= this.rows.length;
  }

  /**
   * The attempts a window of `span` seconds over the rows shown would hold, as if spread evenly.
   * @param {number} span
   */
  attemptsInView(span) {
    const rows = Math.min(this.rowsShown, this.rows.length) / this.nodes.ids.length;
    return (this.coverage?.total ?? this.attempts?.count ?? 0) * rows * (span / this.end);
  }

  /**
   * A click on the overview: time zoomed in around it, far enough for the attempts to be drawn when they are loaded, a quarter at least.
   * @param {number} x CSS pixels in the canvas
   */
  zoomInAt(x) {
    const p = this.plot();
    const span = this.t1 - this.t0;
    const at = this.t0 + ((x - p.left) / p.width) * span;
    const inView = this.attemptsInView(span);
    const next = Math.max(1, span * Math.min(1 / 4, inView > 0 ? DETAIL_LIMIT / 2 / inView : 1));
    this.t0 = clamp(at - next / 2, 0, Math.max(0, this.end * 1.01 - next));
    this.t1 = this.t0 + next;
    this.tip.hidden = true;
    this.request();
  }

  /**
   * What the overview says under a point of the canvas (CSS pixels), or null.
   * @param {number} x
   * @param {number} y
   * @returns {string | null}
   */
  overviewAt(x, y) {
    const p = this.plot();
    if (this.overview === null || this.detailed() || x < p.left || y < p.top || y > p.top + p.height) return null;
    const r = Math.floor(this.r0 + ((y - p.top) / p.height) * this.rowsShown);
    if (r < 0 || r >= this.rows.length) return null;
    const k = this.rows[r];
    return this.overview.describe(k, this.nodes.ids[k], this.t0 + ((x - p.left) / p.width) * (this.t1 - this.t0), this.jobs.poolIds, LOCALITY_NAMES);
  }

  /**
   * @param {CanvasRenderingContext2D} g
   * @param {{ left: number, top: number, width: number, height: number }} p
   * @param {number} scale
   * @param {number} rowHeight
   */
  outlineSelected(g, p, scale, rowHeight) {
    const a = this.attempts;
    if (a === null || this.selected < 0) return;
    const r = this.rows.indexOf(a.node[this.selected]);
    if (r < 0) return;
    const k = a.node[this.selected];
    const laneHeight = rowHeight / this.lanes[k];
    const x0 = p.left + (a.start[this.selected] - this.t0) * scale;
    const x1 = p.left + (a.end[this.selected] - this.t0) * scale;
    const y = p.top + (r - this.r0) * rowHeight + this.lane[this.selected] * laneHeight;
    g.strokeStyle = '#e3007c';
    g.lineWidth = 2;
    g.strokeRect(x0 - 1, y - 1, Math.max(3, x1 - x0) + 2, Math.max(3, laneHeight) + 2);
  }

  /**
   * The first attempt of node `k` (position in byNode) starting at or after `time`.
   * @param {number} k
   * @param {number} time
   */
  firstVisible(k, time) {
    const a = /** @type {Attempts} */ (this.attempts);
    let lo = this.nodeFirst[k];
    let hi = this.nodeFirst[k + 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (a.start[this.byNode[mid]] < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * @param {number} i
   * @param {boolean} dim
   */
  colourOf(i, dim) {
    const a = /** @type {Attempts} */ (this.attempts);
    const flags = a.flags[i];
    const status = (flags >> 1) & 3;
    let colour;
    if (status === 1) colour = GANTT_COLOURS.failed;
    else if (status === 2) colour = GANTT_COLOURS.killed;
    else if (status === 3) colour = GANTT_COLOURS.running;
    else if (this.colourBy === 'pool') colour = POOL_COLOURS[this.jobs.pool[a.job[i]] % POOL_COLOURS.length];
    else if (this.colourBy === 'locality') colour = OVERVIEW_COLOURS.localities[(flags >> 3) & 3];
    else colour = flags & 1 ? GANTT_COLOURS.reduce : GANTT_COLOURS.map;
    return dim ? `${colour}40` : colour;
  }

  /**
   * The attempt under a point of the canvas (CSS pixels), or -1.
   * @param {number} x
   * @param {number} y
   */
  attemptAt(x, y) {
    const a = this.attempts;
    const p = this.plot();
    if (a === null || !this.detailed() || x < p.left || y < p.top || y > p.top + p.height) return -1;
    const rowHeight = p.height / this.rowsShown;
    const r = Math.floor(this.r0 + (y - p.top) / rowHeight);
    if (r < 0 || r >= this.rows.length) return -1;
    const k = this.rows[r];
    const laneHeight = rowHeight / this.lanes[k];
    const lane = Math.floor((y - p.top - (r - this.r0) * rowHeight) / laneHeight);
    const scale = p.width / (this.t1 - this.t0);
    const time = this.t0 + (x - p.left) / scale;
    const slack = 2 / scale;
    let best = -1;
    for (let q = this.firstVisible(k, time - this.longest[k] - slack); q < this.nodeFirst[k + 1]; q++) {
      const i = this.byNode[q];
      if (a.start[i] > time + slack) break;
      if (a.end[i] + slack < time) continue;
      if (laneHeight >= 3 && this.lane[i] !== lane) continue;
      best = i;
    }
    return best;
  }

  /**
   * What a tooltip says of an attempt.
   * @param {number} i
   */
  describe(i) {
    const a = /** @type {Attempts} */ (this.attempts);
    const kind = a.flags[i] & 1 ? 'reduce' : 'map';
    return [
      `job ${this.jobs.ids[a.job[i]]}, ${kind}${a.task[i] < 0 ? '' : ` ${a.task[i]}`}${a.attempt[i] > 0 ? ` (attempt ${a.attempt[i]})` : ''}`,
      `node ${this.nodes.ids[a.node[i]]}, ${a.start[i].toFixed(1)}–${a.end[i].toFixed(1)} s`,
      `${STATUS_NAMES[(a.flags[i] >> 1) & 3]}${kind === 'map' ? `, ${LOCALITY_NAMES[(a.flags[i] >> 3) & 3]}` : ''}`,
    ].join('\n');
  }

  listen() {
    const canvas = this.canvas;
    /** @type {{ x: number, y: number, t0: number, t1: number, r0: number, moved: boolean } | null} */
    let drag = null;
    canvas.addEventListener('wheel', (event) => {
      event.preventDefault();
      this.tip.hidden = true;
      const p = this.plot();
      const rect = canvas.getBoundingClientRect();
      const factor = Math.pow(1.0015, event.deltaY || event.deltaX);
      if (event.shiftKey) {
        const at = this.r0 + ((event.clientY - rect.top - p.top) / p.height) * this.rowsShown;
        const shown = Math.min(Math.max(1, this.rows.length), Math.max(2, this.rowsShown * factor));
        this.r0 = clamp(at - ((at - this.r0) * shown) / this.rowsShown, 0, Math.max(0, this.rows.length - shown));
        this.rowsShown = shown;
      } else {
        const at = this.t0 + ((event.clientX - rect.left - p.left) / p.width) * (this.t1 - this.t0);
        const span = clamp((this.t1 - this.t0) * factor, 1, this.end * 1.01);
        this.t0 = clamp(at - ((at - this.t0) * span) / (this.t1 - this.t0), 0, this.end * 1.01 - span);
        this.t1 = this.t0 + span;
      }
      this.request();
    }, { passive: false });
    canvas.addEventListener('pointerdown', (event) => {
      drag = { x: event.clientX, y: event.clientY, t0: this.t0, t1: this.t1, r0: this.r0, moved: false };
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener('pointermove', (event) => {
      const rect = canvas.getBoundingClientRect();
      if (drag !== null) {
        const dx = event.clientX - drag.x;
        const dy = event.clientY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
        if (drag.moved) {
          const p = this.plot();
          const span = drag.t1 - drag.t0;
          this.t0 = clamp(drag.t0 - (dx / p.width) * span, 0, Math.max(0, this.end * 1.01 - span));
          this.t1 = this.t0 + span;
          this.r0 = clamp(drag.r0 - (dy / p.height) * this.rowsShown, 0, Math.max(0, this.rows.length - this.rowsShown));
          this.tip.hidden = true;
          this.request();
          return;
        }
      }
      const i = this.attemptAt(event.clientX - rect.left, event.clientY - rect.top);
      const text = i >= 0 ? this.describe(i) : this.overviewAt(event.clientX - rect.left, event.clientY - rect.top);
      if (text === null) {
        this.tip.hidden = true;
        return;
      }
      this.tip.textContent = text;
      this.tip.hidden = false;
      const x = event.clientX - rect.left + 14;
      this.tip.style.left = `${Math.min(x, rect.width - this.tip.offsetWidth - 4)}px`;
      this.tip.style.top = `${event.clientY - rect.top + 14}px`;
    });
    canvas.addEventListener('pointerup', (event) => {
      const wasDrag = drag !== null && drag.moved;
      drag = null;
      if (wasDrag) return;
      const rect = canvas.getBoundingClientRect();
      if (this.overview !== null && !this.detailed()) this.zoomInAt(event.clientX - rect.left);
      else this.onSelect(this.attemptAt(event.clientX - rect.left, event.clientY - rect.top));
    });
    canvas.addEventListener('pointerleave', () => (this.tip.hidden = true));
    canvas.addEventListener('dblclick', () => this.reset());
    new ResizeObserver(() => this.request()).observe(canvas);
  }
}

/**
 * The overview of attempts the page carries.
 * @param {Attempts} attempts
 * @param {number} nodes
 * @param {readonly number[]} poolOfJob
 */
function occupancyOf(attempts, nodes, poolOfJob) {
  const kind = attempts.flags.map((flags) => flags & 1);
  const locality = attempts.flags.map((flags) => (flags >> 3) & 3);
  return laneOccupancy({ count: attempts.count, node: attempts.node, kind, start: attempts.start, end: attempts.end, job: attempts.job, locality }, nodes, OVERVIEW_BINS, poolOfJob);
}

/**
 * @param {number} value
 * @param {number} low
 * @param {number} high
 */
function clamp(value, low, high) {
  return Math.min(Math.max(value, low), Math.max(low, high));
}
