/**
 * Slot occupancy over time for one run: one row per node (the first
 * `maxNodes` in cluster order), maps and reduces in two colours, failed and
 * killed attempts marked at the moment they stopped, node outages hatched.
 *
 * Two drawings, chosen by size so the chart stays legible and the file small:
 *
 * - lanes: each row holds one lane per slot (map lanes above reduce lanes on
 *   split-slot nodes) and each attempt is a bar in its lane. Lanes are
 *   assigned greedily from the attempts' times (the run does not record slot
 *   numbers); attempts of the same kind and status that touch at the
 *   chart's resolution are drawn as one bar.
 * - occupancy: when that would need more than `maxBars` bars or lanes thinner
 *   than 3 px, each row shows the share of the node's slots busy in every
 *   4-px column of time, maps from the bottom and reduces stacked on them.
 *
 * Either way the markup grows with the chart's pixels, not with the attempts.
 */
import {
  KIND_MAP,
  LOCALITIES,
  STATUS_FAILED,
  STATUS_KILLED,
  TASK_KINDS,
  ATTEMPT_STATUSES,
  type RunRecord,
} from '../model/run-record.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { bottomAxis, linearScale, timeUnit, unitTicks, verticalGrid, type Scale } from './axis.js';
import { GANTT_COLOURS } from './palette.js';
import { escapeXml, num, svgRoot, text, truncate } from './svg.js';

export interface GanttOptions {
  /** Unique within the page. */
  readonly id: string;
  readonly title: string;
  /** Nodes shown, first ones in cluster order. */
  readonly maxNodes?: number;
  /** Most bars drawn in the lanes drawing before switching to occupancy. */
  readonly maxBars?: number;
  /** Bars get a tooltip naming their attempt while there are at most this many. */
  readonly maxTooltips?: number;
  /** Most failure/kill markers drawn. */
  readonly maxMarkers?: number;
  /** Force one drawing; by default lanes when they fit, else occupancy. */
  readonly drawing?: 'auto' | 'lanes' | 'occupancy';
  readonly width?: number;
  /**
   * The time axis's end; by default the run's last moment. Give charts of
   * several runs the same end so their lengths compare at a glance.
   */
  readonly until?: number;
}

/** The last moment a chart of this run shows: the run's end or its last attempt's end, whichever is later. */
export function runEnd(run: RunRecord): number {
  return lastMoment(run, attemptEnds(run));
}

/** runEnd, given the attempts' effective ends. */
function lastMoment(run: RunRecord, ends: Float64Array): number {
  let end = Number.isFinite(run.endTime) ? run.endTime : 0;
  for (const e of ends) if (e > end) end = e;
  return end;
}

export interface GanttChart {
  readonly svg: string;
  readonly drawing: 'lanes' | 'occupancy';
  readonly nodesShown: number;
  readonly nodesTotal: number;
  /** Attempts on the nodes shown. */
  readonly attemptsShown: number;
  /** Rectangles (lanes) or filled areas (occupancy) drawn. */
  readonly shapes: number;
  readonly markersDrawn: number;
  readonly markersOmitted: number;
}

const CLASS_OK = 0;
const CLASS_FAILED = 1;
const CLASS_KILLED = 2;
const LABEL_WIDTH = 118;
const MAX_PLOT_HEIGHT = 800;
const BIN_PX = 4;
const BAR_LABEL_FONT = 9;

interface Bar {
  readonly x0: number;
  x1: number;
  readonly y: number;
  readonly h: number;
  readonly kind: number;
  readonly cls: number;
  /** The attempt, while the bar is exactly one. */
  attempt: number;
}

interface Marker {
  readonly x: number;
  readonly y: number;
  readonly h: number;
  readonly failed: boolean;
}

function attemptClass(status: number): number {
  return status === STATUS_FAILED ? CLASS_FAILED : status === STATUS_KILLED ? CLASS_KILLED : CLASS_OK;
}

