// The Gantt chart's overview of a run (../attempt-overview.ts): each node's
// map row and reduce row an image a pixel per time bin, as opaque as the
// node's lanes of that kind were busy, drawn stretched into the rows in view;
// coloured as the attempts are (by kind, by pool, by locality), a bin in the
// colour of the pool or locality that held more than half of its busy time,
// or in the mixed colour.

import { MIXED } from './lane-occupancy.js';

/** @typedef {import('./lane-occupancy.js').LaneOccupancy} LaneOccupancy */

/**
 * @typedef {object} OverviewColours #rrggbb each
 * @property {[string, string]} kind the maps' and the reduces'
 * @property {readonly string[]} pools by pool index, cycled
 * @property {readonly string[]} localities by locality code
 * @property {string} mixed
 */

export class OverviewLayer {
  /**
   * @param {LaneOccupancy} overview
   * @param {OverviewColours} colours
   */
  constructor(overview, colours) {
    this.overview = overview;
    this.colours = colours;
    /** @type {Map<string, HTMLCanvasElement>} an image per colouring, made when first drawn */
    this.images = new Map();
  }

  /**
   * The image of the rows coloured by `mode` (kind, pool or locality).
   * @param {string} mode
   */
  image(mode) {
    const made = this.images.get(mode);
    if (made !== undefined) return made;
    const { overview, colours } = this;
    const rows = overview.lanes.length;
    const image = document.createElement('canvas');
    image.width = overview.bins;
    image.height = rows;
    const g = /** @type {CanvasRenderingContext2D} */ (image.getContext('2d'));
    const pixels = g.createImageData(overview.bins, rows);
    const rgb = (/** @type {string} */ hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    const kinds = colours.kind.map(rgb);
    const pools = colours.pools.map(rgb);
    const localities = colours.localities.map(rgb);
    const mixed = rgb(colours.mixed);
    const categories = mode === 'pool' ? overview.pools : overview.localities;
    const palette = mode === 'pool' ? pools : localities;
    for (let row = 0; row < rows; row++) {
      for (let bin = 0; bin < overview.bins; bin++) {
        const cell = row * overview.bins + bin;
        const category = categories[cell];
        const colour = mode === 'kind' ? kinds[row % 2] : category === MIXED ? mixed : palette[category % palette.length];
        const at = 4 * cell;
        pixels.data[at] = colour[0];
        pixels.data[at + 1] = colour[1];
        pixels.data[at + 2] = colour[2];
        pixels.data[at + 3] = Math.round((255 * overview.shares[cell]) / (overview.levels - 1));
      }
    }
    g.putImageData(pixels, 0, 0);
    this.images.set(mode, image);
    return image;
  }

  /** The run's span, seconds. */
  get end() {
    return this.overview.bins * this.overview.binWidth;
  }

  /**
   * Node `k`'s lanes of both kinds.
   * @param {number} k
   */
  lanes(k) {
    return this.overview.lanes[2 * k] + this.overview.lanes[2 * k + 1];
  }

  /**
   * The rows in view, each node's map lanes above its reduce lanes in
   * proportion to their counts, as the attempts are drawn; the rows drawn.
   * @param {CanvasRenderingContext2D} g
   * @param {{ left: number, top: number, width: number, height: number }} p
   * @param {{ rows: readonly number[], t0: number, t1: number, r0: number, rowsShown: number, colourBy: string }} view
   * @param {number} firstRow
   * @param {number} lastRow
   */
  draw(g, p, view, firstRow, lastRow) {
    const { binWidth, lanes } = this.overview;
    const to = Math.min(view.t1, this.end);
    if (to <= view.t0) return 0;
    const sx = view.t0 / binWidth;
    const sw = (to - view.t0) / binWidth;
    const width = ((to - view.t0) / (view.t1 - view.t0)) * p.width;
    const rowHeight = p.height / view.rowsShown;
    g.save();
    g.beginPath();
    g.rect(p.left, p.top, p.width, p.height);
    g.clip();
    g.imageSmoothingEnabled = false;
    const image = this.image(view.colourBy);
    let drawn = 0;
    for (let r = firstRow; r <= lastRow; r++) {
      const k = view.rows[r];
      const maps = lanes[2 * k];
      const reduces = lanes[2 * k + 1];
      if (maps + reduces === 0) continue;
      const y = p.top + (r - view.r0) * rowHeight;
      const mapHeight = (rowHeight * maps) / (maps + reduces);
      if (maps > 0) g.drawImage(image, sx, 2 * k, sw, 1, p.left, y, width, mapHeight);
      if (reduces > 0) g.drawImage(image, sx, 2 * k + 1, sw, 1, p.left, y + mapHeight, width, rowHeight - mapHeight);
      drawn++;
    }
    g.restore();
    return drawn;
  }

  /**
   * What the overview says of node `k` at `time`, or null outside the run.
   * @param {number} k
   * @param {string} name
   * @param {number} time
   * @param {readonly string[]} poolNames by pool index
   * @param {readonly string[]} localityNames by locality code
   * @returns {string | null}
   */
  describe(k, name, time, poolNames, localityNames) {
    const { bins, binWidth, levels, lanes, shares, pools, localities } = this.overview;
    const bin = Math.floor(time / binWidth);
    if (bin < 0 || bin >= bins) return null;
    const share = (/** @type {number} */ kind) => {
      const count = lanes[2 * k + kind];
      const cell = (2 * k + kind) * bins + bin;
      if (count === 0) return 'none';
      const busy = `${Math.round((100 * shares[cell]) / (levels - 1))}% of ${count} lane${count === 1 ? '' : 's'} busy`;
      if (shares[cell] === 0) return busy;
      const pool = pools[cell] === MIXED ? 'no pool over half' : `mostly pool ${poolNames[pools[cell]]}`;
      return kind === 0 ? `${busy}, ${pool}, ${localities[cell] === MIXED ? 'no locality over half' : `mostly ${localityNames[localities[cell]]}`}` : `${busy}, ${pool}`;
    };
    return [`node ${name}, ${(bin * binWidth).toFixed(1)}–${((bin + 1) * binWidth).toFixed(1)} s`, `maps: ${share(0)}`, `reduces: ${share(1)}`].join('\n');
  }
}
