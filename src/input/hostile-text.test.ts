import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { inputErrorOf } from '../test-support/input-error.js';
import { loadScenario, parseScenarioText } from './load-scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'mrsched-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  vi.unstubAllEnvs();
});

const HEAD = 'cluster: { racks: [{ id: r1, nodes: 2 }] }\n';

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('characters a scenario may not hold', () => {
  it('a NUL byte inside a YAML value is refused at its line and column', () => {
    const error = inputErrorOf(() => parseScenarioText(`${HEAD}jobs: [{ id: "a\u0000b", maps: 1, mapTime: 1 }]\n`, 'nul.yaml'));
    expect(error.problems).toEqual([
      { path: '', line: 2, column: 16, expected: 'text without control characters', found: 'U+0000 (a control character)' },
    ]);
  });

  it('DEL and other control characters too, the first of each line', () => {
    const text = `${HEAD}name: "x\u007f"\njobs: [{ id: a\u001b[2J, maps: 1, mapTime: 1 }]\n`;
    const problems = inputErrorOf(() => parseScenarioText(text, 'ctl.yaml')).problems;
    expect(problems.map((p) => [p.line, p.found])).toEqual([
      [2, 'U+007F (a control character)'],
      [3, 'U+001B (a control character)'],
    ]);
  });

  it('an id that holds a control character by an escape', () => {
    const problems = inputErrorOf(() => parseScenarioText(`${HEAD}jobs: [{ id: "a\\0b", maps: 1, mapTime: 1 }]\n`, 'esc.yaml')).problems;
    expect(problems).toMatchObject([{ path: 'jobs[0].id', line: 2, expected: 'an id without control or bidirectional formatting characters' }]);
  });

  it("an id or a scenario's name that holds a bidirectional formatting character (U+202E reorders what a table shows)", () => {
    const problems = inputErrorOf(() => parseScenarioText(`name: "a\\u202Eb"\n${HEAD}jobs: [{ id: "cod\\u202Etxt.exe", maps: 1, mapTime: 1 }]\n`, 'bidi.yaml')).problems;
    expect(problems).toMatchObject([
      { path: 'name', line: 1, expected: 'a name without control or bidirectional formatting characters' },
      { path: 'jobs[0].id', line: 3, expected: 'an id without control or bidirectional formatting characters' },
    ]);
  });

  it("a stream's id prefix that holds a control or a bidirectional formatting character, at its line, shown escaped", () => {
    const stream = (prefix: string) => `${HEAD}profiles: { p: { maps: 1, mapTime: 1 } }\njobStreams:\n  - { idPrefix: "${prefix}", profile: p, count: 2, interarrival: 1 }\n`;
    // As written in the YAML, as read, as a message shows it.
    for (const [written, read, shown] of [
      ['x\\e[2J', 'x\u001b[2J', 'x\\u001b[2J'],
      ['x\\u202eexe.', 'x\u202eexe.', 'x\\u202eexe.'],
    ]) {
      const error = inputErrorOf(() => parseScenarioText(stream(written), 'stream.yaml'));
      expect(error.problems).toEqual([
        { path: 'jobStreams[0].idPrefix', line: 4, column: 17, expected: 'a prefix of job ids without control or bidirectional formatting characters', found: `'${read}'` },
      ]);
      expect(error.message).toContain(`found '${shown}'`);
    }
  });

  it('bytes that are not UTF-8 are refused where they start', () => {
    // "é" in Latin-1 (0xE9) followed by a space is not UTF-8.
    const bytes = Buffer.concat([Buffer.from(`${HEAD}name: caf`), Buffer.from([0xe9, 0x20]), Buffer.from('x\njobs: [{ id: a, maps: 1, mapTime: 1 }]\n')]);
    const error = inputErrorOf(() => loadScenario(file('latin1.yaml', bytes)));
    expect(error.problems).toEqual([{ path: '', line: 2, column: 10, expected: 'UTF-8 text', found: 'bytes that are not UTF-8 (0xE9 0x20 0x78 0x0A)' }]);
  });

  it('a U+FFFD the file writes in UTF-8 is text like any other', () => {
    const path = file('fffd.yaml', `${HEAD}name: "\uFFFD"\njobs: [{ id: a, maps: 1, mapTime: 1 }]\n`);
    expect(loadScenario(path).name).toBe('\uFFFD');
  });
});

