import { describe, expect, it } from 'vitest';
import { resolveSwimOptions } from './swim-options.js';
import { scaleBytes, swimJob, swimUser } from './swim-job.js';
import type { SwimRecord } from './swim-record.js';

const MiB = 2 ** 20;
const GiB = 2 ** 30;
const defaults = resolveSwimOptions({});

function record(inputBytes: number, shuffleBytes: number, outputBytes: number): SwimRecord {
  return { id: 'j', submit: 10, gap: 10, inputBytes, shuffleBytes, outputBytes };
}

describe('swimJob', () => {
  it('raises an input below one block to 64 MiB: one map of 16 s', () => {
    // job0 of the 2009 day: 740773 bytes < 67108864 → 67108864, 1 map; work 0.25 s/MiB × 64 MiB = 16 s.
    // Shuffle 2339561 ≤ 1 GiB → 1 reduce; work 0.5 × 2339561 / 2^20 = 2339561 / 2^21 ≈ 1.11559 s (exact in binary).
    const made = swimJob(record(740773, 2339561, 627471), 0, defaults);
    expect(made.job).toEqual({
      id: 'j',
      user: 'swim',
      submit: 10,
      inputBytes: 67108864,
      mapTime: 16,
      shuffleBytes: 2339561,
      reduces: 1,
      reduceTime: 2339561 / 2 ** 21,
      outputBytes: 627471,
    });
    expect(made).toMatchObject({ maps: 1, reduces: 1, raised: { input: true, shuffle: false, output: false } });
  });

  it('gives the reduceSkew option to the jobs with more than one reduce', () => {
    const skewed = resolveSwimOptions({ reduceSkew: 1.5 });
    expect(swimJob(record(GiB, 3 * GiB, 0), 0, skewed).job).toMatchObject({ reduces: 3, reduceSkew: 1.5 });
    expect(swimJob(record(GiB, GiB, 0), 0, skewed).job).not.toHaveProperty('reduceSkew');
    expect(swimJob(record(GiB, 3 * GiB, 0), 0, defaults).job).not.toHaveProperty('reduceSkew');
    expect(() => resolveSwimOptions({ reduceSkew: -1 })).toThrow(/reduceSkew/);
  });

  it('makes a job without shuffle map-only: no map output, no reduces', () => {
    // job22: 0 input, 0 shuffle, 127 output → 64 MiB input (1 map), output raised to 1024.
    const made = swimJob(record(0, 0, 127), 0, defaults);
    expect(made.job).toEqual({ id: 'j', user: 'swim', submit: 10, inputBytes: 67108864, mapTime: 16, outputBytes: 1024 });
    expect(made).toMatchObject({ maps: 1, reduces: 0, raised: { input: true, shuffle: false, output: true } });
  });

  it('floors a non-zero shuffle and output at 1024 bytes, and leaves a zero output at zero', () => {
    // job3: shuffle 42 → 1024 (1 reduce of 0.5 × 1024 / 2^20 = 2^-11 s), output 37 → 1024. job41: output 0 stays 0.
    expect(swimJob(record(233422, 42, 37), 0, defaults).job).toMatchObject({
      shuffleBytes: 1024,
      reduces: 1,
      reduceTime: 2 ** -11,
      outputBytes: 1024,
    });
    expect(swimJob(record(126, 0, 0), 0, defaults).job.outputBytes).toBe(0);
  });

  it('makes one map per started block and one reduce per started GiB of shuffle', () => {
    // job17: input 10274791099 = 153 × 67108864 (= 10267656192) + 7134907 → 154 maps;
    // map work 0.25 × 10274791099 / 154 / 2^20 = 0.25 × 66719422.72… / 1048576 = 0.25 × 63.62860… ≈ 15.90715 s each (the job's mean block).
    // Shuffle 13024975762 = 12 × 2^30 (= 12884901888) + 140073874 → 13 reduces of 0.5 × 13024975762 / 13 / 2^20 s.
    const made = swimJob(record(10274791099, 13024975762, 3600817163), 0, defaults);
    expect(made.maps).toBe(154);
    expect(made.reduces).toBe(13);
    expect(made.job.mapTime).toBeCloseTo((0.25 * 10274791099) / 154 / MiB, 12);
    expect(made.job.reduceTime).toBeCloseTo((0.5 * 13024975762) / 13 / MiB, 12);
    expect(made.job.mapTime).toBeCloseTo(15.90715, 5);
  });

  it('gives exactly one reduce for exactly 1 GiB of shuffle and two for one byte more', () => {
    expect(swimJob(record(GiB, GiB, 0), 0, defaults).reduces).toBe(1);
    expect(swimJob(record(GiB, GiB + 1, 0), 0, defaults).reduces).toBe(2);
    // An input of exactly 16 blocks is 16 maps; one byte more is 17.
    expect(swimJob(record(16 * 64 * MiB, 0, 0), 0, defaults).maps).toBe(16);
    expect(swimJob(record(16 * 64 * MiB + 1, 0, 0), 0, defaults).maps).toBe(17);
  });

  it('follows the options: block size, bytes per reduce and the cost model', () => {
    // 1 GiB input in 128 MiB blocks → 8 maps of 1 × 128 = 128 s; 1 GiB shuffle at 256 MiB per reduce → 4 reduces of 2 × 256 = 512 s.
    const s = resolveSwimOptions({ blockSize: 128 * MiB, shuffleBytesPerReduce: 256 * MiB, mapSecondsPerMB: 1, reduceSecondsPerMB: 2 });
    const made = swimJob(record(GiB, GiB, 0), 0, s);
    expect(made).toMatchObject({ maps: 8, reduces: 4, job: { mapTime: 128, reduceTime: 512 } });
  });

  it('scales sizes by nodes / sourceNodes before the floors, as SWIM does', () => {
    // ×2: input 40 MiB → 80 MiB (2 maps), shuffle 600 → 1200 (above the floor), output 3 → 6 → 1024.
    const twice = resolveSwimOptions({ nodes: 1200 });
    expect(swimJob(record(40 * MiB, 600, 3), 0, twice)).toMatchObject({
      inputBytes: 80 * MiB,
      shuffleBytes: 1200,
      outputBytes: 1024,
      maps: 2,
    });
    // ÷2: 40 MiB → 20 MiB → floored to 64 MiB; a shuffle of 1 byte → 0 after scaling, still floored to 1024
    // because the trace's shuffle is not 0.
    const half = resolveSwimOptions({ nodes: 300 });
    expect(swimJob(record(40 * MiB, 1, 0), 0, half)).toMatchObject({ inputBytes: 64 * MiB, shuffleBytes: 1024, reduces: 1 });
  });
});

describe('scaleBytes', () => {
  it('rounds down to whole bytes, exactly, even past 2^53 in the product', () => {
    expect(scaleBytes(7, 1, 2)).toBe(3);
    expect(scaleBytes(1001, 600, 600)).toBe(1001);
    // (2^53 − 1) × 3 / 4 = 6755399441055743.25 → 6755399441055743 (a double product would round first).
    expect(scaleBytes(Number.MAX_SAFE_INTEGER, 3, 4)).toBe(6755399441055743);
  });
});

describe('swimUser', () => {
  it('gives every job to swim with one user, and deals jobs round robin to swim1 … swimN with more', () => {
    expect([0, 1, 2].map((k) => swimUser(k, 1))).toEqual(['swim', 'swim', 'swim']);
    expect([0, 1, 2, 3, 4].map((k) => swimUser(k, 3))).toEqual(['swim1', 'swim2', 'swim3', 'swim1', 'swim2']);
  });
});
