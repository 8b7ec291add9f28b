import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_PATH, loadScenario, parseScenarioText, readScenarioText } from './load-scenario.js';
import { readLocatedText } from './located-text.js';
import { resolveScenarioValue } from './resolve-scenario.js';
import type { InputProblem } from '../util/input-error.js';
import { inputErrorOf } from '../test-support/input-error.js';

/** A small valid scenario; tests change one line of it. */
const VALID = `name: small
cluster:
  generate: { racks: 2, nodesPerRack: 3, speeds: [1, 2] }
storage:
  blockSize: 64 MB
users:
  - { id: alice, pool: research }
pools:
  - { id: research, weight: 2, capacity: 60 }
jobs:
  - id: sort
    user: alice
    inputBytes: 1 GB
    mapTime: 20
    reduces: 2
    reduceTime: 30
settings:
  seed: 7
`;

function problemsOf(text: string) {
  return inputErrorOf(() => parseScenarioText(text, 'test.yaml')).problems;
}

/** 1-based line of the first line containing `marker`. */
function lineOf(text: string, marker: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(marker));
  if (index < 0) throw new Error(`no line with ${marker}`);
  return index + 1;
}

function edit(from: string, to: string): string {
  if (!VALID.includes(from)) throw new Error(`no ${from} in the valid scenario`);
  return VALID.replace(from, to);
}

describe('parseScenarioText', () => {
  it('resolves a valid scenario', () => {
    const scenario = parseScenarioText(VALID, 'test.yaml');
    expect(scenario.name).toBe('small');
    expect(scenario.cluster.nodes).toHaveLength(6);
    expect(scenario.jobs[0].maps).toHaveLength(16);
    expect(scenario.settings.seed).toBe(7);
  });

  it('reads YAML and JSON that begin with a byte order mark', () => {
    expect(parseScenarioText('\uFEFF' + VALID, 'bom.yaml')).toEqual(parseScenarioText(VALID, 'bom.yaml'));
    const json = JSON.stringify({ cluster: { generate: { racks: 1, nodesPerRack: 1 } }, jobs: [{ id: 'a', maps: 1, mapTime: 1 }] });
    expect(parseScenarioText('\uFEFF' + json, 'bom.json')).toEqual(parseScenarioText(json, 'bom.json'));
  });

  it('reads YAML anchors, aliases and merge keys', () => {
    const text = `cluster:
  generate: { racks: 1, nodesPerRack: 2 }
jobs:
  - &base { id: a, maps: 2, mapTime: 5 }
  - { <<: *base, id: b, mapTime: 7 }
`;
    const scenario = parseScenarioText(text, 'anchors.yaml');
    expect(scenario.jobs.map((j) => [j.id, j.maps.length, j.maps.at(0).work])).toEqual([
      ['a', 2, 5],
      ['b', 2, 7],
    ]);
  });

  it('reads JSON too, with lines', () => {
    const json = `{
  "cluster": { "generate": { "racks": 1, "nodesPerRack": 2 } },
  "jobs": [
    { "id": "a", "maps": 2, "mapTime": "30s" },
    { "id": "b", "maps": 0, "mapTime": 1 }
  ]
}`;
    const problems = problemsOf(json);
    expect(problems).toEqual([
      expect.objectContaining({ path: 'jobs[1].maps', line: 5, found: '0' }),
    ]);
    const ok = parseScenarioText(json.replace('"maps": 0', '"maps": 1'), 'x.json');
    expect(ok.jobs[0].maps.toArray().map((m) => m.work)).toEqual([30, 30]);
  });
});