describe('sizes of input text', () => {
  it('a file past the file limit is refused before it is read, naming the limit', () => {
    vi.stubEnv('MRSCHED_MAX_FILE_MB', '1');
    const text = `${HEAD}description: "${'x'.repeat(2 ** 21)}"\njobs: [{ id: a, maps: 1, mapTime: 1 }]\n`;
    const path = file('big.yaml', text);
    expect(inputErrorOf(() => loadScenario(path)).problems).toEqual([
      {
        path: '',
        expected: 'a readable scenario file (YAML or JSON) of at most 1 MiB of text (a limit: set MRSCHED_MAX_FILE_MB to raise it)',
        found: `2.0 MiB (${text.length.toLocaleString('en')} bytes)`,
      },
    ]);
  });

  it('a device that never ends is read only to the limit', () => {
    vi.stubEnv('MRSCHED_MAX_FILE_MB', '1');
    expect(inputErrorOf(() => loadScenario('/dev/zero')).problems[0].found).toBe('more than 1.0 MiB (1,048,576 bytes)');
  });

  it('YAML past the YAML limit is refused before it is parsed; JSON that large is read, its problems located by path', () => {
    vi.stubEnv('MRSCHED_MAX_YAML_MB', '1');
    const long = 'x'.repeat(2 ** 20);
    const yaml = inputErrorOf(() => parseScenarioText(`${HEAD}description: ${long}\njobs: [{ id: a, maps: 1, mapTime: 1 }]\n`, 'long.yaml'));
    expect(yaml.problems[0]).toMatchObject({
      expected: 'at most 1 MiB of YAML (a limit: set MRSCHED_MAX_YAML_MB to raise it), or JSON',
      found: '1.0 MiB (1,048,672 bytes) of text that is not JSON',
    });
    const json = JSON.stringify({ cluster: { racks: [{ nodes: 2 }] }, description: long, jobs: [{ id: 'a', maps: 0, mapTime: 1 }] });
    expect(inputErrorOf(() => parseScenarioText(json, 'long.json')).problems).toEqual([
      { path: 'jobs[0].maps', expected: 'a number ≥ 1', found: '0' },
    ]);
  });
});

