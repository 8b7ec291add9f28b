import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, MiB, paths, problems } from '../test-support/scenario-files.js';

describe('storage', () => {
  it('1 GB of input in 64 MB blocks makes 16 maps, each with 3 replicas', () => {
    const s = resolveScenario(
      base({ storage: { blockSize: '64 MB' }, jobs: [{ id: 'j', inputBytes: '1 GB', mapTime: 5 }] }),
      'code',
    );
    expect(s.jobs[0].maps).toHaveLength(16);
    expect(s.jobs[0].maps.toArray().every((m) => m.inputBytes === 64 * MiB && m.replicas.length === 3)).toBe(true);
  });

  it('the last block of an input is partial', () => {
    const s = resolveScenario(base({ jobs: [{ id: 'j', inputBytes: '300 MB', mapTime: 5 }] }), 'code');
    expect(s.storage.blockSize).toBe(128 * MiB);
    expect(s.jobs[0].maps.toArray().map((m) => m.inputBytes / MiB)).toEqual([128, 128, 44]);
  });

  it('jobs reading one file read the same blocks on the same nodes', () => {
    const s = resolveScenario(
      base({
        storage: { blockSize: '64 MB', files: [{ id: 'logs', size: '200 MB' }] },
        jobs: [
          { id: 'a', input: 'logs', mapTime: 1 },
          { id: 'b', input: 'logs', mapTime: 2 },
        ],
      }),
      'code',
    );
    expect(s.jobs[0].maps).toHaveLength(4);
    expect(s.jobs[0].maps.toArray().map((m) => m.replicas)).toEqual(s.jobs[1].maps.toArray().map((m) => m.replicas));
    expect(s.jobs[0].maps.toArray().map((m) => m.inputBytes / MiB)).toEqual([64, 64, 64, 8]);
  });

  it('uses explicit block locations, and checks that there is one list per block', () => {
    const s = resolveScenario(
      base({
        storage: { blockSize: 100, files: [{ id: 'f', size: 150, replicas: [['rack1-n01'], ['rack2-n04', 'rack1-n02']] }] },
        jobs: [{ id: 'a', input: 'f', mapTime: 1 }],
      }),
      'code',
    );
    expect(s.jobs[0].maps.toArray().map((m) => m.replicas)).toEqual([[0], [7, 1]]);
    expect(
      paths(base({ storage: { blockSize: 100, files: [{ id: 'f', size: 150, replicas: [['rack1-n01']] }] } })),
    ).toEqual(['storage.files[0].replicas']);
    // Without a blockSize the blocks are the default 128 MB: 200 MB is two.
    expect(problems(base({ storage: { files: [{ id: 'f', size: '200 MB', replicas: [['rack1-n01']] }] } }))).toEqual([
      expect.objectContaining({ path: 'storage.files[0].replicas', expected: 'one replica list per block (2 blocks)' }),
    ]);
  });

  it('places fewer replicas than the replication factor only when there are fewer nodes', () => {
    const s = resolveScenario(
      base({ cluster: { racks: [{ nodes: 2 }] }, jobs: [{ id: 'j', inputBytes: '1 GB', mapTime: 1 }] }),
      'code',
    );
    expect(s.jobs[0].maps.toArray().every((m) => m.replicas.length === 2)).toBe(true);
  });
});
