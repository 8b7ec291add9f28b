import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base } from './test-support/scenario-files.js';

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
});