describe('anchors and aliases', () => {
  it('a shape shared by 150 jobs through one anchor is read', () => {
    const jobs = Array.from({ length: 150 }, (_, i) => `  - { <<: *shape, id: j${i} }`).join('\n');
    const text = `${HEAD}x-shape: &shape { maps: 2, mapTime: 10 }\njobs:\n${jobs}\n`;
    // x-shape is no field of the format: the anchor is read, the unknown field reported.
    const problems = inputErrorOf(() => parseScenarioText(text, 'anchors.yaml')).problems;
    expect(problems).toMatchObject([{ path: 'x-shape', found: "unknown field 'x-shape'" }]);
    const profile = text.replace('x-shape: &shape { maps: 2, mapTime: 10 }', 'profiles: { p: &shape { maps: 2, mapTime: 10 } }');
    expect(parseScenarioText(profile, 'anchors.yaml').jobs).toHaveLength(150);
  });

  it('a billion laughs is refused at once: its copies are never made, and never walked past the limit', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [name, previous] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e'], ['g', 'f'], ['h', 'g'], ['i', 'h']]) {
      levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    const started = performance.now();
    const error = inputErrorOf(() => parseScenarioText(levels.join('\n'), 'bomb.yaml'));
    expect(error.problems[0]).toMatchObject({ expected: 'anchors and aliases that make the document at most 10 times as large as written', found: expect.stringMatching(/^more than 1,0\d\d,\d{3} values from \d+ written$/) });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('aliases cost the same each however many there are, and the 100,001st of one anchor is refused as it is met', () => {
    // Read by the YAML library, each alias looked its anchor up among all before it: 20,000 took 35 s, 100,000 minutes.
    const time = (aliases: number) => {
      const text = `${HEAD}profiles: { p: &shape { maps: 1, mapTime: 1 } }\nx-list:\n${'  - *shape\n'.repeat(aliases)}jobs: [{ id: a, profile: p }]\n`;
      const started = performance.now();
      const error = inputErrorOf(() => parseScenarioText(text, 'many.yaml'));
      expect(error.problems).toMatchObject([{ path: 'x-list', found: "unknown field 'x-list'" }]);
      return performance.now() - started;
    };
    time(1_000);
    const [small, large] = [time(5_000), time(50_000)];
    // Ten times the aliases, about ten times the time (a quadratic reading takes a hundred times).
    expect(large / small).toBeLessThan(30);
    const over = `${HEAD}x: &x 1\ny: [${Array(100_001).fill('*x').join(', ')}]\n`;
    expect(inputErrorOf(() => parseScenarioText(over, 'over.yaml')).problems[0]).toMatchObject({
      expected: 'valid YAML or JSON',
      found: 'the anchor &x aliased more than 100,000 times',
    });
  }, 60_000);

  it('an alias is the value of the last anchor of its name before it; merges keep the mapping\'s own keys', () => {
    const text = `${HEAD}profiles:\n  p: &s { maps: 1, mapTime: 1 }\n  q: &s { maps: 2, mapTime: 3 }\njobs:\n  - { <<: *s, id: a, maps: 5 }\n  - { <<: [*s], id: b }\n`;
    const jobs = parseScenarioText(text, 'last.yaml').jobs;
    expect(jobs.map((job) => [job.id, job.maps.length])).toEqual([
      ['a', 5],
      ['b', 2],
    ]);
  });

  it('an alias with no anchor before it, or inside its own anchor, is refused by name', () => {
    const before = inputErrorOf(() => parseScenarioText(`${HEAD}jobs: [*j]\nx: &j { id: a, maps: 1, mapTime: 1 }\n`, 'before.yaml'));
    expect(before.problems[0]).toMatchObject({ expected: 'valid YAML or JSON', found: 'the alias *j names no anchor set before it' });
    const inside = inputErrorOf(() => parseScenarioText(`${HEAD}jobs: &j [*j]\n`, 'inside.yaml'));
    expect(inside.problems[0]).toMatchObject({ found: 'the alias *j is inside the node its anchor names' });
  });

  it('a large anchor aliased many times is refused before the checks walk every copy', () => {
    // 1,000 values aliased 1,200 times: 1.2 million values to check, from about 2,200 written
    // (the limit: 10 × the values written + 1,000,000).
    const big = `[${Array(1_000).fill('1').join(', ')}]`;
    const text = `${HEAD}description: &big ${big}\njobs: [${Array(1_200).fill('*big').join(', ')}]\n`;
    expect(inputErrorOf(() => parseScenarioText(text, 'wide.yaml')).problems[0]).toMatchObject({
      expected: 'anchors and aliases that make the document at most 10 times as large as written',
    });
  });
});

describe('YAML parser warnings', () => {
  it('a mapping used as a key is refused as a field, with no Node warning printed beside the message', () => {
    const warned = vi.spyOn(process, 'emitWarning');
    const error = inputErrorOf(() => parseScenarioText(`${HEAD}jobs: [{ id: a, maps: 1, mapTime: 1 }]\n? { id: bob, weight: 2 }\n: 1\n`, 'key.yaml'));
    expect(error.problems.map((p) => p.path)).toEqual(['["{ id: bob, weight: 2 }"]']);
    expect(warned).not.toHaveBeenCalled();
    warned.mockRestore();
  });
});
