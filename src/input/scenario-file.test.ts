import { describe, expect, it } from 'vitest';
import { expectSchemaFileInStep } from '../test-support/schema-file.js';
import { parseScenarioFile, scenarioJsonSchema, scenarioJsonSchemaText } from './scenario-file.js';


describe('the scenario file schema', () => {
  it('docs/scenario.schema.json is generated from it (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('scenario.schema.json', scenarioJsonSchemaText());
  });

  it('the JSON Schema rejects unknown fields and documents defaults', () => {
    const schema = scenarioJsonSchema() as {
      additionalProperties: boolean;
      properties: { storage: { properties: { blockSize: { default: unknown } } } };
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.storage.properties.blockSize.default).toBe('128 MB');
  });

  it('converts quantities to base units and fills plain defaults', () => {
    const result = parseScenarioFile({
      cluster: { generate: { racks: 1, nodesPerRack: 1, bandwidth: '1 Gbps' } },
      jobs: [{ id: 'j', maps: 1, mapTime: '2 min', submit: '1h' }],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.cluster.generate?.bandwidth).toBe(1.25e8);
    expect(result.value.jobs[0]).toMatchObject({ mapTime: 120, submit: 3600, user: 'default', weight: 1, priority: 'NORMAL' });
    expect(result.value.storage).toEqual({ blockSize: 128 * 2 ** 20, replication: 3 });
    // The heartbeat interval's default depends on YARN mode: resolving fills it in (resolve-settings.test.ts).
    expect(result.value.settings).toEqual({
      outOfBandHeartbeat: false,
      slowStart: 0.05,
      parallelCopies: 5,
      network: 'max-min',
      writes: { mapOutput: false, jobOutput: false },
      variability: { attemptSigma: 0, slowdowns: [] },
      speculation: { maps: true, reduces: true },
      jvm: { startup: 0, reuse: 1 },
      trackerExpiry: 600,
      jobSetup: 0,
      jobCommit: 0,
      setupCleanupSlots: false,
      seed: 1,
      failures: [],
      taskFailures: { causes: [], maxMapAttempts: 4, maxReduceAttempts: 4, maxTrackerBlacklists: 4, blacklistWindow: 10_800 },
    });
  });

  it('reports the problem inside the alternative a value came close to', () => {
    const result = parseScenarioFile({
      cluster: { generate: { racks: 1, nodesPerRack: 1 } },
      jobs: [{ id: 'j', maps: 1, mapTime: { dist: 'exponential', mean: '-3 s', shape: 2 } }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.path.join('.'), p.expected, p.found])).toEqual([
      ['jobs.0.mapTime.mean', "a duration like '5 min'", "'-3 s'"],
      ['jobs.0.mapTime.shape', expect.stringContaining('one of the fields dist, min, max, mean'), "unknown field 'shape'"],
    ]);
  });

  it('names an unknown distribution and the ones it knows', () => {
    const result = parseScenarioFile({
      cluster: { generate: { racks: 1, nodesPerRack: 1 } },
      jobs: [{ id: 'j', maps: 1, mapTime: { dist: 'weibull' } }],
    });
    expect(result.ok ? [] : result.problems).toEqual([
      {
        path: ['jobs', 0, 'mapTime', 'dist'],
        expected: 'one of uniform, exponential, normal, lognormal, choice',
        found: "'weibull'",
      },
    ]);
  });
});
