import { describe, expect, it } from 'vitest';
import { formatTick, linearScale, logScale, logTimeTicks, niceMax, niceTicks, unitTicks } from './axis.js';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    for (const [min, max] of [
      [0, 97],
      [0, 0.013],
      [3, 7],
      [0, 123456],
      [-40, 260],
    ]) {
      const { step } = niceTicks(min, max, 5);
      const mantissa = step / 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 5]).toContain(Math.round(mantissa * 1e9) / 1e9);
    }
  });

  it('gives exact multiples of the step inside the range', () => {
    const { step, values } = niceTicks(0, 0.7, 7);
    expect(step).toBe(0.1);
    expect(values).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(niceTicks(0, 97, 5).values).toEqual([0, 20, 40, 60, 80]);
  });

  it('raises a maximum to the next round number', () => {
    expect(niceMax(97)).toBe(100);
    expect(niceMax(0.83)).toBe(1);
    expect(niceMax(0)).toBe(1);
  });

  it('prints ticks with the decimals their step needs and no negative zero', () => {
    expect(formatTick(0.5, 0.1)).toBe('0.5');
    expect(formatTick(20, 10)).toBe('20');
    expect(formatTick(-0.00001, 0.1)).toBe('0');
  });
});

describe('unit ticks', () => {
  it('places ticks in data units and labels them in the display unit', () => {
    const ticks = unitTicks(0, 3600, { divisor: 60, label: 'min' }, 6);
    expect(ticks[1]).toEqual({ value: 600, label: '10' });
    expect(ticks.at(-1)).toEqual({ value: 3600, label: '60' });
  });
});

describe('scales', () => {
  it('maps a linear domain onto a range, flipped ranges included', () => {
    const y = linearScale([0, 10], [100, 0]);
    expect(y(0)).toBe(100);
    expect(y(5)).toBe(50);
    expect(y(10)).toBe(0);
  });

  it('spaces decades evenly on a log scale', () => {
    const x = logScale([1, 1000], [0, 300]);
    expect(x(10)).toBeCloseTo(100);
    expect(x(100)).toBeCloseTo(200);
  });

  it('labels a log time axis at human round times inside the domain', () => {
    expect(logTimeTicks(2, 5000).map((t) => t.label)).toEqual(['10 s', '1 min', '10 min', '1 h']);
  });

  it('adds 2, 5 and 30 marks when the axis is wide enough for them', () => {
    // 2 s to 5000 s is 3.4 decades; at 800 px, 0.3 decades take 71 px.
    expect(logTimeTicks(2, 5000, 800).map((t) => t.label)).toEqual([
      '2 s', '5 s', '10 s', '30 s', '1 min', '2 min', '5 min', '10 min', '30 min', '1 h',
    ]);
    expect(logTimeTicks(2, 5000, 300).map((t) => t.label)).toEqual(['10 s', '1 min', '10 min', '1 h']);
  });
});