describe('each kind of mistake is a problem naming the field and its line', () => {
  /** `text` has exactly `problem`, on the first line containing `marker`. */
  function expectProblem(text: string, marker: string, problem: Omit<InputProblem, 'line'>) {
    expect(problemsOf(text)).toEqual([{ ...problem, line: lineOf(text, marker) }]);
  }

  it('an unknown field, with the field it was probably meant to be', () => {
    expectProblem(edit('mapTime: 20', 'mapTime: 20\n    mapTiem: 20'), 'mapTiem', {
      path: 'jobs[0].mapTiem',
      column: 5,
      expected: "a known field (did you mean 'mapTime'?)",
      found: "unknown field 'mapTiem'",
    });
  });

  it('an unknown field without a close match lists the known ones', () => {
    const problems = problemsOf(edit('  seed: 7', '  seed: 7\n  colour: blue'));
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('settings.colour');
    expect(problems[0].expected).toContain('heartbeatInterval');
  });

  it('a value of the wrong type', () => {
    expectProblem(edit('reduces: 2', 'reduces: many'), 'reduces: many', {
      path: 'jobs[0].reduces',
      column: 14,
      expected: 'a whole number ≥ 0, or a distribution of counts',
      found: "'many'",
    });
  });

  it('a negative number', () => {
    expectProblem(edit('weight: 2', 'weight: -2'), 'weight: -2', {
      path: 'pools[0].weight',
      column: 29,
      expected: 'a weight from 1e-6 to 1e6',
      found: '-2',
    });
  });

  it('a node speed that is not positive', () => {
    expectProblem(edit('speeds: [1, 2]', 'speeds: [1, 0]'), 'speeds', {
      path: 'cluster.generate.speeds[1]',
      column: 54,
      expected: 'a relative speed from 1e-6 to 1e6',
      found: '0',
    });
  });

  it('a pool that does not exist', () => {
    expectProblem(edit('user: alice', 'user: alice\n    pool: ghost'), 'ghost', {
      path: 'jobs[0].pool',
      column: 11,
      expected: "a pool listed in pools ('research')",
      found: "'ghost'",
    });
  });

  it('a failure of a node that does not exist', () => {
    expectProblem(edit('  seed: 7', '  seed: 7\n  failures:\n    - { node: rack3-n01, at: 10 min }'), 'rack3-n01', {
      path: 'settings.failures[0].node',
      column: 15,
      expected: 'a node id of the cluster',
      found: "'rack3-n01'",
    });
  });

  it('a duplicate id', () => {
    const pool = '  - { id: research, weight: 2, capacity: 60 }';
    expectProblem(edit(pool, `${pool}\n  - { id: research }`), '- { id: research }', {
      path: 'pools[1].id',
      column: 11,
      expected: 'a unique pool id',
      found: "'research' again",
    });
  });

  it('a bad unit string', () => {
    const text = edit('blockSize: 64 MB', 'blockSize: sixty');
    expectProblem(text, 'sixty', { path: 'storage.blockSize', column: 14, expected: "a size like '64 MB'", found: "'sixty'" });
    expect(() => parseScenarioText(text, 'test.yaml')).toThrow("expected a size like '64 MB', found 'sixty'");
  });

  it('a missing field points at the object that lacks it', () => {
    expectProblem(edit('  - id: sort\n', '  - \n'), 'user: alice', {
      path: 'jobs[0].id',
      column: 5,
      expected: 'an id (a non-empty string)',
      found: 'nothing (the field is missing)',
    });
  });

  it('a YAML syntax error, with its line and column', () => {
    const problems = problemsOf('cluster:\n  racks: [\n  - { id: x\njobs: []\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: '', line: 3, column: 3, expected: 'valid YAML or JSON' });
    expect(problems[0].found).toMatch(/^a syntax error: /);
  });

  it('a key given twice', () => {
    expect(problemsOf(VALID + 'name: again\n')).toEqual([
      expect.objectContaining({ path: '', line: lineOf(VALID + 'name: again\n', 'again'), expected: 'valid YAML or JSON' }),
    ]);
  });

  it('an empty file', () => {
    expect(problemsOf('')).toEqual([expect.objectContaining({ path: '', found: 'an empty document' })]);
  });

  it('a file that is not a mapping', () => {
    expect(problemsOf('- 1\n- 2\n')).toEqual([expect.objectContaining({ path: '', found: 'a list of 2' })]);
  });
});

describe('all problems are reported at once', () => {
  it('a file with three mistakes in different sections gives three problems, in file order', () => {
    const text = VALID.replace('blockSize: 64 MB', 'blockSize: sixty')
      .replace('  - { id: alice, pool: research }', '  - { id: alice, pool: nowhere }')
      .replace('reduceTime: 30', 'reduceTime: -30');
    const problems = problemsOf(text);
    expect(problems.map((p) => [p.path, p.line])).toEqual([
      ['storage.blockSize', lineOf(text, 'sixty')],
      ['users[0].pool', lineOf(text, 'nowhere')],
      ['jobs[0].reduceTime', lineOf(text, 'reduceTime')],
    ]);
  });

  it('schema mistakes and reference mistakes come together', () => {
    const text = VALID.replace('mapTime: 20', 'mapTime: 20\n    pool: ghost\n    priority: URGENT').replace(
      'capacity: 60',
      'capacity: 160',
    );
    expect(problemsOf(text).map((p) => p.path)).toEqual(['pools', 'pools[0].capacity', 'jobs[0].pool', 'jobs[0].priority']);
  });
});

describe('loadScenario', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mrsched-load-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file and names it in problems', () => {
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, VALID.replace('64 MB', '64 parsecs'));
    expect(() => loadScenario(path)).toThrow(`${path}:5:14: storage.blockSize: expected a size like '64 MB'`);
  });

  it('reports a missing file as an input problem naming the file, not a stack trace', () => {
    const path = join(dir, 'nowhere.yaml');
    const error = inputErrorOf(() => loadScenario(path));
    expect(error.source).toBe(path);
    expect(error.problems).toEqual([{ path: '', expected: 'a readable scenario file (YAML or JSON)', found: 'no such file' }]);
  });

  it('reports a directory as an input problem naming it', () => {
    const error = inputErrorOf(() => loadScenario(dir));
    expect(error.source).toBe(dir);
    expect(error.problems).toEqual([{ path: '', expected: 'a readable scenario file (YAML or JSON)', found: 'a directory' }]);
  });

  it('applies the seed option before drawing anything: the same as writing that seed in the file', () => {
    const path = join(dir, 'seeded.yaml');
    writeFileSync(path, VALID);
    const overridden = loadScenario(path, { seed: 99 });
    writeFileSync(path, VALID.replace('seed: 7', 'seed: 99'));
    expect(overridden).toEqual(loadScenario(path));
    expect(overridden.settings.seed).toBe(99);
    expect(overridden).not.toEqual(parseScenarioText(VALID, path));
  });

  it('rejects a seed option that is not a 32-bit integer', () => {
    for (const seed of [1.5, 2 ** 31, -(2 ** 31) - 1, Number.NaN]) {
      expect(() => parseScenarioText(VALID, 'x.yaml', { seed }), String(seed)).toThrow('settings.seed: expected a 32-bit integer seed');
    }
    expect(parseScenarioText(VALID, 'x.yaml', { seed: -(2 ** 31) }).settings.seed).toBe(-(2 ** 31));
    expect(parseScenarioText(VALID, 'x.yaml', { seed: 2 ** 31 - 1 }).settings.seed).toBe(2 ** 31 - 1);
  });
});

