import { describe, expect, it } from 'vitest';
import { dominantShare, forEachDominantSharePiece } from './dominant-share.js';
import type { HeldContainers } from './held-containers.js';

const GB = 2 ** 30;
const CLUSTER = { memory: 10 * GB, vcores: 10 };

/** Containers as rows: [job, start, end, GB, vcores]. */
function held(rows: readonly [number, number, number, number, number][]): HeldContainers {
  return {
    count: rows.length,
    job: Int32Array.from(rows, (r) => r[0]),
    start: Float64Array.from(rows, (r) => r[1]),
    end: Float64Array.from(rows, (r) => r[2]),
    memory: Float64Array.from(rows, (r) => r[3] * GB),
    vcores: Float64Array.from(rows, (r) => r[4]),
  };
}

function pieces(containers: HeldContainers, groupOfJob: number[], groups: number): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  forEachDominantSharePiece(containers, Int32Array.from(groupOfJob), groups, CLUSTER, (g, from, to, share) => out.push([g, from, to, share]));
  return out;
}

describe('dominantShare', () => {
  it('is the larger of the memory and vcore shares of the capacity', () => {
    // Ghodsi et al.'s example: <1 CPU, 4 GB> of <9 CPUs, 18 GB> is memory-dominant, 4/18; <3 CPUs, 1 GB> CPU-dominant, 3/9.
    const capacity = { memory: 18 * GB, vcores: 9 };
    expect(dominantShare({ memory: 4 * GB, vcores: 1 }, capacity)).toBeCloseTo(4 / 18, 12);
    expect(dominantShare({ memory: GB, vcores: 3 }, capacity)).toBeCloseTo(3 / 9, 12);
  });
});

describe('forEachDominantSharePiece', () => {
  it('gives a group’s share between the starts and ends of its containers, holding nothing left out', () => {
    // Job 0: 4 GB and 1 vcore [0, 10), then with 1 GB and 3 vcores from 5 to 20. Nothing from 20 to 30, then 2 GB [30, 40).
    const containers = held([
      [0, 0, 10, 4, 1],
      [0, 5, 20, 1, 3],
      [0, 30, 40, 2, 1],
    ]);
    expect(pieces(containers, [0], 1)).toEqual([
      [0, 0, 5, 0.4],
      // 5 GB and 4 vcores.
      [0, 5, 10, 0.5],
      [0, 10, 20, 0.3],
      [0, 30, 40, 0.2],
    ]);
  });

  it('keeps each group’s share apart, and a share is not the larger of two averages', () => {
    // Group 0 holds all the memory for 10 s, then all the vcores: a dominant share of 1 throughout,
    // though its average shares over [0, 20) are ½ each. Group 1 (jobs 1 and 2) holds 1 GB and 2 vcores at once.
    const containers = held([
      [0, 0, 10, 10, 0],
      [0, 10, 20, 0, 10],
      [1, 0, 20, 1, 1],
      [2, 0, 20, 0, 1],
    ]);
    const found = pieces(containers, [0, 1, 1], 2);
    expect(found.filter(([g]) => g === 0)).toEqual([
      [0, 0, 10, 1],
      [0, 10, 20, 1],
    ]);
    expect(found.filter(([g]) => g === 1)).toEqual([[1, 0, 20, 0.2]]);
  });
});