/** Lane of every attempt of one node: greedy interval partitioning, maps and reduces apart on split-slot nodes. */
function assignLanes(
  run: RunRecord,
  node: number,
  attempts: readonly number[],
  ends: Float64Array,
): { lane: Map<number, number>; lanes: number } {
  const spec = run.scenario.cluster.nodes[node];
  const a = run.attempts;
  const split = spec.slotModel === 'split';
  const groups: number[][] = split ? [[], []] : [[]];
  for (const i of attempts) groups[split ? a.kind[i] : 0].push(i);
  const lane = new Map<number, number>();
  let offset = 0;
  groups.forEach((group, g) => {
    group.sort((p, q) => a.start[p] - a.start[q] || ends[p] - ends[q] || p - q);
    const free: number[] = [];
    for (const i of group) {
      let l = free.findIndex((t) => t <= a.start[i] + 1e-9);
      if (l < 0) {
        l = free.length;
        free.push(0);
      }
      free[l] = ends[i];
      lane.set(i, offset + l);
    }
    const nominal = split ? (g === KIND_MAP ? spec.mapSlots : spec.reduceSlots) : spec.totalSlots;
    offset += Math.max(free.length, nominal, group.length > 0 ? 1 : 0);
  });
  return { lane, lanes: Math.max(1, offset) };
}

