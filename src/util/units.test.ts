import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatBandwidth,
  formatDuration,
  formatSize,
  parseBandwidth,
  parseDuration,
  parseSize,
} from './units.js';

const MiB = 2 ** 20;
const GiB = 2 ** 30;

describe('sizes', () => {
  it('are binary: MB and MiB are both 2^20 bytes, as Hadoop block sizes are', () => {
    expect(parseSize('64 MB')).toBe(64 * MiB);
    expect(parseSize('64 MiB')).toBe(64 * MiB);
    expect(parseSize('1.5GB')).toBe(1.5 * GiB);
    expect(parseSize('512 KiB')).toBe(512 * 1024);
    expect(parseSize('2 TB')).toBe(2 * 2 ** 40);
    expect(parseSize('1 PB')).toBe(2 ** 50);
  });

  it('accept any letter case, a bare prefix and no unit at all (bytes)', () => {
    expect(parseSize('64mb')).toBe(64 * MiB);
    expect(parseSize('64m')).toBe(64 * MiB);
    expect(parseSize('64 M')).toBe(64 * MiB);
    expect(parseSize('100 B')).toBe(100);
    expect(parseSize('100')).toBe(100);
    expect(parseSize(' 1e3 KB ')).toBe(1000 * 1024);
    expect(parseSize('.5 KB')).toBe(512);
  });

  it('round to whole bytes', () => {
    expect(parseSize('0.1 KB')).toBe(102); // 102.4
  });

  it('reject anything else', () => {
    for (const bad of ['sixty', '', 'MB', '-5 MB', '5 XB', '5 MB/s', '5 Mbps', '1,5 MB', '5 MB 3']) {
      expect(parseSize(bad), bad).toBeNull();
    }
  });

  it('round-trip through formatSize exactly for whole bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (bytes) => {
        expect(parseSize(formatSize(bytes))).toBe(bytes);
      }),
    );
  });

  it('scale a number by the unit for every unit spelling', () => {
    const units: [string, number][] = [
      ['B', 1],
      ['KB', 2 ** 10],
      ['kib', 2 ** 10],
      ['MB', 2 ** 20],
      ['GiB', 2 ** 30],
      ['tb', 2 ** 40],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4096 }), fc.constantFrom(...units), (n, [unit, factor]) => {
        expect(parseSize(`${n} ${unit}`)).toBe(n * factor);
        expect(parseSize(`${n}${unit}`)).toBe(n * factor);
      }),
    );
  });
});

describe('bandwidths', () => {
  it('in bits per second are decimal: 1 Gbps is 10^9 bits = 1.25·10^8 bytes per second', () => {
    expect(parseBandwidth('1 Gbps')).toBe(1.25e8);
    expect(parseBandwidth('10 Gbps')).toBe(1.25e9);
    expect(parseBandwidth('100 Mbps')).toBe(1.25e7);
    expect(parseBandwidth('100 Mbit/s')).toBe(1.25e7);
    expect(parseBandwidth('100 Mb/s')).toBe(1.25e7);
    expect(parseBandwidth('8 bps')).toBe(1);
    expect(parseBandwidth('1 kbps')).toBe(125);
  });

  it('in bytes per second use the binary size units: 100 MB/s is 100·2^20 bytes per second', () => {
    expect(parseBandwidth('100 MB/s')).toBe(100 * MiB);
    expect(parseBandwidth('100 MiB/s')).toBe(100 * MiB);
    expect(parseBandwidth('1 GB/s')).toBe(GiB);
    expect(parseBandwidth('512 B/s')).toBe(512);
  });

  it('without a unit are bytes per second', () => {
    expect(parseBandwidth('1000')).toBe(1000);
  });

  it('reject anything else', () => {
    for (const bad of ['fast', '1 Gbs', '1 GB', '1 Gbps/s', '-1 Gbps', '']) expect(parseBandwidth(bad), bad).toBeNull();
  });

  it('round-trip through formatBandwidth', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e13, noNaN: true }), (rate) => {
        const back = parseBandwidth(formatBandwidth(rate));
        expect(back).not.toBeNull();
        expect(Math.abs((back as number) - rate) / rate).toBeLessThan(1e-12);
      }),
    );
    expect(formatBandwidth(1.25e8)).toBe('1 Gbps');
    expect(formatBandwidth(100 * MiB)).toBe('100 MiB/s');
  });
});

describe('durations', () => {
  it('read ms, s, min, h and d', () => {
    expect(parseDuration('5 min')).toBe(300);
    expect(parseDuration('2h')).toBe(7200);
    expect(parseDuration('30s')).toBe(30);
    expect(parseDuration('250ms')).toBe(0.25);
    expect(parseDuration('1.5 d')).toBe(1.5 * 86400);
    expect(parseDuration('3 seconds')).toBe(3);
    expect(parseDuration('2 hours')).toBe(7200);
    expect(parseDuration('1 minute')).toBe(60);
    expect(parseDuration('10m')).toBe(600);
  });

  it('add up several parts: "1h 30min" is 5400 s', () => {
    expect(parseDuration('1h 30min')).toBe(5400);
    expect(parseDuration('1h30m15s')).toBe(5415);
  });

  it('without a unit are seconds', () => {
    expect(parseDuration('42')).toBe(42);
    expect(parseDuration('1e3')).toBe(1000);
  });

  it('reject anything else', () => {
    for (const bad of ['five', '', '-1 s', '5 minutes ago', '5 M', '5 mins s x', 'h']) {
      expect(parseDuration(bad), bad).toBeNull();
    }
  });

  it('round-trip through formatDuration', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (seconds) => {
        const back = parseDuration(formatDuration(seconds));
        expect(back).not.toBeNull();
        expect(Math.abs((back as number) - seconds)).toBeLessThanOrEqual(seconds * 1e-12);
      }),
    );
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(90)).toBe('90 s');
    expect(formatDuration(300)).toBe('5 min');
    expect(formatDuration(0.25)).toBe('250 ms');
  });
});
