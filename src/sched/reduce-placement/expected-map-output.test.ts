import { describe, expect, it } from 'vitest';
import { NO_RESOURCES } from '../../model/resources.js';
import { testJobView } from '../../test-support/job-view.js';
import { ExpectedMapOutput } from './expected-map-output.js';

// Five maps on three nodes: m0 (input on node 0) and m1 (nodes 0, 1) have
// finished, writing 100 bytes on node 0 and 60 on node 1; m2 (nodes 1, 2)
// is running; m3 (node 2) and m4 (no input) are pending.
const maps = [{ replicas: [0] }, { replicas: [0, 1] }, { replicas: [1, 2] }, { replicas: [2] }, { replicas: [] }].map((m) => ({ inputBytes: 64, ...m }));
const spec = { id: 'j', user: 'u', pool: 'p', submitTime: 0, weight: 1, priority: 'NORMAL' as const, mapCount: maps.length, maps, reduceCount: 1, mapContainer: NO_RESOURCES, reduceContainer: NO_RESOURCES };
const pending = new Set([3, 4]);

function expected(outputs: number[], succeededMaps: number) {
  const job = testJobView(0, { spec, succeededMaps, runningMaps: 1, pendingMaps: 2 });
  const view = { mapOutputBytes: () => outputs, isMapPending: (_job: unknown, m: number) => pending.has(m) };
  const into = new Float64Array(5);
  const data = new ExpectedMapOutput(maps, 3).fill(job, view, into, 2);
  return { data, into: [...into] };
}

describe('ExpectedMapOutput', () => {
  it('estimates the job’s data as m / m_done times the output written, X = 5/2 · 160', () => {
    expect(expected([100, 60, 0], 2).data).toBe(400);
  });

  it('puts what is written where it is, a pending map’s share on its replicas, a running map’s by the job’s input spread', () => {
    // A map writes 160 / 2 = 80 on average. Input spread (1/|replicas| per map; m4 1/3 on each node):
    // node 0: 1 + 1/2 + 1/3 = 11/6, node 1: 1/2 + 1/2 + 1/3 = 8/6, node 2: 1/2 + 1 + 1/3 = 11/6 (sums to 5).
    // The one running map: 80 · spread / 5 = 16 · (11/6, 8/6, 11/6) = (88/3, 64/3, 88/3).
    // Pending: m3's 80 on node 2; m4's 80 over the three nodes, 80/3 each.
    // node 0: 100 + 88/3 + 80/3 = 156; node 1: 60 + 64/3 + 80/3 = 108; node 2: 88/3 + 80 + 80/3 = 136.
    const { into } = expected([100, 60, 0], 2);
    expect(into.slice(0, 2)).toEqual([0, 0]);
    expect(into[2]).toBeCloseTo(156, 9);
    expect(into[3]).toBeCloseTo(108, 9);
    expect(into[4]).toBeCloseTo(136, 9);
    expect(into[2] + into[3] + into[4]).toBeCloseTo(400, 9);
  });

  it('counts each unfinished map as one unit before any map has finished, and says the data is unknown', () => {
    // Running: 1 · (11/6, 8/6, 11/6) / 5; m3: 1 on node 2; m4: 1/3 each.
    const { data, into } = expected([0, 0, 0], 0);
    expect(data).toBeNaN();
    expect(into[2]).toBeCloseTo(11 / 30 + 1 / 3, 12);
    expect(into[3]).toBeCloseTo(8 / 30 + 1 / 3, 12);
    expect(into[4]).toBeCloseTo(11 / 30 + 1 + 1 / 3, 12);
  });
});

describe('ExpectedMapOutput of a job without maps', () => {
  it('expects no output anywhere', () => {
    const job = testJobView(0, { spec: { ...spec, mapCount: 0, maps: [] } });
    const into = new Float64Array(3).fill(7);
    const data = new ExpectedMapOutput([], 3).fill(job, { mapOutputBytes: () => [0, 0, 0], isMapPending: () => false }, into, 0);
    expect(data).toBeNaN();
    expect([...into]).toEqual([0, 0, 0]);
  });
});
