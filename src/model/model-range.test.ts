import { describe, expect, it } from 'vitest';
import { runScenario } from '../experiment/run-scenario.js';
import { inputErrorOf } from '../test-support/input-error.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { TIME_RANGE } from './model-range.js';

const CLUSTER = 'cluster: { racks: [{ id: r1, nodes: [{ id: n1 }, { id: n2 }] }] }\n';

function problemsOf(text: string) {
  return inputErrorOf(() => parseScenarioText(CLUSTER + text, 'range.yaml')).problems;
}

describe('quantities that convert to infinity are refused at their field', () => {
  it.each([
    ['a submit time', 'jobs:\n  - { id: a, maps: 1, mapTime: 1, submit: "1e400 s" }\n', 'jobs[0].submit', 3],
    ['a submit time in days', "jobs:\n  - { id: a, maps: 1, mapTime: 1, submit: '1e308 d' }\n", 'jobs[0].submit', 3],
    ['a map time as a string', "jobs:\n  - { id: a, maps: 1, mapTime: '1e400' }\n", 'jobs[0].mapTime', 3],
    ['a shuffle size', "jobs:\n  - { id: a, maps: 1, mapTime: 1, shuffleBytes: '1e400 GB' }\n", 'jobs[0].shuffleBytes', 3],
    [
      "a stream's start",
      "jobStreams:\n  - { count: 2, maps: 1, mapTime: 1, interarrival: 1, start: '1e400 s' }\n",
      'jobStreams[0].start',
      3,
    ],
    [
      "a stream's interarrival",
      "jobStreams:\n  - { count: 2, maps: 1, mapTime: 1, interarrival: '1e308 d' }\n",
      'jobStreams[0].interarrival',
      3,
    ],
    [
      'a recovery time',
      "jobs: [{ id: a, maps: 1, mapTime: 1 }]\nsettings:\n  failures: [{ node: n1, at: 1, recoverAt: '1e400 s' }]\n",
      'settings.failures[0].recoverAt',
      4,
    ],
  ])('%s', (_what, text, path, line) => {
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path, line, expected: expect.stringMatching(/of at most 2\^53 - 1 bytes|of at most 2\^33 s/) });
  });
});

describe('values the model cannot represent are refused, saying why', () => {
  it('a submit time past 2^33 s, where a short task would take no time at all', () => {
    // At 1e16 s consecutive doubles are 2 s apart: a 1 s map would end when it starts.
    const [problem] = problemsOf('jobs:\n  - { id: a, maps: 1, mapTime: 1, submit: 1e16 }\n');
    expect(problem).toMatchObject({ path: 'jobs[0].submit', line: 3 });
    expect(problem.expected).toMatch(/2\^33 s .*keeps times to the microsecond/);
  });

  it('a heartbeat interval under a millisecond', () => {
    const [problem] = problemsOf('jobs: [{ id: a, maps: 1, mapTime: 1 }]\nsettings: { heartbeatInterval: 5e-324 }\n');
    expect(problem).toMatchObject({ path: 'settings.heartbeatInterval', expected: 'a heartbeat interval of at least 1 ms' });
  });

  it('a speed, a weight and a bandwidth outside the ranges where their ratios stay finite', () => {
    const text =
      'cluster: { racks: [{ id: r1, speed: 1e-300, bandwidth: 1e-300, nodes: 2 }] }\n' +
      'jobs: [{ id: a, maps: 1, mapTime: 1, weight: 1e300 }]\n';
    const problems = inputErrorOf(() => parseScenarioText(text, 'range.yaml')).problems;
    expect(problems.map((p) => [p.path, p.expected])).toEqual([
      ['cluster.racks[0].speed', 'a relative speed from 1e-6 to 1e6'],
      ['cluster.racks[0].bandwidth', 'a bandwidth from 1 to 2^53 - 1 bytes/s'],
      ['jobs[0].weight', 'a weight from 1e-6 to 1e6'],
    ]);
  });
});

describe('draws and sums past the range are refused at the field that made them', () => {
  it("a stream whose arrivals add up past 2^33 s, naming the first job that would arrive too late", () => {
    // Arrivals at 5e9 s, then 1e10 s > 2^33 ≈ 8.59e9 s.
    const [problem] = problemsOf('jobStreams:\n  - { count: 3, maps: 1, mapTime: 1, interarrival: 5e9, idPrefix: s- }\n');
    expect(problem).toMatchObject({
      path: 'jobStreams[0].interarrival',
      line: 3,
      found: "job 's-2' (number 2 of the stream) arriving at 10000000000 s",
    });
  });

  it('release groups whose last group comes past the range', () => {
    const [problem] = problemsOf('jobStreams:\n  - { count: 4, maps: 1, mapTime: 1, groups: { count: 4, interval: 4e9 } }\n');
    expect(problem).toMatchObject({ path: 'jobStreams[0].groups.interval', line: 3 });
  });

  it("a distribution whose tail draws past the range (a lognormal's exp overflows)", () => {
    const [problem] = problemsOf('jobs:\n  - { id: a, maps: 1, mapTime: { dist: lognormal, mu: 1000, sigma: 0 } }\n');
    expect(problem).toMatchObject({ path: 'jobs[0].mapTime', found: "job 'a': a draw of Infinity" });
  });

  it('a map output ratio that makes an output past the largest size', () => {
    const [problem] = problemsOf('jobs:\n  - { id: a, maps: 1, inputBytes: 1 GB, mapOutputRatio: 1e300, mapTime: 1 }\n');
    expect(problem).toMatchObject({ path: 'jobs[0].mapOutputRatio', found: "job 'a': 1073741824 bytes × 1e+300" });
  });

  it('a map count drawn as 0, instead of raising it to 1 unseen', () => {
    // choice of 0 only: the draw is 0 whatever the seed.
    const [problem] = problemsOf('jobs:\n  - { id: a, maps: { dist: choice, values: [0] }, mapTime: 1 }\n');
    expect(problem).toMatchObject({ path: 'jobs[0].maps', found: "job 'a': a draw of 0 maps" });
  });
});

describe('a run that goes past the range', () => {
  it('stops with an input error instead of losing durations to rounding', () => {
    // One node a million times slower than speed 1: a map of 10^4 s of work takes 10^10 s > 2^33 s.
    const scenario = parseScenarioText(
      'cluster: { racks: [{ id: r1, speed: 1e-6, nodes: 1 }] }\njobs: [{ id: a, maps: 1, mapTime: 1e4 }]\n',
      'slow.yaml',
    );
    // Aligned heartbeats: the map launches at 0 and would end at 10^10 s.
    const error = inputErrorOf(() => runScenario(scenario, 'fifo', { alignHeartbeats: true }));
    expect(error.source).toBe("the run of scenario 'slow'");
    expect(error.problems[0].expected).toContain(TIME_RANGE.text);
    expect(error.problems[0].found).toBe('an event at 10000000000 s');
  });
});
