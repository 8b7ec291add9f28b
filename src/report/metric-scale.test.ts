import { describe, expect, it } from 'vitest';
import { bestPrinted, differenceScale, formatScaled, metricScale } from './metric-scale.js';

const GiB = 2 ** 30;

describe('metricScale', () => {
  it('prints every value of a byte metric in the unit of its largest', () => {
    const scale = metricScale({ unit: 'bytes' }, [3 * GiB, 200 * 2 ** 20, null]);
    expect(formatScaled(3 * GiB, scale)).toBe('3.00 GiB');
    expect(formatScaled(200 * 2 ** 20, scale)).toBe('0.20 GiB');
    expect(metricScale({ unit: 'byte·hops' }, [5 * 2 ** 40]).label).toBe('TiB·hops');
  });

  it('keeps seconds in seconds however long, and counts whole when they are', () => {
    expect(formatScaled(86883.46, metricScale({ unit: 's' }, [86883.46]))).toBe('86883.5 s');
    expect(formatScaled(300, metricScale({ unit: '' }, [300, 12]))).toBe('300');
    expect(formatScaled(1.2345, metricScale({ unit: '' }, [1.2345]))).toBe('1.234');
  });

  it('prints a difference that rounds to nothing without a sign, and undefined as a dash', () => {
    const scale = metricScale({ unit: 's' }, []);
    expect(formatScaled(-0.01, scale)).toBe('0.0 s');
    expect(formatScaled(null, scale)).toBe('—');
  });
});

describe('differenceScale', () => {
  it("gives a small difference two significant digits in the metric's own unit", () => {
    const TiB = 2 ** 40;
    const scale = metricScale({ unit: 'byte·hops' }, [5 * TiB]);
    expect(formatScaled(3 * GiB, scale)).toBe('0.00 TiB·hops');
    const differences = differenceScale(scale, [3 * GiB, 0.5 * GiB, null, 0]);
    expect(differences.label).toBe('TiB·hops');
    // One number of decimals for all, the smallest's two digits: 0.00049.
    expect(formatScaled(3 * GiB, differences)).toBe('0.00293 TiB·hops');
    expect(formatScaled(0.5 * GiB, differences)).toBe('0.00049 TiB·hops');
  });

  it('keeps the decimals of differences large enough already, and stops at six', () => {
    const seconds = metricScale({ unit: 's' }, [400]);
    expect(differenceScale(seconds, [12.5, 3.1])).toEqual(seconds);
    expect(differenceScale(seconds, [1e-12]).decimals).toBe(6);
  });
});

describe('bestPrinted', () => {
  const seconds = metricScale({ unit: 's' }, []);

  it('ties values that print the same', () => {
    // 86883.46 and 86883.54 print as 86883.5 s: equal to the reader, both best.
    expect(bestPrinted([86883.46, 86883.54, 90000], { better: 'lower' }, seconds)).toEqual([0, 1]);
  });

  it('marks nothing when every value prints the same (the SWIM makespans)', () => {
    expect(bestPrinted([86883.46, 86883.54, 86883.5, 86883.47], { better: 'lower' }, seconds)).toEqual([]);
  });

  it('follows the metric’s direction, and ranks nothing for a metric that is not ranked', () => {
    expect(bestPrinted([1, 3, null], { better: 'higher' }, seconds)).toEqual([1]);
    expect(bestPrinted([10, 20], { better: 'neither' }, seconds)).toEqual([]);
    expect(bestPrinted([5, null], { better: 'lower' }, seconds)).toEqual([]);
  });
});
