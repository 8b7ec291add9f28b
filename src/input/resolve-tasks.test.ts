import { describe, expect, it } from 'vitest';
import { resolveScenario } from './resolve-scenario.js';
import { base, MiB, problems } from '../test-support/scenario-files.js';

describe('maps', () => {
  it('maps with inputBytes split the input evenly among that many maps', () => {
    const s = resolveScenario(base({ jobs: [{ id: 'j', maps: 3, inputBytes: 10, mapTime: 5 }] }), 'code');
    expect(s.jobs[0].maps.toArray().map((m) => m.inputBytes)).toEqual([3, 4, 3]);
  });

  it('a job’s blockSize splits its inputBytes instead of the storage block size', () => {
    // 2 GB in 128 MB blocks: 16 maps; the same in the storage's 64 MB blocks: 32.
    const file = (extra: object) =>
      base({ storage: { blockSize: '64 MB' }, jobs: [{ id: 'j', inputBytes: '2 GB', mapTime: 1, ...extra }] });
    expect(resolveScenario(file({ blockSize: '128 MB' }), 'code').jobs[0].maps).toHaveLength(16);
    expect(resolveScenario(file({}), 'code').jobs[0].maps).toHaveLength(32);
  });

  it('refuse blockSize where no input is split into blocks', () => {
    const found = problems(base({ jobs: [{ id: 'j', maps: 3, inputBytes: '1 GB', blockSize: '64 MB', mapTime: 1 }] }));
    expect(found).toContainEqual(expect.objectContaining({ path: 'jobs[0].blockSize', found: 'maps and inputBytes' }));
  });

  it('maps without input read nothing and have no replicas', () => {
    const s = resolveScenario(base(), 'code');
    expect(s.jobs[0].maps.toArray()).toEqual([
      { inputBytes: 0, replicas: [], work: 10, outputBytes: 0 },
      { inputBytes: 0, replicas: [], work: 10, outputBytes: 0 },
    ]);
  });

  it('splits shuffleBytes among maps in proportion to their input, to the byte', () => {
    const s = resolveScenario(
      base({ storage: { blockSize: 100 }, jobs: [{ id: 'j', inputBytes: 250, shuffleBytes: 1001, mapTime: 1 }] }),
      'code',
    );
    const outputs = s.jobs[0].maps.toArray().map((m) => m.outputBytes);
    expect(outputs).toEqual([400, 401, 200]);
    expect(outputs.reduce((a, b) => a + b)).toBe(1001);
  });

  it('mapOutputRatio scales each map’s input; mapOutputBytes is per map', () => {
    const ratio = resolveScenario(
      base({ storage: { blockSize: 100 }, jobs: [{ id: 'j', inputBytes: 150, mapOutputRatio: 2, mapTime: 1 }] }),
      'code',
    );
    expect(ratio.jobs[0].maps.toArray().map((m) => m.outputBytes)).toEqual([200, 100]);
    const each = resolveScenario(base({ jobs: [{ id: 'j', maps: 3, mapOutputBytes: '1 KB', mapTime: 1 }] }), 'code');
    expect(each.jobs[0].maps.toArray().map((m) => m.outputBytes)).toEqual([1024, 1024, 1024]);
  });

  it('takes explicit map tasks as written, placing replicas for inputs without locations', () => {
    const s = resolveScenario(
      base({
        jobs: [
          {
            id: 'j',
            mapTasks: [
              { inputBytes: '1 MB', replicas: ['rack2-n01'], work: '1 min', outputBytes: 5 },
              { inputBytes: '1 MB', work: 3 },
              { work: 4 },
            ],
          },
        ],
      }),
      'code',
    );
    const [a, b, c] = s.jobs[0].maps;
    expect(a).toEqual({ inputBytes: MiB, replicas: [4], work: 60, outputBytes: 5 });
    expect(b.replicas).toHaveLength(3);
    expect(c).toEqual({ inputBytes: 0, replicas: [], work: 4, outputBytes: 0 });
  });
});

describe('reduces', () => {
  it('reduces: n gives n reduces with equal shares', () => {
    const s = resolveScenario(base({ jobs: [{ id: 'j', maps: 1, mapTime: 1, reduces: 4, reduceTime: 7 }] }), 'code');
    expect(s.jobs[0].reduces).toEqual(new Array(4).fill({ shuffleShare: 0.25, work: 7 }));
  });

  it('jobs are map-only by default', () => {
    expect(resolveScenario(base(), 'code').jobs[0].reduces).toEqual([]);
  });

  it('explicit reduce tasks keep their shares, which must sum to 1', () => {
    const tasks = [
      { shuffleShare: 0.7, work: 1 },
      { shuffleShare: 0.3, work: 2 },
    ];
    const s = resolveScenario(base({ jobs: [{ id: 'j', maps: 1, mapTime: 1, reduceTasks: tasks }] }), 'code');
    expect(s.jobs[0].reduces).toEqual(tasks);
    const bad = problems(
      base({ jobs: [{ id: 'j', maps: 1, mapTime: 1, reduceTasks: [{ shuffleShare: 0.7, work: 1 }, { shuffleShare: 0.2, work: 1 }] }] }),
    );
    expect(bad).toEqual([expect.objectContaining({ path: 'jobs[0].reduceTasks', expected: 'shuffle shares summing to 1' })]);
  });
});

describe('reduce skew', () => {
  const job = (extra: object) => base({ jobs: [{ id: 'j', maps: 2, mapTime: 1, reduces: 4, reduceTime: 10, ...extra }] });

  it("shares the map output by a Zipf law, the ranks shuffled among the reduces, each reduce's work following its share", () => {
    const reduces = resolveScenario(job({ reduceSkew: 1 }), 'code').jobs[0].reduces;
    // 1, 1/2, 1/3, 1/4 over their sum 25/12: 12/25, 6/25, 4/25, 3/25, in some order.
    const shares = reduces.map((r) => r.shuffleShare);
    expect([...shares].sort((a, b) => b - a).map((s) => s * 25)).toEqual([12, 6, 4, 3].map((x) => expect.closeTo(x, 12)));
    // Work 10 at the mean share 1/4: 10 × share × 4.
    for (const r of reduces) expect(r.work).toBeCloseTo(40 * r.shuffleShare, 12);
    // The same seed, the same order.
    expect(resolveScenario(job({ reduceSkew: 1 }), 'code').jobs[0].reduces).toEqual(reduces);
  });

  it('keeps equal shares and works without it, or at 0', () => {
    for (const extra of [{}, { reduceSkew: 0 }]) {
      expect(resolveScenario(job(extra), 'code').jobs[0].reduces).toEqual(Array.from({ length: 4 }, () => ({ shuffleShare: 0.25, work: 10 })));
    }
  });

  it('refuses a skew with explicit reduce tasks, or a negative one', () => {
    expect(problems(job({ reduces: undefined, reduceTime: undefined, reduceTasks: [{ shuffleShare: 1, work: 1 }], reduceSkew: 1 }))).toContainEqual(
      expect.objectContaining({ path: 'jobs[0].reduceSkew', found: 'both' }),
    );
    expect(problems(job({ reduceSkew: -1 }))).toContainEqual(expect.objectContaining({ path: 'jobs[0].reduceSkew' }));
  });
});
