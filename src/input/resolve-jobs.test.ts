import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, paths, problems } from '../test-support/scenario-files.js';

describe('jobs', () => {
  it('sorts jobs by submit time, ties in file order', () => {
    const s = resolveScenario(
      base({
        jobs: [
          { id: 'c', submit: '2 min', maps: 1, mapTime: 1 },
          { id: 'a', submit: 0, maps: 1, mapTime: 1 },
          { id: 'd', submit: 120, maps: 1, mapTime: 1 },
          { id: 'b', maps: 1, mapTime: 1 },
        ],
      }),
      'code',
    );
    expect(s.jobs.map((j) => `${j.id}@${j.submitTime}`)).toEqual(['a@0', 'b@0', 'c@120', 'd@120']);
  });

  it('fills job defaults: user "default", weight 1, priority NORMAL, submitted at 0', () => {
    expect(resolveScenario(base(), 'code').jobs[0]).toMatchObject({
      user: 'default',
      pool: 'default',
      weight: 1,
      priority: 'NORMAL',
      submitTime: 0,
    });
  });

  it("reads a job's own setup and commit times, and leaves them unset (the settings' defaults) when absent", () => {
    const jobs = resolveScenario(base({ jobs: [{ id: 'a', maps: 1, mapTime: 1, setup: '1 min', commit: 4 }, { id: 'b', maps: 1, mapTime: 1 }] }), 'code').jobs;
    expect([jobs[0].setupTime, jobs[0].commitTime, jobs[1].setupTime, jobs[1].commitTime]).toEqual([60, 4, undefined, undefined]);
  });

  it('rejects duplicate job ids, also against generated ones', () => {
    expect(
      paths(
        base({
          jobs: [
            { id: 'x1', maps: 1, mapTime: 1 },
            { id: 'x1', maps: 1, mapTime: 1 },
          ],
          jobStreams: [{ count: 3, idPrefix: 'x', maps: 1, mapTime: 1, interarrival: 1 }],
        }),
      ),
    ).toEqual(['jobs[1].id', 'jobStreams[0].idPrefix']);
  });

  it('report every problem of 150,000 bad jobs (more than a call can take as spread arguments)', () => {
    const jobs = Array.from({ length: 150_000 }, (_, i) => ({ id: `j${i}`, maps: 1 }));
    expect(problems(base({ jobs }))).toHaveLength(150_000);
  });
});
