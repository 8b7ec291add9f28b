import { describe, expect, it } from 'vitest';
import { runScenario } from '../experiment/run-scenario.js';
import { resolveScenario } from './resolve-scenario.js';
import { base, MiB, paths, problems } from '../test-support/scenario-files.js';
import { inputErrorOf } from '../test-support/input-error.js';
import { parseScenarioText } from './load-scenario.js';
import type { ScenarioFile } from './scenario-file.js';

function failureProblems(failures: NonNullable<ScenarioFile['settings']>['failures']) {
  return problems(base({ settings: { failures } }));
}

describe('settings', () => {
  it('fill defaults: 3 s heartbeats, no out-of-band heartbeats, slow start 0.05, 5 parallel copies, the max-min network, no writes moved, no variance, speculative execution of maps and reduces, a 10-minute tracker expiry, no job setup or commit time, seed 1, no attempt failing of itself and Hadoop 1 retry and blacklist limits, not YARN mode', () => {
    expect(resolveScenario(base(), 'code').settings).toEqual({
      heartbeatInterval: 3,
      outOfBandHeartbeat: false,
      slowStart: 0.05,
      parallelCopies: 5,
      network: 'max-min',
      writes: { mapOutput: false, jobOutput: false },
      variability: { attemptSigma: 0, slowdowns: [], drawnSlowdowns: null },
      speculation: { maps: true, reduces: true, policy: 'hadoop1' },
      jvm: { startup: 0, reuse: 1 },
      trackerExpiry: 600,
      jobSetup: 0,
      jobCommit: 0,
      setupCleanupSlots: false,
      seed: 1,
      failures: [],
      taskFailures: { causes: [], maxMapAttempts: 4, maxReduceAttempts: 4, maxFailuresPerTracker: 4, maxTrackerBlacklists: 4, blacklistWindow: 10_800 },
      yarn: null,
    });
  });

  it("resolve failure causes' nodes and jobs to indices, and take YARN's blacklist limit in YARN mode", () => {
    const causes = [{ probability: 0.5, node: 'rack1-n02' }, { probability: 0.1, kind: 'reduce' as const, job: 'j' }, { probability: 0.01 }];
    const slots = resolveScenario(base({ settings: { taskFailures: { causes, maxMapAttempts: 2, blacklistWindow: '1h' } } }), 'code').settings.taskFailures;
    expect(slots).toEqual({
      causes: [
        { probability: 0.5, kind: null, node: 1, job: null },
        { probability: 0.1, kind: 'reduce', node: null, job: 0 },
        { probability: 0.01, kind: null, node: null, job: null },
      ],
      maxMapAttempts: 2,
      maxReduceAttempts: 4,
      maxFailuresPerTracker: 4,
      maxTrackerBlacklists: 4,
      blacklistWindow: 3600,
    });
  });

  it('take -1 JVM reuse as no limit, and no reuse in YARN mode', () => {
    expect(resolveScenario(base({ settings: { jvm: { startup: '1 s', reuse: -1 } } }), 'code').settings.jvm).toEqual({ startup: 1, reuse: Infinity });
    expect(paths(base({ settings: { jvm: { reuse: 0 } } }))).toEqual(['settings.jvm.reuse']);
  });

  it('refuse a failure cause naming a node or job the scenario does not have, at its field', () => {
    const unknownNode = problems(base({ settings: { taskFailures: { causes: [{ probability: 0.5, node: 'rack9-n01' }] } } }));
    expect(unknownNode).toContainEqual(expect.objectContaining({ path: 'settings.taskFailures.causes[0].node', found: "'rack9-n01'" }));
    const unknownJob = problems(base({ settings: { taskFailures: { causes: [{ probability: 0.5 }, { probability: 0.5, job: 'nope' }] } } }));
    expect(unknownJob).toContainEqual(expect.objectContaining({ path: 'settings.taskFailures.causes[1].job', found: "'nope'" }));
    const tooLikely = problems(base({ settings: { taskFailures: { causes: [{ probability: 1.5 }] } } }));
    expect(tooLikely.map((p) => p.path)).toContain('settings.taskFailures.causes[0].probability');
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

  it('refuse a node failing again while it is down: overlapping windows', () => {
    // rack1-n01 is down from 5 s to 50 s; a second failure at 10 s would end its downtime at 30 s.
    expect(
      failureProblems([
        { node: 'rack1-n01', at: '5 s', recoverAt: '50 s' },
        { node: 'rack1-n01', at: '10 s', recoverAt: '30 s' },
      ]),
    ).toEqual([
      {
        path: 'settings.failures[1].at',
        expected: "a failure of node 'rack1-n01' after it has recovered from settings.failures[0] (down at 5 s, recovers at 50 s)",
        found: 'a failure at 10 s',
      },
    ]);
  });

  it('refuse a failure after one that never recovers, and one at the very time of a recovery', () => {
    const found = failureProblems([
      { node: 'rack1-n02', at: 3, recoverAt: 4 },
      { node: 'rack1-n02', at: 1 },
      { node: 'rack2-n01', at: 10, recoverAt: 20 },
      { node: 'rack2-n01', at: 20, recoverAt: 25 },
    ]);
    expect(found.map((p) => [p.path, p.expected])).toEqual([
      ['settings.failures[0].at', "a failure of node 'rack1-n02' after it has recovered from settings.failures[1] (down at 1 s, never recovers)"],
      ['settings.failures[3].at', "a failure of node 'rack2-n01' after it has recovered from settings.failures[2] (down at 10 s, recovers at 20 s)"],
    ]);
  });

  it('accept failures of one node one after another, and a last one that never recovers', () => {
    const failures = [
      { node: 'rack1-n01', at: 1, recoverAt: 2 },
      { node: 'rack1-n01', at: 3 },
      { node: 'rack1-n02', at: 3 },
    ];
    expect(resolveScenario(base({ settings: { failures } }), 'code').settings.failures).toHaveLength(3);
  });

  describe('YARN mode', () => {
    const containers = { cluster: { generate: { racks: 1, nodesPerRack: 2, containers: 4 } } };

    it("fills its defaults (yarn.resourcemanager.am.max-attempts 2, maximum-am-resource-percent 0.1, rampup.limit 0.5, an AM of 1536 MB normalised to 2048 MB), heartbeats every second, and backs up maps and reduces by the AM's DefaultSpeculator, blacklisting a node after 3 failures", () => {
      const settings = resolveScenario(base({ ...containers, settings: { yarn: {} } }), 'code').settings;
      expect(settings.yarn).toEqual({ amMaxAttempts: 2, maxAmShare: 0.1, reduceRampUpLimit: 0.5, amContainer: { memory: 2048 * MiB, vcores: 1 }, minimumAllocation: { memory: 1024 * MiB, vcores: 1 } });
      expect(settings.heartbeatInterval).toBe(1);
      expect(settings.speculation).toEqual({ maps: true, reduces: true, policy: 'yarn' });
      expect(settings.taskFailures.maxFailuresPerTracker).toBe(3);
      const chosen = resolveScenario(base({ ...containers, settings: { yarn: {}, speculation: { policy: 'hadoop1' }, taskFailures: { maxFailuresPerTracker: 5 } } }), 'code').settings;
      expect(chosen.speculation.policy).toBe('hadoop1');
      expect(chosen.taskFailures.maxFailuresPerTracker).toBe(5);
      expect(resolveScenario(base({ ...containers, settings: { yarn: {}, jvm: { startup: 1, reuse: 10 } } }), 'code').settings.jvm).toEqual({ startup: 1, reuse: 1 });
    });

    it('keeps a heartbeat interval that is given', () => {
      expect(resolveScenario(base({ ...containers, settings: { yarn: {}, heartbeatInterval: '3 s' } }), 'code').settings.heartbeatInterval).toBe(3);
    });

    it('is refused on a cluster with map and reduce slots, at its line', () => {
      const text = 'cluster: { racks: [{ id: r1, nodes: 2 }] }\njobs: [{ id: a, maps: 1, mapTime: 1 }]\nsettings:\n  yarn: { reduceRampUpLimit: 0.3 }\n';
      expect(inputErrorOf(() => parseScenarioText(text, 'split.yaml')).problems).toEqual([
        {
          path: 'settings.yarn',
          line: 4,
          column: 9,
          expected: 'a container cluster (every node with containers, or with memory and vcores) for YARN mode',
          found: "node 'r1-n01' with map and reduce slots",
        },
      ]);
    });

    it('refuses a ramp-up limit outside [0, 1]', () => {
      expect(problems(base({ ...containers, settings: { yarn: { reduceRampUpLimit: 1.5 } } }))).toMatchObject([{ path: 'settings.yarn.reduceRampUpLimit' }]);
    });
  });
});

describe('the heartbeat interval growing with the cluster (settings.heartbeatsPerSecond)', () => {
  function intervalOf(nodes: number, settings: NonNullable<ScenarioFile['settings']>) {
    return resolveScenario(base({ cluster: { generate: { racks: 1, nodesPerRack: nodes } }, settings }), 'code').settings.heartbeatInterval;
  }

  it('give 1,000 nodes at 100 heartbeats a second one heartbeat each every 10 s', () => {
    // ceil(1000 / 100) = 10 s, longer than the 3 s minimum.
    expect(intervalOf(1000, { heartbeatsPerSecond: 100 })).toBe(10);
  });

  it('keep 100 nodes at the 3 s minimum', () => {
    // ceil(100 / 100) = 1 s, under the minimum.
    expect(intervalOf(100, { heartbeatsPerSecond: 100 })).toBe(3);
  });

  it('round up to whole seconds, as Hadoop does, and use heartbeatInterval as the minimum', () => {
    // ceil(1001 / 100) = 11 s; ceil(150 / 100) = 2 s against a 1 s minimum.
    expect(intervalOf(1001, { heartbeatsPerSecond: 100 })).toBe(11);
    expect(intervalOf(150, { heartbeatsPerSecond: 100, heartbeatInterval: 1 })).toBe(2);
  });

  it('leave heartbeatInterval fixed without heartbeatsPerSecond, however large the cluster', () => {
    expect(intervalOf(1000, {})).toBe(3);
  });

  it('refuse a rate that is not a whole number of heartbeats per second of at least 1, at its field and line', () => {
    const expected = "a whole number of heartbeats per second ≥ 1 (Hadoop's mapred.heartbeats.in.second is an integer of at least 1)";
    for (const [value, found] of [
      ['0', '0'],
      ['-5', '-5'],
      ['2.5', '2.5'],
      ['.inf', 'Infinity'],
      ["'fast'", "'fast'"],
    ]) {
      const text = `cluster: { racks: [{ id: r1, nodes: 2 }] }\njobs: [{ id: a, maps: 1, mapTime: 1 }]\nsettings:\n  heartbeatsPerSecond: ${value}\n`;
      const reported = inputErrorOf(() => parseScenarioText(text, 'beats.yaml')).problems;
      expect(reported).toEqual([expect.objectContaining({ path: 'settings.heartbeatsPerSecond', line: 4, expected })]);
      expect(reported[0].found).toContain(found);
    }
  });
});

describe('a run at the grown heartbeat interval', () => {
  it('launches on each of 1,000 one-slot nodes at 100 heartbeats a second 10 s apart', () => {
    // Every node takes a 1 s map at its first heartbeat and, its slot free again 1 s later, the next one
    // at its next heartbeat: 10 s after the first, not 3 s.
    const text =
      'cluster: { defaults: { mapSlots: 1, reduceSlots: 0 }, generate: { racks: 10, nodesPerRack: 100 } }\n' +
      'jobs: [{ id: a, maps: 2000, mapTime: 1 }]\n' +
      'settings: { heartbeatsPerSecond: 100 }\n';
    const { run } = runScenario(parseScenarioText(text, 'beats.yaml'), 'fifo');
    const starts: number[][] = Array.from({ length: 1000 }, () => []);
    for (let i = 0; i < run.attempts.count; i++) starts[run.attempts.node[i]].push(run.attempts.start[i]);
    for (const node of starts) {
      expect(node).toHaveLength(2);
      expect(node[1] - node[0]).toBeCloseTo(10, 9);
    }
  });
});
