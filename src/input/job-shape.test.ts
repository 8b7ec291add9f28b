import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, paths, problems } from '../test-support/scenario-files.js';

describe('job shapes and profiles', () => {
  const profiles = {
    sort: { inputBytes: '1 GB', mapTime: 30, reduces: 4, reduceTime: 60, mapOutputRatio: 1 },
  };

  it('a job starts from its profile and overrides single fields', () => {
    const s = resolveScenario(
      base({ storage: { blockSize: '256 MB' }, profiles, jobs: [{ id: 'j', profile: 'sort', reduces: 2 }] }),
      'code',
    );
    expect(s.jobs[0].maps).toHaveLength(4);
    expect(s.jobs[0].maps.at(0).work).toBe(30);
    expect(s.jobs[0].reduces).toHaveLength(2);
    expect(s.jobs[0].reduces[0].work).toBe(60);
  });

  it("setting one way of making maps drops the profile's other ways", () => {
    const s = resolveScenario(base({ profiles, jobs: [{ id: 'j', profile: 'sort', maps: 3 }] }), 'code');
    expect(s.jobs[0].maps.toArray().map((m) => m.inputBytes)).toEqual([0, 0, 0]);
  });

  it('rejects a profile that does not exist, and a job shape that says how to make its maps twice', () => {
    expect(
      problems(
        base({
          profiles,
          jobs: [
            { id: 'a', profile: 'nope' },
            { id: 'b', maps: 2, input: 'f', mapTime: 1 },
          ],
        }),
      ),
    ).toEqual([
      expect.objectContaining({ path: 'jobs[0].profile', found: "'nope'" }),
      expect.objectContaining({ path: 'jobs[1].input', found: 'maps and input' }),
      expect.objectContaining({ path: 'jobs[1].input', expected: 'a file of storage.files (none declared)' }),
    ]);
  });

  it('a job needs maps and their work, here or in its profile', () => {
    expect(problems(base({ jobs: [{ id: 'j', mapTime: 3 }] }))).toEqual([
      expect.objectContaining({ path: 'jobs[0]', expected: 'one of maps, inputBytes, input, mapTasks' }),
    ]);
    expect(problems(base({ jobs: [{ id: 'j', maps: 3 }] }))).toEqual([
      expect.objectContaining({ path: 'jobs[0]', expected: 'mapTime, the compute work of each map' }),
    ]);
  });

  it('work given per task and per kind is one problem where it is written, and one where the merge makes it', () => {
    expect(problems(base({ jobs: [{ id: 'j', mapTasks: [{ work: 1 }], mapTime: 3 }] }))).toEqual([
      expect.objectContaining({ path: 'jobs[0].mapTime', expected: 'no mapTime with mapTasks (each task has its work)' }),
    ]);
    expect(problems(base({ profiles: { p: { maps: 1, mapTime: 1, reduceTasks: [{ shuffleShare: 1, work: 1 }], reduceTime: 3 } } }))).toEqual([
      expect.objectContaining({ path: 'profiles.p.reduceTime', expected: 'no reduceTime with reduceTasks (each task has its work)' }),
    ]);
    expect(problems(base({ profiles: { p: { mapTasks: [{ work: 1 }] } }, jobs: [{ id: 'j', profile: 'p', mapTime: 3 }] }))).toEqual([
      { path: 'jobs[0].mapTime', expected: 'no mapTime with mapTasks', found: 'both, once merged with the profile' },
    ]);
  });

  it('reduces need a reduceTime', () => {
    expect(paths(base({ jobs: [{ id: 'j', maps: 1, mapTime: 1, reduces: 2 }] }))).toEqual(['jobs[0].reduces']);
  });
});
