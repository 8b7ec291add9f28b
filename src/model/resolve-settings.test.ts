import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base } from '../test-support/scenario-files.js';

describe('settings', () => {
  it('fill defaults: 3 s heartbeats, no out-of-band heartbeats, slow start 0.05, 5 parallel copies, the isolated network, a 10-minute tracker expiry, no job setup or commit time, seed 1', () => {
    expect(resolveScenario(base(), 'code').settings).toEqual({
      heartbeatInterval: 3,
      outOfBandHeartbeat: false,
      slowStart: 0.05,
      parallelCopies: 5,
      network: 'isolated',
      trackerExpiry: 600,
      jobSetup: 0,
      jobCommit: 0,
      seed: 1,
      failures: [],
    });
  });

  it('resolve failures to node indices', () => {
    const s = resolveScenario(
      base({ settings: { failures: [{ node: 'rack2-n02', at: '10 min', recoverAt: '1h' }, { node: 'rack1-n01', at: 5 }] } }),
      'code',
    );
    expect(s.settings.failures).toEqual([
      { node: 5, at: 600, recoverAt: 3600 },
      { node: 0, at: 5, recoverAt: null },
    ]);
  });

  it('pass scheduler options through untouched', () => {
    const options = { fair: { preemption: true, nested: { a: [1, 2] } } };
    expect(resolveScenario(base({ schedulerOptions: options }), 'code').schedulerOptions).toEqual(options);
  });
});
