import { describe, expect, it } from 'vitest';
import { attemptEnds } from '../metrics/attempt-end.js';
import { buildRun } from '../metrics/test-support/run-builder.js';
import { attemptOverview } from './attempt-overview.js';
import { MIXED, OVERVIEW_LEVELS } from './browser/lane-occupancy.js';
import { decodeOverview } from './browser/attempt-decoder.js';
import { syntheticRun } from './test-support/comparison.js';

const top = OVERVIEW_LEVELS - 1;

describe('attemptOverview', () => {
  it('shares each bin of a node’s lanes among the attempts that ran in it, maps and reduces apart', () => {
    const run = buildRun({
      nodes: [{}, {}],
      jobs: [{ submit: 0, maps: [1, 1, 1], reduces: [1] }],
      attempts: [
        // Node 0: two maps at once make two map lanes; the first half of the run has one busy, the second both.
        { job: 0, task: 0, node: 0, start: 0, end: 10 },
        { job: 0, task: 1, node: 0, start: 5, end: 10 },
        // Node 1: one map lane busy half the first bin, one reduce lane half the second.
        { job: 0, task: 2, node: 1, start: 0, end: 2.5 },
        { job: 0, kind: 'reduce', task: 0, node: 1, start: 5, end: 7.5 },
      ],
    });
    const overview = attemptOverview(run, attemptEnds(run), 2);
    expect(overview.binWidth).toBe(5);
    expect([...overview.lanes]).toEqual([2, 0, 1, 1]);
    // Rows: node 0 maps, node 0 reduces, node 1 maps, node 1 reduces; two bins each.
    expect([...overview.shares]).toEqual([Math.round(top / 2), top, 0, 0, Math.round(top / 2), 0, 0, Math.round(top / 2)]);
  });

  it('packs first fit in start order, so lanes are the most attempts a node ran at once', () => {
    const run = buildRun({
      nodes: [{}],
      jobs: [{ submit: 0, maps: [1, 1, 1, 1], reduces: [] }],
      attempts: [
        { job: 0, task: 0, node: 0, start: 0, end: 4 },
        { job: 0, task: 1, node: 0, start: 1, end: 2 },
        { job: 0, task: 2, node: 0, start: 2, end: 6 },
        { job: 0, task: 3, node: 0, start: 4, end: 8 },
      ],
    });
    expect([...attemptOverview(run, attemptEnds(run), 4).lanes]).toEqual([2, 0]);
  });

  it('gives each bin the pool and the locality that held more than half its busy time, or says none did', () => {
    const run = buildRun({
      nodes: [{}],
      jobs: [
        { submit: 0, pool: 'a', maps: [1, 1, 1], reduces: [] },
        { submit: 0, pool: 'b', maps: [1, 1], reduces: [] },
      ],
      attempts: [
        // Bin 0 (0–10): a node-local map of pool a 0–8, a rack-local one of b 0–2: a holds 8 s of 10, node-local too.
        { job: 0, task: 0, node: 0, start: 0, end: 8 },
        { job: 1, task: 0, node: 0, start: 0, end: 2, locality: 'rack' },
        // Bin 1 (10–20): a 10–15 rack-local, b 10–15 node-local: neither holds over half (5 s of 10).
        { job: 0, task: 1, node: 0, start: 10, end: 15, locality: 'rack' },
        { job: 1, task: 1, node: 0, start: 10, end: 15 },
        // Bin 2 (20–30): pool a alone, off-rack, 22–30.
        { job: 0, task: 2, node: 0, start: 22, end: 30, locality: 'off' },
      ],
    });
    const overview = attemptOverview(run, attemptEnds(run), 3);
    expect(overview.binWidth).toBe(10);
    // Pools a = 0 and b = 1, as the report model numbers them; the node's map row, then its (empty) reduce row.
    expect([...overview.pools]).toEqual([0, MIXED, 0, 0, 0, 0]);
    expect([...overview.localities]).toEqual([0, MIXED, 2, 0, 0, 0]);
  });

  it('reads back in the page as written: lanes as two bytes, then the shares, pools and localities', () => {
    const run = syntheticRun(40, 20_000, 10, 17);
    const overview = attemptOverview(run, attemptEnds(run), 300);
    const lanes = Buffer.alloc(2 * overview.lanes.length);
    overview.lanes.forEach((count, i) => lanes.writeUInt16LE(count, 2 * i));
    const decoded = decodeOverview(Buffer.concat([lanes, overview.shares, overview.pools, overview.localities]), 40, 300, overview.binWidth, OVERVIEW_LEVELS);
    expect([...decoded.lanes]).toEqual([...overview.lanes]);
    expect([...decoded.shares]).toEqual([...overview.shares]);
    expect([...decoded.pools]).toEqual([...overview.pools]);
    expect([...decoded.localities]).toEqual([...overview.localities]);
    // Every node ran something, and no share passes the top level.
    expect(Math.min(...overview.lanes.filter((_, i) => i % 2 === 0))).toBeGreaterThan(0);
    expect(Math.max(...overview.shares)).toBeLessThanOrEqual(top);
  });
});
