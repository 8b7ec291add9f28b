import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, problems } from '../test-support/scenario-files.js';

describe('job streams', () => {
  it('generate count jobs, numbered, submitted one interarrival apart from the start, users in turn', () => {
    const s = resolveScenario(
      base({
        jobs: [],
        jobStreams: [
          { count: 12, idPrefix: 'q', start: '1 min', interarrival: 10, users: ['u1', 'u2', 'u3'], maps: 1, mapTime: 1 },
        ],
      }),
      'code',
    );
    expect(s.jobs.map((j) => j.id)).toEqual(['q01', 'q02', 'q03', 'q04', 'q05', 'q06', 'q07', 'q08', 'q09', 'q10', 'q11', 'q12']);
    expect(s.jobs.map((j) => j.submitTime).slice(0, 3)).toEqual([70, 80, 90]);
    expect(s.jobs.map((j) => j.user).slice(0, 4)).toEqual(['u1', 'u2', 'u3', 'u1']);
  });

  it('draw profiles by weight', () => {
    const s = resolveScenario(
      base({
        profiles: { small: { maps: 1, mapTime: 1 }, big: { maps: 10, mapTime: 1 } },
        jobs: [],
        jobStreams: [
          {
            count: 400,
            profiles: [
              { name: 'small', weight: 3 },
              { name: 'big', weight: 1 },
            ],
            interarrival: { dist: 'exponential', mean: 5 },
          },
        ],
      }),
      'code',
    );
    const big = s.jobs.filter((j) => j.maps.length === 10).length;
    expect(big).toBeGreaterThan(70);
    expect(big).toBeLessThan(130);
    expect(s.jobs[0].id).toBe('stream1-001');
  });

  it('release jobs in equal groups, interval apart from the start, earlier groups taking the extra job', () => {
    const s = resolveScenario(
      base({ jobs: [], jobStreams: [{ count: 5, start: 30, groups: { count: 2, interval: '10 min' }, maps: 1, mapTime: 1 }] }),
      'code',
    );
    // Job k is in group ⌊k·2/5⌋: k = 0, 1, 2 → group 0 (t = 30); k = 3, 4 → group 1 (t = 30 + 600).
    expect(s.jobs.map((j) => j.submitTime)).toEqual([30, 30, 30, 630, 630]);
  });

  it('one group is a batch: every job released at the start', () => {
    const s = resolveScenario(base({ jobs: [], jobStreams: [{ count: 4, groups: { count: 1 }, maps: 1, mapTime: 1 }] }), 'code');
    expect(s.jobs.map((j) => j.submitTime)).toEqual([0, 0, 0, 0]);
  });

  it('need exactly one of interarrival and groups', () => {
    const both = problems(
      base({ jobs: [], jobStreams: [{ count: 2, interarrival: 5, groups: { count: 1 }, maps: 1, mapTime: 1 }] }),
    );
    expect(both).toContainEqual(expect.objectContaining({ path: 'jobStreams[0].groups', found: 'both' }));
    const neither = problems(base({ jobs: [], jobStreams: [{ count: 2, maps: 1, mapTime: 1 }] }));
    expect(neither).toContainEqual(expect.objectContaining({ path: 'jobStreams[0]', found: 'neither' }));
  });

  it('draw each job’s weight from the stream’s weight distribution', () => {
    const s = resolveScenario(
      base({
        jobs: [],
        jobStreams: [
          { count: 200, groups: { count: 1 }, weight: { dist: 'choice', values: [1, 2, 3, 4, 5] }, maps: 1, mapTime: 1 },
        ],
      }),
      'code',
    );
    const weights = new Set(s.jobs.map((j) => j.weight));
    expect([...weights].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuse a weight distribution that can draw 0', () => {
    const found = problems(
      base({ jobs: [], jobStreams: [{ count: 2, interarrival: 1, weight: { dist: 'uniform', min: 0, max: 5 }, maps: 1, mapTime: 1 }] }),
    );
    expect(found).toContainEqual(expect.objectContaining({ path: 'jobStreams[0].weight.min' }));
  });

  it('resolve a stream of 200,000 jobs (more than a call can take as spread arguments)', () => {
    const s = resolveScenario(base({ jobs: [], jobStreams: [{ count: 200_000, groups: { count: 1 }, maps: 1, mapTime: 1 }] }), 'code');
    expect(s.jobs).toHaveLength(200_000);
  });
});