export function renderGanttChart(run: RunRecord, options: GanttOptions): GanttChart {
  const maxNodes = options.maxNodes ?? 40;
  const maxBars = options.maxBars ?? 6000;
  const maxTooltips = options.maxTooltips ?? 1500;
  const maxMarkers = options.maxMarkers ?? 2000;
  const width = options.width ?? 1160;
  const a = run.attempts;
  const nodes = run.scenario.cluster.nodes;
  const shown = Math.min(maxNodes, nodes.length);

  const ends = attemptEnds(run);
  let t0 = 0;
  let t1 = lastMoment(run, ends);
  for (const job of run.jobs) t0 = Math.min(t0, job.submit);
  const perNode: number[][] = Array.from({ length: shown }, () => []);
  for (let i = 0; i < a.count; i++) {
    if (a.start[i] < t0) t0 = a.start[i];
    if (a.node[i] >= 0 && a.node[i] < shown) perNode[a.node[i]].push(i);
  }
  if (options.until !== undefined && options.until > t1) t1 = options.until;
  if (!(t1 > t0)) t1 = t0 + 1;
  const attemptsShown = perNode.reduce((s, list) => s + list.length, 0);

  const plotLeft = LABEL_WIDTH;
  const plotRight = width - 16;
  const top = 58;
  const x = linearScale([t0, t1], [plotLeft, plotRight]);

  const laneInfo = perNode.map((list, n) => assignLanes(run, n, list, ends));
  const totalLanes = laneInfo.reduce((s, l) => s + l.lanes, 0);
  const rowGap = 3;
  const fittingLane = Math.min(12, Math.floor((MAX_PLOT_HEIGHT - rowGap * shown) / Math.max(1, totalLanes)));
  const laneHeight = Math.max(2, fittingLane);
  let bars: Bar[] | null = null;
  const drawingOption = options.drawing ?? 'auto';
  if (drawingOption === 'lanes' || (drawingOption === 'auto' && fittingLane >= 3)) {
    const limit = drawingOption === 'lanes' ? Infinity : maxBars;
    bars = laneBars(run, perNode, laneInfo, ends, x, top, laneHeight, rowGap, limit);
  }

  const drawing = bars === null ? 'occupancy' : 'lanes';
  const rowHeights =
    bars === null
      ? perNode.map(() => Math.max(12, Math.min(22, Math.floor(MAX_PLOT_HEIGHT / Math.max(1, shown)) - rowGap)))
      : laneInfo.map((l) => l.lanes * laneHeight);
  const rowTops: number[] = [];
  let y = top;
  for (const h of rowHeights) {
    rowTops.push(y);
    y += h + rowGap;
  }
  const plotBottom = Math.max(y - rowGap, top + 10);
  const height = plotBottom + 64;

  let body = '';
  body += `<defs><pattern id="${escapeXml(options.id)}-down" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`;
  body += `<rect width="6" height="6" fill="#ffffff"/><line x1="0" y1="0" x2="0" y2="6" stroke="${GANTT_COLOURS.down}" stroke-width="3"/></pattern></defs>`;
  const outages = run.scenario.settings.failures.filter(
    (f) => f.node >= 0 && f.node < shown && f.at < t1 && (f.recoverAt === null || f.recoverAt > Math.max(t0, f.at)),
  );
  let anyFailed = false;
  let anyKilled = false;
  for (const list of perNode) {
    for (const i of list) {
      if (a.status[i] === STATUS_FAILED) anyFailed = true;
      else if (a.status[i] === STATUS_KILLED) anyKilled = true;
    }
  }
  body += legend(options.id, plotLeft, drawing, { failed: anyFailed, killed: anyKilled, down: outages.length > 0 });

  // Row backgrounds and labels.
  let lastLabelBottom = -Infinity;
  rowHeights.forEach((h, n) => {
    const rowTop = rowTops[n];
    body += `<rect class="row-bg" x="${num(plotLeft)}" y="${num(rowTop)}" width="${num(plotRight - plotLeft)}" height="${num(h)}"/>`;
    const centre = rowTop + h / 2;
    if (centre - 5 >= lastLabelBottom) {
      const label = nodes[n].id;
      body += `<text class="row-label" x="${num(plotLeft - 6)}" y="${num(centre)}" dy="0.32em" text-anchor="end">${escapeXml(truncate(label, 16))}<title>${escapeXml(`${label} (rack ${nodes[n].rack})`)}</title></text>`;
      lastLabelBottom = centre + 6;
    }
  });

  const unit = timeUnit(t1 - t0);
  const ticks = unitTicks(t0, t1, unit, 10);
  body += verticalGrid(x, ticks, top, plotBottom);

  // Outages.
  for (const failure of outages) {
    const from = x(Math.max(t0, failure.at));
    const to = x(Math.min(t1, failure.recoverAt ?? t1));
    if (!(to > from)) continue;
    body += `<rect x="${num(from)}" y="${num(rowTops[failure.node])}" width="${num(to - from)}" height="${num(rowHeights[failure.node])}" fill="url(#${escapeXml(options.id)}-down)"><title>${escapeXml(nodes[failure.node].id)} down</title></rect>`;
  }

  let shapes: number;
  const markers: Marker[] = [];
  if (bars !== null) {
    const tooltips = bars.length <= maxTooltips;
    body += drawBars(run, bars, ends, tooltips);
    shapes = bars.length;
    for (const bar of bars) {
      if (bar.cls !== CLASS_OK) markers.push({ x: bar.x1, y: bar.y, h: bar.h, failed: bar.cls === CLASS_FAILED });
    }
  } else {
    const drawn = drawOccupancy(run, perNode, ends, x, rowTops, rowHeights);
    body += drawn.markup;
    shapes = drawn.shapes;
    perNode.forEach((list, n) => {
      for (const i of list) {
        const cls = attemptClass(a.status[i]);
        if (cls !== CLASS_OK) markers.push({ x: x(ends[i]), y: rowTops[n], h: Math.min(6, rowHeights[n]), failed: cls === CLASS_FAILED });
      }
    });
  }
  const marked = drawMarkers(markers, maxMarkers);
  body += marked.markup;

  body += bottomAxis({ scale: x, ticks, y: plotBottom + 4, title: `simulated time (${unit.label})` });

  const svg = svgRoot(
    {
      id: options.id,
      width,
      height,
      title: options.title,
      description:
        `Slot occupancy of ${shown} of ${nodes.length} nodes over time, ${attemptsShown} task attempts; ` +
        (drawing === 'lanes'
          ? 'one lane per slot, one bar per attempt, maps and reduces in two colours.'
          : 'each row shows the share of the node’s slots busy with maps and reduces.') +
        ` ${marked.drawn} failed or killed attempts marked.`,
    },
    body,
  );
  return {
    svg,
    drawing,
    nodesShown: shown,
    nodesTotal: nodes.length,
    attemptsShown,
    shapes,
    markersDrawn: marked.drawn,
    markersOmitted: marked.omitted,
  };
}

