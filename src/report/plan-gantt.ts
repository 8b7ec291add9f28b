/**
 * A makespan plan as a Gantt chart, drawn as seed 000's Figures 1 and 2 are:
 * time across, the map slots and the reduce slots as two bands (two per pool
 * for BalancedPools), each job's stage a block as tall as the slots it uses
 * and as long as it runs, in the job's colour and labelled with its id. At
 * task level each task is drawn on its own slot. A standalone SVG file: it
 * carries its own styles.
 */
import type { MakespanPlan } from '../planners/makespan/plan.js';
import { bottomAxis, linearScale, unitTicks, verticalGrid } from './axis.js';
import { seriesColour } from './palette.js';
import { escapeXml, num, svgRoot, text, textWidth } from './svg.js';

export interface PlanGanttOptions {
  readonly id?: string;
  readonly width?: number;
  /** Most jobs drawn (the first ones of the order); the axis still spans the whole plan. */
  readonly maxJobs?: number;
}

interface Band {
  readonly label: string;
  readonly slots: number;
  readonly top: number;
  readonly height: number;
}

interface Block {
  readonly band: number;
  readonly job: number;
  readonly lane: number;
  readonly lanes: number;
  readonly start: number;
  readonly end: number;
  readonly kind: 'map' | 'reduce';
}

const LABEL_WIDTH = 150;
const STYLE =
  '<style>text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:11px;fill:#333}' +
  '.title{font-size:15px;font-weight:600;fill:#1f2328}.subtitle{font-size:12px;fill:#5b636e}' +
  '.band-bg{fill:#f1f3f5}.grid{stroke:#d9dde2;stroke-width:1}.domain,.tick{stroke:#8a9099;stroke-width:1}' +
  '.axis-title{font-size:12px;fill:#5b636e}.block-label{font-size:10px;fill:#fff;pointer-events:none}' +
  '.makespan{stroke:#1f2328;stroke-width:1.5;stroke-dasharray:4 3}</style>';

