// The Gantt chart's level of detail for runs of many attempts: per node and
// time bin, the share of the node's map lanes and of its reduce lanes that
// attempts kept busy. One computation for both sides: the report's writer
// makes it for a run whose attempts wait beside the page
// (../attempt-overview.ts), the page for a large run it carries.
//
// A node's lanes of a kind are the most attempts of that kind it ran at once,
// found as the Gantt packs them: first fit in start order, which on intervals
// uses the fewest lanes. Shares are in OVERVIEW_LEVELS steps (the top one:
// every lane busy for the whole bin), node after node, the map row then the
// reduce row, each `bins` long. Sixteen steps, not 256: on the FB-2010-shaped
// day's 3,000 nodes a run's 600 bins then deflate to 0.8–1.2 MB of page text
// against 1.4–2.0 MB.

/** Bins across the run at most: a few pixels of a wide screen each. */
export const OVERVIEW_BINS = 600;

export const OVERVIEW_LEVELS = 16;

/**
 * @typedef {object} LaneOccupancy
 * @property {number} bins
 * @property {number} binWidth seconds, from 0
 * @property {number} levels shares run from 0 to levels - 1, every lane busy
 * @property {Uint16Array} lanes per node its map lanes, then its reduce lanes
 * @property {Uint8Array} shares nodes × 2 rows × bins
 */

/**
 * @param {{ count: number, node: ArrayLike<number>, kind: ArrayLike<number>, start: ArrayLike<number>, end: ArrayLike<number> }} attempts
 *   in start order; kind 0 for a map, 1 for a reduce
 * @param {number} nodes
 * @param {number} bins
 * @returns {LaneOccupancy}
 */
export function laneOccupancy(attempts, nodes, bins) {
  const { count, node, kind, start, end } = attempts;
  let last = 0;
  for (let i = 0; i < count; i++) last = Math.max(last, end[i]);
  const binWidth = Math.max(last, 1) / bins;
  const busy = new Float64Array(nodes * 2 * bins);
  const lanes = new Uint16Array(nodes * 2);
  /** @type {number[][]} each node's and kind's lane ends, for the first-fit packing */
  const laneEnds = Array.from({ length: nodes * 2 }, () => []);
  for (let i = 0; i < count; i++) {
    const row = node[i] * 2 + kind[i];
    const from = start[i];
    const to = Math.max(from, end[i]);
    const open = laneEnds[row];
    let lane = 0;
    while (lane < open.length && open[lane] > from) lane++;
    open[lane] = to;
    lanes[row] = open.length;
    const firstBin = Math.min(bins - 1, Math.floor(from / binWidth));
    const lastBin = Math.min(bins - 1, Math.floor(to / binWidth));
    for (let b = firstBin; b <= lastBin; b++) {
      busy[row * bins + b] += Math.max(0, (b === lastBin ? to : (b + 1) * binWidth) - Math.max(from, b * binWidth));
    }
  }
  const top = OVERVIEW_LEVELS - 1;
  const shares = new Uint8Array(busy.length);
  for (let row = 0; row < nodes * 2; row++) {
    const capacity = lanes[row] * binWidth;
    if (capacity === 0) continue;
    for (let b = 0; b < bins; b++) shares[row * bins + b] = Math.min(top, Math.round((top * busy[row * bins + b]) / capacity));
  }
  return { bins, binWidth, levels: OVERVIEW_LEVELS, lanes, shares };
}