/** The bars of the lanes drawing, or null when there would be more than `maxBars`. */
function laneBars(
  run: RunRecord,
  perNode: readonly number[][],
  laneInfo: readonly { lane: Map<number, number>; lanes: number }[],
  ends: Float64Array,
  x: Scale,
  top: number,
  laneHeight: number,
  rowGap: number,
  maxBars: number,
): Bar[] | null {
  const a = run.attempts;
  const bars: Bar[] = [];
  let rowTop = top;
  for (let n = 0; n < perNode.length; n++) {
    const { lane, lanes } = laneInfo[n];
    const lastInLane: (Bar | null)[] = new Array<Bar | null>(lanes).fill(null);
    const list = [...perNode[n]].sort((p, q) => a.start[p] - a.start[q] || p - q);
    for (const i of list) {
      const l = lane.get(i)!;
      const x0 = x(a.start[i]);
      const x1 = Math.max(x(ends[i]), x0 + 0.75);
      const cls = attemptClass(a.status[i]);
      const prev = lastInLane[l];
      if (prev !== null && prev.kind === a.kind[i] && prev.cls === cls && cls === CLASS_OK && x0 - prev.x1 < 0.5) {
        prev.x1 = Math.max(prev.x1, x1);
        prev.attempt = -1;
        continue;
      }
      const bar: Bar = { x0, x1, y: rowTop + l * laneHeight + 0.5, h: laneHeight - 1, kind: a.kind[i], cls, attempt: i };
      bars.push(bar);
      lastInLane[l] = bar;
      if (bars.length > maxBars) return null;
    }
    rowTop += lanes * laneHeight + rowGap;
  }
  return bars;
}

const LOCALITY_TEXT: Readonly<Record<string, string>> = { node: ', node-local', rack: ', rack-local', off: ', off-rack' };

/** Bars grouped by colour; with tooltips, each single-attempt bar names its attempt and, when wide enough, shows its job id. */
function drawBars(run: RunRecord, bars: readonly Bar[], ends: Float64Array, tooltips: boolean): string {
  const a = run.attempts;
  const jobs = run.scenario.jobs;
  let out = '';
  for (const kind of [0, 1]) {
    for (const cls of [CLASS_OK, CLASS_FAILED, CLASS_KILLED]) {
      const group = bars.filter((b) => b.kind === kind && b.cls === cls);
      if (group.length === 0) continue;
      const fill = kind === KIND_MAP ? GANTT_COLOURS.map : GANTT_COLOURS.reduce;
      const opacity = cls === CLASS_OK ? '' : ' fill-opacity="0.4"';
      if (tooltips) {
        out += `<g fill="${fill}"${opacity}>`;
        for (const b of group) {
          const rect = `<rect x="${num(b.x0)}" y="${num(b.y)}" width="${num(b.x1 - b.x0)}" height="${num(b.h)}"`;
          if (b.attempt < 0) {
            out += `${rect}/>`;
            continue;
          }
          const i = b.attempt;
          const locality = a.kind[i] === KIND_MAP ? (LOCALITY_TEXT[LOCALITIES[a.locality[i]]] ?? '') : '';
          const status = ATTEMPT_STATUSES[a.status[i]] ?? 'running';
          const tip =
            `job ${jobs[a.job[i]]?.id ?? a.job[i]} ${TASK_KINDS[a.kind[i]]} ${a.task[i]} attempt ${a.attempt[i]}: ` +
            `${a.start[i].toFixed(1)}–${ends[i].toFixed(1)} s, ${status}${locality}`;
          out += `${rect}><title>${escapeXml(tip)}</title></rect>`;
        }
        out += '</g>';
        out += barLabels(run, group, kind === KIND_MAP && cls === CLASS_OK);
      } else {
        let d = '';
        for (const b of group) d += `M${num(b.x0)} ${num(b.y)}h${num(b.x1 - b.x0)}v${num(b.h)}h${num(b.x0 - b.x1)}z`;
        out += `<path fill="${fill}"${opacity} d="${d}"/>`;
      }
    }
  }
  return out;
}