export function renderPlanGantt(plan: MakespanPlan, options: PlanGanttOptions = {}): string {
  const id = options.id ?? 'plan-gantt';
  const width = options.width ?? 1000;
  const maxJobs = options.maxJobs ?? 2000;
  const shown = new Set(plan.order.slice(0, maxJobs));
  const jobIndex = new Map(plan.order.map((job, i) => [job, i]));

  const pools = plan.pools !== undefined && plan.pools.length > 1 ? plan.pools : [{ mapSlots: plan.mapSlots, reduceSlots: plan.reduceSlots }];
  const maxSlots = Math.max(...pools.flatMap((p) => [p.mapSlots, p.reduceSlots]));
  const laneHeight = Math.min(14, 150 / maxSlots); // the widest band 150 px at most, however many slots
  const bands: Band[] = [];
  let y = 64;
  pools.forEach((pool, p) => {
    const prefix = pools.length > 1 ? `pool ${p + 1} ` : '';
    for (const [kind, slots] of [
      ['map', pool.mapSlots],
      ['reduce', pool.reduceSlots],
    ] as const) {
      const height = Math.max(8, slots * laneHeight);
      bands.push({ label: `${prefix}${kind} slots (${slots})`, slots, top: y, height });
      y += height + 10;
    }
  });
  const plotBottom = y - 10;

  const blocks: Block[] = [];
  if (plan.tasks !== undefined) {
    for (const task of plan.tasks) {
      if (!shown.has(task.job)) continue;
      blocks.push({ band: task.kind === 'map' ? 0 : 1, job: jobIndex.get(task.job)!, lane: task.slot, lanes: 1, start: task.start, end: task.end, kind: task.kind });
    }
  } else {
    for (const stage of plan.stages) {
      if (!shown.has(stage.job)) continue;
      const band = 2 * (pools.length > 1 ? (stage.pool ?? 0) : 0);
      const job = jobIndex.get(stage.job)!;
      blocks.push({ band, job, lane: 0, lanes: stage.mapSlots, start: stage.mapStart, end: stage.mapEnd, kind: 'map' });
      blocks.push({ band: band + 1, job, lane: 0, lanes: stage.reduceSlots, start: stage.reduceStart, end: stage.reduceEnd, kind: 'reduce' });
    }
  }

  const end = plan.makespan > 0 ? plan.makespan : 1;
  const x = linearScale([0, end], [LABEL_WIDTH, width - 24]);
  const ticks = unitTicks(0, end, { divisor: 1, label: '' }, 10);
  let body = STYLE;
  body += text(LABEL_WIDTH, 22, `${plan.algorithm}: ${plan.order.length} jobs, makespan ${formatTime(plan.makespan)}`, { class: 'title' });
  const omitted = plan.order.length - shown.size;
  body += text(
    LABEL_WIDTH,
    42,
    `${plan.model} model${omitted > 0 ? ` · first ${shown.size} jobs of the order drawn, ${omitted} more not drawn` : ''}`,
    { class: 'subtitle' },
  );
  for (const band of bands) {
    body += `<rect class="band-bg" x="${num(LABEL_WIDTH)}" y="${num(band.top)}" width="${num(width - 24 - LABEL_WIDTH)}" height="${num(band.height)}"/>`;
    body += text(LABEL_WIDTH - 8, band.top + band.height / 2, band.label, { dy: '0.32em', 'text-anchor': 'end' });
  }
  body += verticalGrid(x, ticks, 64, plotBottom);
  for (const block of mergeLanes(blocks)) body += drawBlock(block, bands[block.band], laneHeight, x, plan.order[block.job]);
  body += `<line class="makespan" x1="${num(x(plan.makespan))}" x2="${num(x(plan.makespan))}" y1="56" y2="${num(plotBottom + 4)}"/>`;
  body += bottomAxis({ scale: x, ticks, y: plotBottom + 4, title: 'time' });
  const height = plotBottom + 50;
  return svgRoot(
    {
      id,
      width,
      height,
      title: `${plan.algorithm} plan: makespan ${formatTime(plan.makespan)}`,
      description:
        `Stage schedule of ${plan.order.length} jobs in the order ${plan.order.slice(0, 20).join(', ')}${plan.order.length > 20 ? ', …' : ''}; ` +
        'each block is one job stage (or task), as tall as the slots it uses.',
    },
    body,
  );
}

/** Blocks of the same job, kind and times on neighbouring lanes become one (a task-level stage wave draws as one block). */
function mergeLanes(blocks: Block[]): Block[] {
  const sorted = [...blocks].sort((a, b) => a.band - b.band || a.job - b.job || a.start - b.start || a.end - b.end || a.lane - b.lane);
  const merged: Block[] = [];
  for (const block of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.band === block.band && last.job === block.job && last.start === block.start && last.end === block.end && last.lane + last.lanes === block.lane) {
      merged[merged.length - 1] = { ...last, lanes: last.lanes + block.lanes };
    } else merged.push(block);
  }
  return merged;
}

function drawBlock(block: Block, band: Band, laneHeight: number, x: (t: number) => number, job: string): string {
  const x0 = x(block.start);
  const w = Math.max(0.5, x(block.end) - x0);
  const h = Math.max(1, block.lanes * laneHeight);
  const top = band.top + block.lane * laneHeight;
  const tip = `${job} ${block.kind}: ${formatTime(block.start)}–${formatTime(block.end)} on ${block.lanes} slot${block.lanes === 1 ? '' : 's'}`;
  let out = `<rect x="${num(x0)}" y="${num(top)}" width="${num(w)}" height="${num(h)}" fill="${seriesColour(block.job)}" stroke="#fff" stroke-width="0.5"><title>${escapeXml(tip)}</title></rect>`;
  if (w >= textWidth(job, 10) + 4 && h >= 11) {
    out += text(x0 + w / 2, top + h / 2, job, { dy: '0.34em', 'text-anchor': 'middle', class: 'block-label' });
  }
  return out;
}

function formatTime(t: number): string {
  return Number.isInteger(t) ? String(t) : t.toFixed(2);
}
