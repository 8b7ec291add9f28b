// The Gantt chart's overview of a run (../attempt-overview.ts): each node's
// map row and reduce row an image a pixel per time bin, as opaque as the
// node's lanes of that kind were busy, drawn stretched into the rows in view.

/** @typedef {import('./lane-occupancy.js').LaneOccupancy} LaneOccupancy */

export class OverviewLayer {
  /**
   * @param {LaneOccupancy} overview
   * @param {[string, string]} colours the maps' and the reduces' #rrggbb
   */
  constructor(overview, colours) {
    this.overview = overview;
    const rows = overview.lanes.length;
    this.image = document.createElement('canvas');
    this.image.width = overview.bins;
    this.image.height = rows;
    const g = /** @type {CanvasRenderingContext2D} */ (this.image.getContext('2d'));
    const pixels = g.createImageData(overview.bins, rows);
    const rgb = colours.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
    for (let row = 0; row < rows; row++) {
      const [red, green, blue] = rgb[row % 2];
      for (let bin = 0; bin < overview.bins; bin++) {
        const at = 4 * (row * overview.bins + bin);
        pixels.data[at] = red;
        pixels.data[at + 1] = green;
        pixels.data[at + 2] = blue;
        pixels.data[at + 3] = Math.round((255 * overview.shares[row * overview.bins + bin]) / (overview.levels - 1));
      }
    }
    g.putImageData(pixels, 0, 0);
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
   * @param {{ rows: readonly number[], t0: number, t1: number, r0: number, rowsShown: number }} view
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
    let drawn = 0;
    for (let r = firstRow; r <= lastRow; r++) {
      const k = view.rows[r];
      const maps = lanes[2 * k];
      const reduces = lanes[2 * k + 1];
      if (maps + reduces === 0) continue;
      const y = p.top + (r - view.r0) * rowHeight;
      const mapHeight = (rowHeight * maps) / (maps + reduces);
      if (maps > 0) g.drawImage(this.image, sx, 2 * k, sw, 1, p.left, y, width, mapHeight);
      if (reduces > 0) g.drawImage(this.image, sx, 2 * k + 1, sw, 1, p.left, y + mapHeight, width, rowHeight - mapHeight);
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
   * @returns {string | null}
   */
  describe(k, name, time) {
    const { bins, binWidth, levels, lanes, shares } = this.overview;
    const bin = Math.floor(time / binWidth);
    if (bin < 0 || bin >= bins) return null;
    const share = (/** @type {number} */ kind) => {
      const count = lanes[2 * k + kind];
      const busy = Math.round((100 * shares[(2 * k + kind) * bins + bin]) / (levels - 1));
      return count === 0 ? 'none' : `${busy}% of ${count} lane${count === 1 ? '' : 's'} busy`;
    };
    return [`node ${name}, ${(bin * binWidth).toFixed(1)}–${((bin + 1) * binWidth).toFixed(1)} s`, `maps: ${share(0)}`, `reduces: ${share(1)}`].join('\n');
  }
}
