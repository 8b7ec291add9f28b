import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { SWIM_DEFAULTS, resolveSwimOptions } from './swim-options.js';

describe('resolveSwimOptions', () => {
  it('fills in the documented defaults', () => {
    expect(resolveSwimOptions({})).toEqual({
      nodes: 600,
      sourceNodes: 600,
      nodesPerRack: 40,
      mapSlots: 2,
      reduceSlots: 2,
      blockSize: 67108864,
      replication: 3,
      shuffleBytesPerReduce: 1073741824,
      mapSecondsPerMB: 0.25,
      reduceSecondsPerMB: 0.5,
      users: 1,
      reduceSkew: 0,
      skipInvalid: false,
    });
    expect(SWIM_DEFAULTS.blockSize).toBe(64 * 2 ** 20);
  });

  it('keeps the options given', () => {
    const s = resolveSwimOptions({ nodes: 1200, reduceSlots: 0, mapSecondsPerMB: 0, users: 5, skipInvalid: true });
    expect(s).toMatchObject({ nodes: 1200, reduceSlots: 0, mapSecondsPerMB: 0, users: 5, skipInvalid: true });
  });

  it('reports every bad option at once, by name', () => {
    const error = inputErrorOf(() =>
      resolveSwimOptions({ nodes: 0, blockSize: 1.5, mapSecondsPerMB: -1, reduceSecondsPerMB: Number.NaN, users: 2.5 }),
    );
    expect(error.problems).toEqual([
      { path: 'nodes', expected: 'an integer ≥ 1', found: '0' },
      { path: 'blockSize', expected: 'an integer ≥ 1', found: '1.5' },
      { path: 'mapSecondsPerMB', expected: 'a number ≥ 0', found: '-1' },
      { path: 'reduceSecondsPerMB', expected: 'a number ≥ 0', found: 'NaN' },
      { path: 'users', expected: 'an integer ≥ 1', found: '2.5' },
    ]);
  });
});
