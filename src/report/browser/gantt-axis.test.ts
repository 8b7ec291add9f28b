import { describe, expect, it } from 'vitest';
import { drawTimeAxis } from './gantt-axis.js';

/** A canvas context that keeps the labels drawn, each character 6 px wide. */
function recordingContext() {
  const labels: { text: string; left: number; right: number }[] = [];
  const context = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 0,
    textBaseline: '',
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    measureText: (text: string) => ({ width: 6 * text.length }),
    fillText(text: string, left: number) {
      labels.push({ text, left, right: left + 6 * text.length });
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, labels };
}

describe('drawTimeAxis', () => {
  const plot = { left: 92, top: 22, width: 1060, height: 500 };

  it('labels round steps, keeping every label inside the plot and clear of the one before', () => {
    // The FB-2010-shaped day at 1/4 zoomed in: steps of 200 s, the last one at the right edge.
    const { context, labels } = recordingContext();
    drawTimeAxis(context, plot, 9576.2, 12031.9);
    expect(labels.map((label) => label.text)).toEqual(['9600 s', '9800 s', '10000 s', '10200 s', '10400 s', '10600 s', '10800 s', '11000 s', '11200 s', '11400 s', '11600 s', '11800 s']);
    for (const [i, label] of labels.entries()) {
      expect(label.right).toBeLessThanOrEqual(plot.left + plot.width);
      if (i > 0) expect(label.left).toBeGreaterThanOrEqual(labels[i - 1].right + 4);
    }
  });

  it('moves a label that would run off the right edge to the left of its line', () => {
    const { context, labels } = recordingContext();
    drawTimeAxis(context, plot, 0, 1000);
    const last = labels.at(-1)!;
    expect(last.text).toBe('1000 s');
    expect(last.right).toBe(plot.left + plot.width - 2);
  });
});
