import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base } from '../test-support/scenario-files.js';

describe('determinism', () => {
  const file = base({
    cluster: { generate: { racks: 3, nodesPerRack: 5, speeds: [1, 2] } },
    storage: { blockSize: '64 MB', files: [{ id: 'f', size: '1 GB' }] },
    profiles: {
      p: {
        inputBytes: { dist: 'lognormal', median: '500 MB', sigma: 1 },
        mapTime: { dist: 'normal', mean: 20, sd: 10 },
        reduces: { dist: 'uniform', min: 1, max: 5 },
        reduceTime: { dist: 'exponential', mean: 30 },
        shuffleBytes: { dist: 'choice', values: ['1 MB', '1 GB'], weights: [1, 2] },
      },
    },
    jobs: [{ id: 'read', input: 'f', mapTime: { dist: 'uniform', min: 1, max: 2 } }],
    jobStreams: [{ count: 30, profile: 'p', interarrival: { dist: 'exponential', mean: 60 }, users: ['a', 'b'] }],
  });

  it('the same seed gives an identical scenario', () => {
    expect(resolveScenario(file, 'code')).toEqual(resolveScenario(file, 'code'));
  });

  it('another seed gives another scenario', () => {
    expect(resolveScenario(file, 'code', 5)).not.toEqual(resolveScenario(file, 'code', 6));
  });

  it('the seed override is the same as the seed written in the file', () => {
    expect(resolveScenario(file, 'code', 5)).toEqual(resolveScenario({ ...file, settings: { seed: 5 } }, 'code'));
  });

  it('changing the arrivals does not move node speeds, replica placement or task times', () => {
    const a = resolveScenario(file, 'code');
    const b = resolveScenario(
      { ...file, jobStreams: [{ ...file.jobStreams![0], interarrival: { dist: 'uniform', min: 1, max: 100 } }] },
      'code',
    );
    expect(b.cluster).toEqual(a.cluster);
    const byId = (s: typeof a) => new Map(s.jobs.map((j) => [j.id, j.maps]));
    expect(byId(b)).toEqual(byId(a));
    expect(b.jobs.map((j) => j.submitTime)).not.toEqual(a.jobs.map((j) => j.submitTime));
  });

  it('changing the storage does not move node speeds', () => {
    const a = resolveScenario(file, 'code');
    const b = resolveScenario({ ...file, storage: { blockSize: '64 MB', replication: 2, files: [{ id: 'f', size: '3 GB' }] } }, 'code');
    expect(b.cluster).toEqual(a.cluster);
  });
});
