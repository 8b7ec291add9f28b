import { describe, expect, it } from 'vitest';
import { InputError, type InputProblem } from './input-error.js';
import { formatPath, resolveScenario, sample } from './resolve-scenario.js';
import type { ScenarioFile } from './scenario-file.js';
import { Random } from './random.js';

const MiB = 2 ** 20;

/** A valid scenario with a small generated cluster and one job; tests add to it. */
function base(extra: Partial<ScenarioFile> = {}): ScenarioFile {
  return {
    cluster: { generate: { racks: 2, nodesPerRack: 4 } },
    jobs: [{ id: 'j', maps: 2, mapTime: 10 }],
    ...extra,
  };
}

function problems(file: ScenarioFile): readonly InputProblem[] {
  try {
    resolveScenario(file, 'code');
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
  throw new Error('expected an InputError');
}

function paths(file: ScenarioFile): string[] {
  return problems(file).map((p) => p.path);
}

describe('cluster', () => {
  it('generate expands to racks × nodesPerRack nodes: 3 × 20 = 60', () => {
    const s = resolveScenario(base({ cluster: { generate: { racks: 3, nodesPerRack: 20 } } }), 'code');
    expect(s.cluster.nodes).toHaveLength(60);
    expect(s.cluster.racks).toEqual(['rack1', 'rack2', 'rack3']);
    expect(s.cluster.nodes[0].id).toBe('rack1-n01');
    expect(s.cluster.nodes[59].id).toBe('rack3-n20');
    expect(s.cluster.nodes.filter((n) => n.rack === 'rack2')).toHaveLength(20);
  });

  it('fills node defaults: 2 map + 2 reduce slots, speed 1, 100 MB/s disk, 1 Gbps link, 10 Gbps rack uplink', () => {
    const s = resolveScenario(base(), 'code');
    expect(s.cluster.nodes[0]).toEqual({
      id: 'rack1-n01',
      rack: 'rack1',
      mapSlots: 2,
      reduceSlots: 2,
      totalSlots: 4,
      slotModel: 'split',
      speed: 1,
      diskReadRate: 100 * MiB,
      uplink: 'rack1',
      uplinkBandwidth: 1.25e8,
    });
    expect(s.cluster.switches).toEqual([
      { id: 'core', parent: null, uplinkBandwidth: Infinity },
      { id: 'rack1', parent: 'core', uplinkBandwidth: 1.25e9 },
      { id: 'rack2', parent: 'core', uplinkBandwidth: 1.25e9 },
    ]);
  });

  it('takes each node setting from the node, else its rack, else the cluster defaults', () => {
    const s = resolveScenario(
      base({
        cluster: {
          defaults: { mapSlots: 4, speed: 1.5, bandwidth: '10 Gbps' },
          racks: [
            { id: 'a', speed: 2, reduceSlots: 1, nodes: [{ id: 'a1' }, { id: 'a2', speed: 3, mapSlots: 1 }] },
            { id: 'b', nodes: 1 },
          ],
        },
      }),
      'code',
    );
    const [a1, a2, b1] = s.cluster.nodes;
    expect([a1.mapSlots, a1.reduceSlots, a1.speed, a1.uplinkBandwidth]).toEqual([4, 1, 2, 1.25e9]);
    expect([a2.mapSlots, a2.reduceSlots, a2.speed]).toEqual([1, 1, 3]);
    expect([b1.id, b1.mapSlots, b1.reduceSlots, b1.speed]).toEqual(['b-n01', 4, 2, 1.5]);
  });

  it('containers make unified slots that maps and reduces share', () => {
    const s = resolveScenario(base({ cluster: { defaults: { containers: 6 }, racks: [{ nodes: 2 }] } }), 'code');
    expect(s.cluster.nodes[0]).toMatchObject({ slotModel: 'unified', mapSlots: 6, reduceSlots: 6, totalSlots: 6 });
  });

  it('node entries with count generate numbered ids in rack order', () => {
    const s = resolveScenario(
      base({ cluster: { racks: [{ id: 'r', nodes: [{ count: 2, speed: 1 }, { id: 'fast' , speed: 4 }, { count: 1 }] }] } }),
      'code',
    );
    expect(s.cluster.nodes.map((n) => `${n.id}@${n.speed}`)).toEqual(['r-n01@1', 'r-n02@1', 'fast@4', 'r-n04@1']);
  });

  it('draws each speed from the rack list, seeded', () => {
    const file = base({ cluster: { generate: { racks: 2, nodesPerRack: 30, speeds: [1, 1.5, 2] } } });
    const speeds = resolveScenario(file, 'code').cluster.nodes.map((n) => n.speed);
    expect(new Set(speeds)).toEqual(new Set([1, 1.5, 2]));
    expect(resolveScenario(file, 'code').cluster.nodes.map((n) => n.speed)).toEqual(speeds);
    expect(resolveScenario(file, 'code', 2).cluster.nodes.map((n) => n.speed)).not.toEqual(speeds);
  });

  it('builds the switch tree: declared switches parents first, then one switch per rack', () => {
    const s = resolveScenario(
      base({
        cluster: {
          switches: [
            { id: 'agg2', parent: 'agg1', uplinkBandwidth: '40 Gbps' },
            { id: 'agg1' },
          ],
          racks: [
            { id: 'r1', switch: 'agg1', nodes: 1 },
            { id: 'r2', switch: 'agg2', uplinkBandwidth: '20 Gbps', nodes: 1 },
            { id: 'r3', nodes: 1 },
          ],
        },
      }),
      'code',
    );
    expect(s.cluster.switches.map((sw) => [sw.id, sw.parent, sw.uplinkBandwidth])).toEqual([
      ['core', null, Infinity],
      ['agg1', 'core', 1.25e9],
      ['agg2', 'agg1', 5e9],
      ['r1', 'agg1', 1.25e9],
      ['r2', 'agg2', 2.5e9],
      ['r3', 'core', 1.25e9],
    ]);
    expect(s.cluster.nodes.map((n) => n.uplink)).toEqual(['r1', 'r2', 'r3']);
  });

  it('rejects duplicate node, rack and switch ids', () => {
    expect(
      paths(
        base({
          cluster: {
            switches: [{ id: 'x' }, { id: 'x' }],
            racks: [
              { id: 'r', nodes: [{ id: 'n' }, { id: 'n' }] },
              { id: 'r', nodes: 1 },
              { id: 'x', nodes: 1 },
            ],
          },
        }),
      ),
    ).toEqual(['cluster.switches[1].id', 'cluster.racks[1].id', 'cluster.racks[2].id', 'cluster.racks[0].nodes[1].id']);
  });

  it('rejects a rack under a switch that does not exist, and a cycle of switches', () => {
    const found = problems(
      base({
        cluster: {
          switches: [
            { id: 'a', parent: 'b' },
            { id: 'b', parent: 'a' },
          ],
          racks: [{ switch: 'nowhere', nodes: 1 }],
        },
      }),
    );
    expect(found).toEqual([
      expect.objectContaining({ path: 'cluster.switches[0].parent', found: 'a cycle a → b → a' }),
      expect.objectContaining({ path: 'cluster.racks[0].switch', found: "'nowhere'" }),
    ]);
  });

  it('rejects zero slots, non-positive speeds and rates, both racks and generate, speed with speeds', () => {
    expect(
      paths({
        cluster: {
          defaults: { mapSlots: 0, diskReadRate: '0 MB/s', speed: 1, speeds: [1] },
          racks: [{ speed: -1, nodes: 1 }],
          generate: { racks: 1, nodesPerRack: 1 },
        },
        jobs: [{ id: 'j', maps: 1, mapTime: 1 }],
      }),
    ).toEqual([
      'cluster.defaults.mapSlots',
      'cluster.defaults.diskReadRate',
      'cluster.racks[0].speed',
      'cluster',
      'cluster.defaults.speeds',
    ]);
  });

  it('rejects reduces on a cluster without reduce slots', () => {
    const file = base({
      cluster: { defaults: { reduceSlots: 0 }, racks: [{ nodes: 2 }] },
      jobs: [{ id: 'j', maps: 1, mapTime: 1, reduces: 1, reduceTime: 1 }],
    });
    expect(paths(file)).toEqual(['cluster']);
  });
});

describe('storage and maps', () => {
  it('1 GB of input in 64 MB blocks makes 16 maps, each with 3 replicas', () => {
    const s = resolveScenario(
      base({ storage: { blockSize: '64 MB' }, jobs: [{ id: 'j', inputBytes: '1 GB', mapTime: 5 }] }),
      'code',
    );
    expect(s.jobs[0].maps).toHaveLength(16);
    expect(s.jobs[0].maps.every((m) => m.inputBytes === 64 * MiB && m.replicas.length === 3)).toBe(true);
  });

  it('the last block of an input is partial', () => {
    const s = resolveScenario(base({ jobs: [{ id: 'j', inputBytes: '300 MB', mapTime: 5 }] }), 'code');
    expect(s.storage.blockSize).toBe(128 * MiB);
    expect(s.jobs[0].maps.map((m) => m.inputBytes / MiB)).toEqual([128, 128, 44]);
  });

  it('maps with inputBytes split the input evenly among that many maps', () => {
    const s = resolveScenario(base({ jobs: [{ id: 'j', maps: 3, inputBytes: 10, mapTime: 5 }] }), 'code');
    expect(s.jobs[0].maps.map((m) => m.inputBytes)).toEqual([3, 4, 3]);
  });

  it('maps without input read nothing and have no replicas', () => {
    const s = resolveScenario(base(), 'code');
    expect(s.jobs[0].maps).toEqual([
      { inputBytes: 0, replicas: [], work: 10, outputBytes: 0 },
      { inputBytes: 0, replicas: [], work: 10, outputBytes: 0 },
    ]);
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
    expect(s.jobs[0].maps.map((m) => m.replicas)).toEqual(s.jobs[1].maps.map((m) => m.replicas));
    expect(s.jobs[0].maps.map((m) => m.inputBytes / MiB)).toEqual([64, 64, 64, 8]);
  });

  it('uses explicit block locations, and checks that there is one list per block', () => {
    const s = resolveScenario(
      base({
        storage: { blockSize: 100, files: [{ id: 'f', size: 150, replicas: [['rack1-n01'], ['rack2-n04', 'rack1-n02']] }] },
        jobs: [{ id: 'a', input: 'f', mapTime: 1 }],
      }),
      'code',
    );
    expect(s.jobs[0].maps.map((m) => m.replicas)).toEqual([[0], [7, 1]]);
    expect(
      paths(base({ storage: { blockSize: 100, files: [{ id: 'f', size: 150, replicas: [['rack1-n01']] }] } })),
    ).toEqual(['storage.files[0].replicas']);
  });

  it('places fewer replicas than the replication factor only when there are fewer nodes', () => {
    const s = resolveScenario(
      base({ cluster: { racks: [{ nodes: 2 }] }, jobs: [{ id: 'j', inputBytes: '1 GB', mapTime: 1 }] }),
      'code',
    );
    expect(s.jobs[0].maps.every((m) => m.replicas.length === 2)).toBe(true);
  });

  it('splits shuffleBytes among maps in proportion to their input, to the byte', () => {
    const s = resolveScenario(
      base({ storage: { blockSize: 100 }, jobs: [{ id: 'j', inputBytes: 250, shuffleBytes: 1001, mapTime: 1 }] }),
      'code',
    );
    const outputs = s.jobs[0].maps.map((m) => m.outputBytes);
    expect(outputs).toEqual([400, 401, 200]);
    expect(outputs.reduce((a, b) => a + b)).toBe(1001);
  });

  it('mapOutputRatio scales each map’s input; mapOutputBytes is per map', () => {
    const ratio = resolveScenario(
      base({ storage: { blockSize: 100 }, jobs: [{ id: 'j', inputBytes: 150, mapOutputRatio: 2, mapTime: 1 }] }),
      'code',
    );
    expect(ratio.jobs[0].maps.map((m) => m.outputBytes)).toEqual([200, 100]);
    const each = resolveScenario(base({ jobs: [{ id: 'j', maps: 3, mapOutputBytes: '1 KB', mapTime: 1 }] }), 'code');
    expect(each.jobs[0].maps.map((m) => m.outputBytes)).toEqual([1024, 1024, 1024]);
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

  it('reduces need a reduceTime', () => {
    expect(paths(base({ jobs: [{ id: 'j', maps: 1, mapTime: 1, reduces: 2 }] }))).toEqual(['jobs[0].reduces']);
  });
});

describe('profiles and jobs', () => {
  const profiles = {
    sort: { inputBytes: '1 GB', mapTime: 30, reduces: 4, reduceTime: 60, mapOutputRatio: 1 },
  };

  it('a job starts from its profile and overrides single fields', () => {
    const s = resolveScenario(
      base({ storage: { blockSize: '256 MB' }, profiles, jobs: [{ id: 'j', profile: 'sort', reduces: 2 }] }),
      'code',
    );
    expect(s.jobs[0].maps).toHaveLength(4);
    expect(s.jobs[0].maps[0].work).toBe(30);
    expect(s.jobs[0].reduces).toHaveLength(2);
    expect(s.jobs[0].reduces[0].work).toBe(60);
  });

  it("setting one way of making maps drops the profile's other ways", () => {
    const s = resolveScenario(base({ profiles, jobs: [{ id: 'j', profile: 'sort', maps: 3 }] }), 'code');
    expect(s.jobs[0].maps.map((m) => m.inputBytes)).toEqual([0, 0, 0]);
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
});

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

describe('users and pools', () => {
  it("puts a job in its own pool, else its user's pool, else a pool named after its user", () => {
    const s = resolveScenario(
      base({
        users: [{ id: 'ann', pool: 'prod' }],
        pools: [{ id: 'prod' }, { id: 'adhoc' }],
        jobs: [
          { id: 'a', user: 'ann', pool: 'adhoc', maps: 1, mapTime: 1 },
          { id: 'b', user: 'ann', maps: 1, mapTime: 1 },
          { id: 'c', user: 'bob', maps: 1, mapTime: 1 },
        ],
      }),
      'code',
    );
    expect(s.jobs.map((j) => j.pool)).toEqual(['adhoc', 'prod', 'bob']);
    expect(s.pools.map((p) => p.id)).toEqual(['prod', 'adhoc', 'bob']);
    expect(s.users).toEqual([
      { id: 'ann', priority: 1, minShare: { map: 0, reduce: 0 } },
      { id: 'bob', priority: 1, minShare: { map: 0, reduce: 0 } },
    ]);
  });

  it('fills pool defaults and shares the capacity left over equally among pools without one', () => {
    const s = resolveScenario(
      base({
        pools: [{ id: 'a', capacity: 40, minShare: 3 }, { id: 'b' }],
        jobs: [{ id: 'j', user: 'c', maps: 1, mapTime: 1 }],
      }),
      'code',
    );
    expect(s.pools).toEqual([
      {
        id: 'a',
        weight: 1,
        minShare: { map: 3, reduce: 3 },
        maxRunningJobs: Infinity,
        schedulingMode: 'fair',
        capacity: 40,
        maxCapacity: 100,
        minimumUserLimitPercent: 100,
        userLimitFactor: 1,
      },
      expect.objectContaining({ id: 'b', capacity: 30 }),
      expect.objectContaining({ id: 'c', capacity: 30 }),
    ]);
  });

  it('rejects capacities over 100 in total, a dangling pool and a pool capacity above its maximum', () => {
    expect(
      paths(
        base({
          users: [{ id: 'u', pool: 'ghost' }],
          pools: [
            { id: 'a', capacity: 60, maxCapacity: 50 },
            { id: 'b', capacity: 50 },
          ],
        }),
      ),
    ).toEqual(['pools', 'pools[0].maxCapacity', 'users[0].pool']);
  });
});

describe('settings', () => {
  it('fill defaults: 3 s heartbeats, no out-of-band heartbeats, slow start 0.05, seed 1', () => {
    expect(resolveScenario(base(), 'code').settings).toEqual({
      heartbeatInterval: 3,
      outOfBandHeartbeat: false,
      slowStart: 0.05,
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

describe('distributions', () => {
  it('stay within their ranges and near their means', () => {
    const rng = new Random(3);
    const draws = (d: Parameters<typeof sample>[0]) => Array.from({ length: 4000 }, () => sample(d, rng));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const uniform = draws({ dist: 'uniform', min: 2, max: 4 });
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(2);
    expect(Math.max(...uniform)).toBeLessThan(4);
    expect(mean(draws({ dist: 'exponential', mean: 10 }))).toBeCloseTo(10, 0);
    const normal = draws({ dist: 'normal', mean: 1, sd: 2 });
    expect(Math.min(...normal)).toBeGreaterThan(0);
    const lognormal = draws({ dist: 'lognormal', median: 100, sigma: 0.5 }).sort((a, b) => a - b);
    expect(lognormal[2000]).toBeGreaterThan(90);
    expect(lognormal[2000]).toBeLessThan(110);
    const choice = draws({ dist: 'choice', values: [1, 2], weights: [0, 1] });
    expect(new Set(choice)).toEqual(new Set([2]));
  });

  it('reject malformed distributions at their field', () => {
    expect(
      problems(
        base({
          jobs: [
            {
              id: 'j',
              maps: 1,
              mapTime: { dist: 'uniform', min: 5, max: 1 },
              reduces: { dist: 'choice', values: [1, 2], weights: [1] },
              reduceTime: { dist: 'lognormal', sigma: 1 },
            },
          ],
        }),
      ).map((p) => [p.path, p.expected]),
    ).toEqual([
      ['jobs[0].mapTime.max', 'max ≥ min'],
      ['jobs[0].reduces.weights', 'one weight per value'],
      ['jobs[0].reduceTime', 'exactly one of mu and median'],
    ]);
  });
});

describe('formatPath', () => {
  it('writes keys with dots, indices in brackets, odd keys quoted', () => {
    expect(formatPath(['cluster', 'racks', 1, 'nodes', 3, 'speed'])).toBe('cluster.racks[1].nodes[3].speed');
    expect(formatPath(['profiles', 'my job', 'maps'])).toBe('profiles["my job"].maps');
    expect(formatPath(['profiles', 'io-heavy'])).toBe('profiles.io-heavy');
    expect(formatPath([])).toBe('');
  });
});