/** Job ids inside the bars that have room for them. */
function barLabels(run: RunRecord, bars: readonly Bar[], onDark: boolean): string {
  let out = '';
  for (const b of bars) {
    if (b.attempt < 0 || b.h < 9) continue;
    const id = run.scenario.jobs[run.attempts.job[b.attempt]]?.id;
    if (id === undefined) continue;
    const room = Math.floor((b.x1 - b.x0 - 6) / (BAR_LABEL_FONT * 0.6));
    if (room < Math.min(4, Array.from(id).length)) continue;
    out += `<text x="${num(b.x0 + 3)}" y="${num(b.y + b.h / 2)}" dy="0.34em">${escapeXml(truncate(id, room))}</text>`;
  }
  return out === '' ? '' : `<g class="${onDark ? 'bar-label on-dark' : 'bar-label'}">${out}</g>`;
}

/** The occupancy drawing: per row, busy share of the node's slots in each 4-px column, reduces stacked on maps. */
function drawOccupancy(
  run: RunRecord,
  perNode: readonly number[][],
  ends: Float64Array,
  x: Scale,
  rowTops: readonly number[],
  rowHeights: readonly number[],
): { markup: string; shapes: number } {
  const a = run.attempts;
  const [left, right] = x.range;
  const bins = Math.max(1, Math.floor((right - left) / BIN_PX));
  const [t0, t1] = x.domain;
  const binTime = (t1 - t0) / bins;
  const busy = [new Float64Array(bins + 1), new Float64Array(bins + 1)];
  const full = [new Float64Array(bins + 1), new Float64Array(bins + 1)];
  let mapPaths = '';
  let reducePaths = '';
  let shapes = 0;
  perNode.forEach((list, n) => {
    for (const arr of [...busy, ...full]) arr.fill(0);
    for (const i of list) addBusy(busy[a.kind[i]], full[a.kind[i]], (a.start[i] - t0) / binTime, (ends[i] - t0) / binTime, bins);
    const slots = Math.max(1, run.scenario.cluster.nodes[n].totalSlots);
    const h = rowHeights[n];
    const base = rowTops[n] + h;
    const mapH = new Float64Array(bins);
    const allH = new Float64Array(bins);
    let fullMap = 0;
    let fullReduce = 0;
    for (let b = 0; b < bins; b++) {
      fullMap += full[0][b];
      fullReduce += full[1][b];
      const m = Math.min(1, (busy[0][b] + fullMap) / slots);
      const r = Math.min(1 - m, (busy[1][b] + fullReduce) / slots);
      mapH[b] = Math.round(m * h * 2) / 2;
      allH[b] = Math.round((m + r) * h * 2) / 2;
    }
    const reduceArea = stepArea(allH, left, BIN_PX, base);
    const mapArea = stepArea(mapH, left, BIN_PX, base);
    if (reduceArea !== '') {
      reducePaths += reduceArea;
      shapes++;
    }
    if (mapArea !== '') {
      mapPaths += mapArea;
      shapes++;
    }
  });
  let markup = '';
  if (reducePaths !== '') markup += `<path fill="${GANTT_COLOURS.reduce}" d="${reducePaths}"/>`;
  if (mapPaths !== '') markup += `<path fill="${GANTT_COLOURS.map}" d="${mapPaths}"/>`;
  return { markup, shapes };
}

/**
 * Adds an interval [s, e) given in bin units to per-bin busy time: partial
 * bins directly, whole bins as +1/−1 in `full` (a difference array, summed by
 * the caller), so each attempt costs O(1).
 */
