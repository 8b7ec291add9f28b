// The Gantt chart's level of detail for runs of many attempts: per node and
// time bin, the share of the node's map lanes and of its reduce lanes that
// attempts kept busy, and the pool and the locality that kept them busy. One
// computation for both sides: the report's writer makes it for a run whose
// attempts wait beside the page (../attempt-overview.ts), the page for a
// large run it carries.
//
// A node's lanes of a kind are the most attempts of that kind it ran at once,
// found as the Gantt packs them: first fit in start order, which on intervals
// uses the fewest lanes. Shares are in OVERVIEW_LEVELS steps (the top one:
// every lane busy for the whole bin), node after node, the map row then the
// reduce row, each `bins` long. Sixteen steps, not 256: on the FB-2010-shaped
// day's 3,000 nodes a run's 600 bins then deflate to 0.8–1.2 MB of page text
// against 1.4–2.0 MB.
//
// A bin's pool (locality) is the one whose attempts kept the row's lanes busy
// more than half of their busy time there, or MIXED when none did: a
// weighted majority vote over the attempts' pieces in the bin finds the only
// possible one, and a second pass counts its time.

/** Bins across the run at most: a few pixels of a wide screen each. */
export const OVERVIEW_BINS = 600;

export const OVERVIEW_LEVELS = 16;

/** A bin's pool or locality when none held its row more than half of its busy time; pools from this index on count as this one too. */
export const MIXED = 255;

/**
 * @typedef {object} LaneOccupancy
 * @property {number} bins
 * @property {number} binWidth seconds, from 0
 * @property {number} levels shares run from 0 to levels - 1, every lane busy
 * @property {Uint16Array} lanes per node its map lanes, then its reduce lanes
 * @property {Uint8Array} shares nodes × 2 rows × bins
 * @property {Uint8Array} pools as `shares`: the pool's index in the report (MIXED: none held the row; 0 where nothing ran)
 * @property {Uint8Array} localities as `shares`: the locality code, 0 node-local, 1 rack-local, 2 off-rack, 3 none (a reduce), or MIXED
 */

/**
 * @typedef {object} OccupancyAttempts in start order
 * @property {number} count
 * @property {ArrayLike<number>} node
 * @property {ArrayLike<number>} kind 0 for a map, 1 for a reduce
 * @property {ArrayLike<number>} start
 * @property {ArrayLike<number>} end
 * @property {ArrayLike<number>} job
 * @property {ArrayLike<number>} locality the locality code
 */

/**
 * @param {OccupancyAttempts} attempts
 * @param {number} nodes
 * @param {number} bins
 * @param {ArrayLike<number>} poolOfJob each job's pool index in the report
 * @returns {LaneOccupancy}
 */
export function laneOccupancy(attempts, nodes, bins, poolOfJob) {
  const { count, node, kind, start, end, job, locality } = attempts;
  let last = 0;
  for (let i = 0; i < count; i++) last = Math.max(last, end[i]);
  const binWidth = Math.max(last, 1) / bins;
  const cells = nodes * 2 * bins;
  const busy = new Float64Array(cells);
  const lanes = new Uint16Array(nodes * 2);
  const pool = new MajorityVote(cells);
  const place = new MajorityVote(cells);
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
    const poolOf = Math.min(poolOfJob[job[i]], MIXED);
    const lastBin = binOf(to, binWidth, bins);
    for (let b = binOf(from, binWidth, bins); b <= lastBin; b++) {
      const time = pieceIn(b, lastBin, from, to, binWidth);
      const cell = row * bins + b;
      busy[cell] += time;
      pool.vote(cell, poolOf, time);
      place.vote(cell, locality[i], time);
    }
  }
  for (let i = 0; i < count; i++) {
    const row = node[i] * 2 + kind[i];
    const from = start[i];
    const to = Math.max(from, end[i]);
    const poolOf = Math.min(poolOfJob[job[i]], MIXED);
    const lastBin = binOf(to, binWidth, bins);
    for (let b = binOf(from, binWidth, bins); b <= lastBin; b++) {
      const time = pieceIn(b, lastBin, from, to, binWidth);
      const cell = row * bins + b;
      pool.count(cell, poolOf, time);
      place.count(cell, locality[i], time);
    }
  }
  const top = OVERVIEW_LEVELS - 1;
  const shares = new Uint8Array(cells);
  for (let row = 0; row < nodes * 2; row++) {
    const capacity = lanes[row] * binWidth;
    if (capacity === 0) continue;
    for (let b = 0; b < bins; b++) shares[row * bins + b] = Math.min(top, Math.round((top * busy[row * bins + b]) / capacity));
  }
  return { bins, binWidth, levels: OVERVIEW_LEVELS, lanes, shares, pools: pool.winners(busy), localities: place.winners(busy) };
}

/**
 * @param {number} time
 * @param {number} binWidth
 * @param {number} bins
 */
function binOf(time, binWidth, bins) {
  return Math.min(bins - 1, Math.floor(time / binWidth));
}

/**
 * The time of [from, to] in bin `b`, the last one `lastBin`.
 * @param {number} b
 * @param {number} lastBin
 * @param {number} from
 * @param {number} to
 * @param {number} binWidth
 */
function pieceIn(b, lastBin, from, to, binWidth) {
  return Math.max(0, (b === lastBin ? to : (b + 1) * binWidth) - Math.max(from, b * binWidth));
}

/** Per cell, the category holding more than half of the time voted, if one does (Boyer and Moore's majority vote, weighted). */
class MajorityVote {
  /** @param {number} cells */
  constructor(cells) {
    this.candidate = new Uint8Array(cells);
    this.lead = new Float32Array(cells);
    this.held = new Float32Array(cells);
  }

  /**
   * @param {number} cell
   * @param {number} category
   * @param {number} time
   */
  vote(cell, category, time) {
    if (this.candidate[cell] === category) this.lead[cell] += time;
    else if (this.lead[cell] >= time) this.lead[cell] -= time;
    else {
      this.candidate[cell] = category;
      this.lead[cell] = time - this.lead[cell];
    }
  }

  /**
   * The second pass: the candidate's own time.
   * @param {number} cell
   * @param {number} category
   * @param {number} time
   */
  count(cell, category, time) {
    if (this.candidate[cell] === category) this.held[cell] += time;
  }

  /**
   * Each cell's majority, MIXED where none, 0 where nothing ran.
   * @param {Float64Array} busy each cell's time voted
   */
  winners(busy) {
    const won = new Uint8Array(busy.length);
    for (let cell = 0; cell < busy.length; cell++) {
      if (busy[cell] > 0) won[cell] = 2 * this.held[cell] > busy[cell] ? this.candidate[cell] : MIXED;
    }
    return won;
  }
}
