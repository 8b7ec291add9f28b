/**
 * A plan drawn as a Gantt chart: time across, horizontal bands of lanes
 * (slots, machines) down, each piece of work a block in its series' colour
 * over the lanes it uses, labelled when it fits, with a tooltip. Blocks of
 * the same series, kind and times on neighbouring lanes are drawn as one (a
 * wave of equal tasks). A dashed line marks the end of the plan. A
 * standalone SVG file: it carries its own styles. The makespan plans
 * (plan-gantt.ts) and the DMRS schedules (dmrs-gantt.ts) are drawn with it.
 */
import { bottomAxis, linearScale, unitTicks, verticalGrid } from './axis.js';
import { seriesColour } from './palette.js';
import { escapeXml, num, svgRoot, text, textWidth } from './svg.js';

export interface LaneBand {
  readonly label: string;
  readonly lanes: number;
}

export interface LaneBlock {
  readonly band: number;
  /** First lane of the band the block covers, and how many. */
  readonly lane: number;
  readonly lanes: number;
  readonly start: number;
  readonly end: number;
  /** Colour index (a job's place in the order). */
  readonly series: number;
  /** Blocks merge only with blocks of the same kind. */
  readonly kind: string;
  /** Drawn lighter: a second kind of work in the same colour. */
  readonly light?: boolean;
  readonly label: string;
  /** The tooltip, given the lanes of the block as drawn (merged blocks cover more). */
  readonly tip: (lanes: number) => string;
}

export interface LaneChart {
  readonly id: string;
  readonly width: number;
  /** The heading drawn at the top, and the line under it. */
  readonly heading: string;
  readonly subheading: string;
  /** The chart's accessible name and description. */
  readonly title: string;
  readonly description: string;
  readonly bands: readonly LaneBand[];
  readonly blocks: readonly LaneBlock[];
  /** Where the dashed end line goes; the axis spans [0, end]. */
  readonly end: number;
}

const LABEL_WIDTH = 150;
const STYLE =
  '<style>text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:11px;fill:#333}' +
  '.title{font-size:15px;font-weight:600;fill:#1f2328}.subtitle{font-size:12px;fill:#5b636e}' +
  '.band-bg{fill:#f1f3f5}.grid{stroke:#d9dde2;stroke-width:1}.domain,.tick{stroke:#8a9099;stroke-width:1}' +
  '.axis-title{font-size:12px;fill:#5b636e}.block-label{font-size:10px;fill:#fff;pointer-events:none}' +
  '.makespan{stroke:#1f2328;stroke-width:1.5;stroke-dasharray:4 3}</style>';

interface PlacedBand {
  readonly label: string;
  readonly top: number;
  readonly height: number;
}

export function renderLaneGantt(chart: LaneChart): string {
  const { width } = chart;
  const maxLanes = Math.max(1, ...chart.bands.map((band) => band.lanes));
  const laneHeight = Math.min(14, 150 / maxLanes); // the widest band 150 px at most, however many lanes
  const bands: PlacedBand[] = [];
  let y = 64;
  for (const band of chart.bands) {
    const height = Math.max(8, band.lanes * laneHeight);
    bands.push({ label: band.label, top: y, height });
    y += height + 10;
  }
  const plotBottom = y - 10;

  const end = chart.end > 0 ? chart.end : 1;
  const x = linearScale([0, end], [LABEL_WIDTH, width - 24]);
  const ticks = unitTicks(0, end, { divisor: 1, label: '' }, 10);
  let body = STYLE;
  body += text(LABEL_WIDTH, 22, chart.heading, { class: 'title' });
  body += text(LABEL_WIDTH, 42, chart.subheading, { class: 'subtitle' });
  for (const band of bands) {
    body += `<rect class="band-bg" x="${num(LABEL_WIDTH)}" y="${num(band.top)}" width="${num(width - 24 - LABEL_WIDTH)}" height="${num(band.height)}"/>`;
    body += text(LABEL_WIDTH - 8, band.top + band.height / 2, band.label, { dy: '0.32em', 'text-anchor': 'end' });
  }
  body += verticalGrid(x, ticks, 64, plotBottom);
  for (const block of mergeLanes(chart.blocks)) body += drawBlock(block, bands[block.band], laneHeight, x);
  body += `<line class="makespan" x1="${num(x(chart.end))}" x2="${num(x(chart.end))}" y1="56" y2="${num(plotBottom + 4)}"/>`;
  body += bottomAxis({ scale: x, ticks, y: plotBottom + 4, title: 'time' });
  return svgRoot({ id: chart.id, width, height: plotBottom + 50, title: chart.title, description: chart.description }, body);
}

/** Blocks of the same series, kind and times on neighbouring lanes become one (a task-level stage wave draws as one block). */
function mergeLanes(blocks: readonly LaneBlock[]): LaneBlock[] {
  const sorted = [...blocks].sort((a, b) => a.band - b.band || a.series - b.series || a.start - b.start || a.end - b.end || a.lane - b.lane);
  const merged: LaneBlock[] = [];
  for (const block of sorted) {
    const last = merged[merged.length - 1];
    if (
      last &&
      last.band === block.band &&
      last.series === block.series &&
      last.kind === block.kind &&
      last.start === block.start &&
      last.end === block.end &&
      last.lane + last.lanes === block.lane
    ) {
      merged[merged.length - 1] = { ...last, lanes: last.lanes + block.lanes };
    } else merged.push(block);
  }
  return merged;
}

function drawBlock(block: LaneBlock, band: PlacedBand, laneHeight: number, x: (t: number) => number): string {
  const x0 = x(block.start);
  const w = Math.max(0.5, x(block.end) - x0);
  const h = Math.max(1, block.lanes * laneHeight);
  const top = band.top + block.lane * laneHeight;
  const tip = block.tip(block.lanes);
  const light = block.light === true ? ' fill-opacity="0.55"' : '';
  let out = `<rect x="${num(x0)}" y="${num(top)}" width="${num(w)}" height="${num(h)}" fill="${seriesColour(block.series)}"${light} stroke="#fff" stroke-width="0.5"><title>${escapeXml(tip)}</title></rect>`;
  if (w >= textWidth(block.label, 10) + 4 && h >= 11) {
    out += text(x0 + w / 2, top + h / 2, block.label, { dy: '0.34em', 'text-anchor': 'middle', class: 'block-label' });
  }
  return out;
}

/** A time for a label: whole numbers as they are, others to two decimals. */
export function formatTime(t: number): string {
  return Number.isInteger(t) ? String(t) : t.toFixed(2);
}
