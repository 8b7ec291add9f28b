import { describe, expect, it } from 'vitest';
import { networkMetrics } from './network.js';
import { attemptTable } from './test-support/run-builder.js';

describe('networkMetrics', () => {
  const table = attemptTable([
    { job: 0, start: 0, end: 1, bytesIn: 100, networkBytes: 100, byteHops: 400, locality: 'off' },
    { job: 0, start: 0, end: 1, bytesIn: 100, networkBytes: 0, locality: 'node' },
    { job: 0, start: 0, end: 1, bytesIn: 100, networkBytes: 60, status: 'failed', locality: 'rack' },
    { job: 0, kind: 'reduce', start: 1, end: 2, bytesIn: 50, networkBytes: 30, byteHops: 30 * 2 },
    { job: 0, kind: 'reduce', task: 1, start: 1, end: 2, bytesIn: 70, networkBytes: 70, byteHops: 70 * 4 },
    { job: 0, kind: 'reduce', task: 1, start: 1, end: 2, bytesIn: 20, networkBytes: 20, byteHops: 80, status: 'killed' },
  ]);
  const m = networkMetrics({ attempts: table });

  it('remote read bytes are the network bytes of succeeded maps', () => {
    // 100 + 0; the failed map's 60 does not count
    expect(m.remoteReadBytes).toBe(100);
  });

  it('shuffle bytes, their network part and the fetch cost come from succeeded reduces', () => {
    // bytesIn 50 + 70 = 120; network 30 + 70 = 100; byte·hops 30×2 + 70×4 = 60 + 280 = 340
    expect(m.shuffleBytes).toBe(120);
    expect(m.shuffleNetworkBytes).toBe(100);
    expect(m.fetchCost).toBe(340);
  });

  it('total network bytes count every attempt whatever its status', () => {
    // 100 + 0 + 60 + 30 + 70 + 20 = 280
    expect(m.networkBytes).toBe(280);
  });

  it("replication traffic is the run record's, 0 when it has none", () => {
    expect(m.replicationBytes).toBe(0);
    expect(networkMetrics({ attempts: table, replicationBytes: 640 }).replicationBytes).toBe(640);
  });
});
