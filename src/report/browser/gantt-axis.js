// The Gantt chart's time axis: a line and a label at each round step.

/**
 * @param {CanvasRenderingContext2D} g
 * @param {{ left: number, top: number, width: number, height: number }} p the plot's area
 * @param {number} t0 the time at its left edge
 * @param {number} t1 the time at its right edge
 */
export function drawTimeAxis(g, p, t0, t1) {
  const scale = p.width / (t1 - t0);
  const step = niceStep((t1 - t0) / Math.max(2, p.width / 110));
  g.fillStyle = '#5b636e';
  g.strokeStyle = '#e1e4e8';
  g.lineWidth = 1;
  g.textBaseline = 'alphabetic';
  let labelsEnd = -Infinity;
  for (let t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
    const x = p.left + (t - t0) * scale;
    g.beginPath();
    g.moveTo(x + 0.5, p.top);
    g.lineTo(x + 0.5, p.top + p.height);
    g.stroke();
    const label = `${formatSeconds(t, step)} s`;
    // A label that would run off the right edge sits left of its line instead, unless it would run into the one before.
    const width = g.measureText(label).width;
    const left = x + 2 + width > p.left + p.width ? x - 2 - width : x + 2;
    if (left < labelsEnd + 4) continue;
    g.fillText(label, left, 14);
    labelsEnd = left + width;
  }
  g.textBaseline = 'middle';
}

/**
 * A round step (1, 2 or 5 × a power of ten) near `rough`.
 * @param {number} rough
 */
function niceStep(rough) {
  const power = Math.pow(10, Math.floor(Math.log10(Math.max(rough, 1e-9))));
  const unit = rough / power;
  return (unit < 1.5 ? 1 : unit < 3.5 ? 2 : unit < 7.5 ? 5 : 10) * power;
}

/**
 * @param {number} t
 * @param {number} step
 */
function formatSeconds(t, step) {
  return step >= 1 ? String(Math.round(t)) : t.toFixed(Math.min(3, Math.ceil(-Math.log10(step))));
}

