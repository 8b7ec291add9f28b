import { describe, expect, it } from 'vitest';
import { byteUnit, formatInterval, formatMemory, formatMetric } from './format.js';

describe('formatMetric', () => {
  it('prints seconds and percentages to one decimal, other counts as integers or to three decimals', () => {
    expect(formatMetric(12.345, 's')).toBe('12.3 s');
    expect(formatMetric(87.5, '%')).toBe('87.5 %');
    expect(formatMetric(3, '')).toBe('3');
    expect(formatMetric(11 / 6, '')).toBe('1.833');
  });

  it('prints bytes in the binary unit that keeps them below 1024', () => {
    expect(formatMetric(1023, 'bytes')).toBe('1023 B');
    expect(formatMetric(1024, 'bytes')).toBe('1.00 KiB');
    // 1.5 × 2^20 = 1.5 MiB
    expect(formatMetric(1.5 * 2 ** 20, 'bytes')).toBe('1.50 MiB');
    expect(formatMetric(3 * 2 ** 40, 'byte·hops')).toBe('3.00 TiB·hops');
    // past PiB the unit stays PiB: 2^60 = 1024 PiB
    expect(formatMetric(2 ** 60, 'bytes')).toBe('1024.00 PiB');
  });

  it('prints an undefined value as a dash', () => {
    expect(formatMetric(null, 's')).toBe('—');
    expect(formatMetric(Number.NaN, 'bytes')).toBe('—');
  });

  it('adds the half-width of an interval when there is one', () => {
    expect(formatInterval(10, 2.25, 's')).toBe('10.0 s ± 2.3 s');
    expect(formatInterval(10, null, 's')).toBe('10.0 s');
  });
});

describe('byteUnit', () => {
  it('is the power of 1024 below the value, whatever its sign', () => {
    expect(byteUnit(0)).toEqual({ divisor: 1, label: 'B' });
    expect(byteUnit(-2048)).toEqual({ divisor: 1024, label: 'KiB' });
    expect(byteUnit(2 ** 30)).toEqual({ divisor: 2 ** 30, label: 'GiB' });
  });
});

describe('formatMemory', () => {
  it('prints memory in GB of 1024 MB to two decimals, below 1 GB in whole MB, as YARN counts', () => {
    expect(formatMemory(22 * 2 ** 30)).toBe('22 GB');
    expect(formatMemory(9.4375 * 2 ** 30)).toBe('9.44 GB');
    expect(formatMemory(1536 * 2 ** 20)).toBe('1.5 GB');
    expect(formatMemory(512 * 2 ** 20)).toBe('512 MB');
  });
});
