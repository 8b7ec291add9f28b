/**
 * The Gantt chart's level of detail for runs too large to carry every
 * attempt inside the page: per node and time bin, the share of the node's
 * map lanes and of its reduce lanes that attempts kept busy. The page draws
 * this while the attempts themselves wait in a file beside it
 * (`html-report.ts`), loaded when the reader asks for them.
 *
 * A node's lanes of a kind are the most attempts of that kind it ran at once,
 * found as the page's Gantt packs them: first fit in start order, which on
 * intervals uses the fewest lanes. Shares are in OVERVIEW_LEVELS steps (the
 * top one: every lane busy for the whole bin), node after node, the map row
 * then the reduce row, each `bins` long. Sixteen steps, not 256: on the
 * FB-2010-shaped day's 3,000 nodes a run's 600 bins then deflate to 0.8–1.2 MB
 * of page text against 1.4–2.0 MB.
 */
import type { RunRecord } from '../model/run-record.js';

export interface AttemptOverview {
  readonly bins: number;
  /** Width of the bins, seconds, from 0. */
  readonly binWidth: number;
  /** Per node: its map lanes, then its reduce lanes. */
  readonly lanes: Uint16Array;
  /** nodes × 2 rows × bins shares, 0 to OVERVIEW_LEVELS − 1. */
  readonly shares: Uint8Array;
}

/** Bins across the run at most: a few pixels of a wide screen each. */
export const OVERVIEW_BINS = 600;

export const OVERVIEW_LEVELS = 16;

/** `ends`: each attempt's effective end (metrics' attemptEnds), the ends the Gantt draws. */
export function attemptOverview(run: RunRecord, ends: Float64Array, bins = OVERVIEW_BINS): AttemptOverview {
  const a = run.attempts;
  const nodes = run.scenario.cluster.nodes.length;
  let last = 0;
  for (let i = 0; i < a.count; i++) last = Math.max(last, ends[i]);
  const binWidth = Math.max(last, 1) / bins;
  const busy = new Float64Array(nodes * 2 * bins);
  const lanes = new Uint16Array(nodes * 2);
  // Each node's and kind's lane ends, for the first-fit packing.
  const laneEnds: number[][] = Array.from({ length: nodes * 2 }, () => []);
  for (let i = 0; i < a.count; i++) {
    const row = a.node[i] * 2 + a.kind[i];
    const start = a.start[i];
    const end = Math.max(start, ends[i]);
    const open = laneEnds[row];
    let lane = 0;
    while (lane < open.length && open[lane] > start) lane++;
    open[lane] = end;
    lanes[row] = open.length;
    const first = Math.min(bins - 1, Math.floor(start / binWidth));
    const lastBin = Math.min(bins - 1, Math.floor(end / binWidth));
    for (let b = first; b <= lastBin; b++) {
      const from = Math.max(start, b * binWidth);
      const to = b === lastBin ? end : (b + 1) * binWidth;
      busy[row * bins + b] += Math.max(0, to - from);
    }
  }
  const shares = new Uint8Array(busy.length);
  for (let row = 0; row < nodes * 2; row++) {
    const capacity = lanes[row] * binWidth;
    if (capacity === 0) continue;
    for (let b = 0; b < bins; b++) shares[row * bins + b] = Math.min(OVERVIEW_LEVELS - 1, Math.round(((OVERVIEW_LEVELS - 1) * busy[row * bins + b]) / capacity));
  }
  return { bins, binWidth, lanes, shares };
}