function addBusy(busy: Float64Array, full: Float64Array, s: number, e: number, bins: number): void {
  const start = Math.max(0, Math.min(bins, s));
  const end = Math.max(0, Math.min(bins, e));
  if (!(end > start)) return;
  const b0 = Math.floor(start);
  const b1 = Math.floor(end);
  if (b0 === b1) {
    busy[b0] += end - start;
    return;
  }
  busy[b0] += b0 + 1 - start;
  if (b1 < bins) busy[b1] += end - b1;
  if (b1 > b0 + 1) {
    full[b0 + 1] += 1;
    full[b1] -= 1;
  }
}

/** A filled step area standing on `base`, one step per bin; runs of zero height are left out. */
export function stepArea(heights: Float64Array, left: number, binWidth: number, base: number): string {
  let d = '';
  let prev = 0;
  const bx = (b: number) => num(left + b * binWidth);
  for (let b = 0; b < heights.length; b++) {
    const h = heights[b];
    if (h === prev) continue;
    if (prev === 0) d += `M${bx(b)} ${num(base)}V${num(base - h)}`;
    else if (h === 0) d += `H${bx(b)}V${num(base)}Z`;
    else d += `H${bx(b)}V${num(base - h)}`;
    prev = h;
  }
  if (prev !== 0) d += `H${bx(heights.length)}V${num(base)}Z`;
  return d;
}

/** Failure and kill markers: a tick at the moment the attempt stopped; one per pixel and row, at most `max`. */
function drawMarkers(markers: readonly Marker[], max: number): { markup: string; drawn: number; omitted: number } {
  const seen = new Set<string>();
  const unique: Marker[] = [];
  for (const m of markers) {
    const key = `${m.failed ? 'f' : 'k'}${Math.round(m.x)}:${num(m.y)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(m);
  }
  const kept = unique.slice(0, max);
  let failed = '';
  let killed = '';
  for (const m of kept) {
    const d = `M${num(m.x)} ${num(m.y - 1)}v${num(m.h + 2)}`;
    if (m.failed) failed += d;
    else killed += d;
  }
  let markup = '';
  if (killed !== '') markup += `<path class="marker" stroke="${GANTT_COLOURS.killed}" d="${killed}"/>`;
  if (failed !== '') markup += `<path class="marker" stroke="${GANTT_COLOURS.failed}" d="${failed}"/>`;
  return { markup, drawn: kept.length, omitted: unique.length - kept.length };
}

interface Present {
  readonly failed: boolean;
  readonly killed: boolean;
  readonly down: boolean;
}

/** The chart's key: map and reduce always, failure and outage marks only when the chart has some. */
function legend(id: string, left: number, drawing: 'lanes' | 'occupancy', present: Present): string {
  const y = 30;
  let out = '<g class="legend">';
  let x = left;
  const swatch = (colour: string, label: string, opacity = 1) => {
    out += `<rect x="${num(x)}" y="${y - 6}" width="18" height="12" fill="${colour}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ''}/>`;
    out += text(x + 24, y, label, { dy: '0.32em' });
    x += 24 + label.length * 6.6 + 18;
  };
  const tick = (colour: string, label: string) => {
    out += `<path class="marker" stroke="${colour}" d="M${num(x + 8)} ${y - 8}v16"/>`;
    out += text(x + 18, y, label, { dy: '0.32em' });
    x += 18 + label.length * 6.6 + 18;
  };
  swatch(GANTT_COLOURS.map, 'map');
  swatch(GANTT_COLOURS.reduce, 'reduce');
  if (present.failed) tick(GANTT_COLOURS.failed, 'attempt failed');
  if (present.killed) tick(GANTT_COLOURS.killed, 'attempt killed');
  if (present.down) {
    out += `<rect x="${num(x)}" y="${y - 6}" width="18" height="12" fill="url(#${escapeXml(id)}-down)" stroke="${GANTT_COLOURS.down}"/>`;
    out += text(x + 24, y, 'node down', { dy: '0.32em' });
    x += 24 + 9 * 6.6 + 18;
  }
  out += text(x, y, drawing === 'lanes' ? 'one lane per slot' : 'height = share of the node’s slots busy', {
    dy: '0.32em',
    class: 'muted',
  });
  return out + '</g>';
}