describe('the shipped examples', () => {
  it('DEFAULT_SCENARIO_PATH is the absolute path of examples/default.yaml', () => {
    expect(isAbsolute(DEFAULT_SCENARIO_PATH)).toBe(true);
    expect(DEFAULT_SCENARIO_PATH.replaceAll('\\', '/')).toMatch(/\/examples\/default\.yaml$/);
  });

  it('default.yaml loads: a busy heterogeneous cluster with a few hundred jobs', () => {
    const scenario = loadScenario(DEFAULT_SCENARIO_PATH);
    const { nodes, racks } = scenario.cluster;
    expect(racks.length).toBeGreaterThanOrEqual(3);
    expect(racks.length).toBeLessThanOrEqual(4);
    expect(nodes.length).toBeGreaterThanOrEqual(40);
    expect(nodes.length).toBeLessThanOrEqual(60);
    expect(new Set(nodes.map((n) => n.speed))).toEqual(new Set([1, 1.5, 2]));
    expect(nodes.every((n) => n.mapSlots === 2 && n.reduceSlots === 2)).toBe(true);
    expect(scenario.storage.blockSize).toBe(64 * 2 ** 20);
    expect(scenario.jobs.length).toBeGreaterThanOrEqual(200);
    expect(new Set(scenario.jobs.map((j) => j.user)).size).toBeGreaterThanOrEqual(4);
    expect(scenario.pools.some((p) => p.weight !== 1)).toBe(true);
    expect(scenario.jobs.some((j) => j.reduces.length === 0)).toBe(true);
    expect(scenario.jobs.some((j) => j.reduces.length >= 16)).toBe(true);
    const submits = scenario.jobs.map((j) => j.submitTime);
    expect(submits).toEqual([...submits].sort((a, b) => a - b));
    expect(submits.at(-1)).toBeGreaterThan(2400);
    expect(submits.at(-1)).toBeLessThan(5400);
  });

  it('tiny.yaml loads: one rack, three nodes, three explicit jobs', () => {
    const scenario = loadScenario(DEFAULT_SCENARIO_PATH.replace(/default\.yaml$/, 'tiny.yaml'));
    expect(scenario.cluster.racks).toEqual(['rack1']);
    expect(scenario.cluster.nodes.map((n) => n.id)).toEqual(['node1', 'node2', 'node3']);
    expect(scenario.jobs.map((j) => j.id)).toEqual(['wordcount', 'grep', 'pi']);
    expect(scenario.jobs[0].maps.at(0)).toEqual({ inputBytes: 64 * 2 ** 20, replicas: [0, 1], work: 20, outputBytes: 16 * 2 ** 20 });
  });
});

describe('reading once, resolving many times', () => {
  const deepFreeze = (value: unknown): unknown => {
    if (typeof value === 'object' && value !== null) {
      Object.values(value).forEach(deepFreeze);
      Object.freeze(value);
    }
    return value;
  };

  it('resolving never writes into the value read, so one reading serves every seed', () => {
    for (const file of ['default.yaml', 'rasooli-down-exp1.yaml', 'dmrs-terasort.yaml', 'yarn-two-tier.yaml']) {
      const path = DEFAULT_SCENARIO_PATH.replace(/default\.yaml$/, file);
      const text = readFileSync(path, 'utf8');
      // A write into a frozen object throws in strict-mode modules.
      const frozen = deepFreeze(readLocatedText(text, file, 'a scenario').value);
      const result = resolveScenarioValue(frozen, file, 3);
      if (!result.ok) throw new Error(`${file} did not resolve`);
      expect(result.scenario, file).toEqual(parseScenarioText(text, file, { seed: 3 }));
    }
  });

  it('a scenario text read once resolves for each seed as text read afresh does', () => {
    const text = readFileSync(DEFAULT_SCENARIO_PATH, 'utf8');
    const once = readScenarioText(text, 'default.yaml');
    for (const seed of [1, 2]) expect(once.resolve({ seed })).toEqual(parseScenarioText(text, 'default.yaml', { seed }));
    expect(once.resolve({ seed: 1 }).jobs).not.toEqual(once.resolve({ seed: 2 }).jobs);
  });
});
