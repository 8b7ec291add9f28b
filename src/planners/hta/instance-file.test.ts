import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { instanceJsonSchemaText, parseInstanceText } from './instance-file.js';
import { expectSchemaFileInStep } from '../../test-support/schema-file.js';

describe('instance files', () => {
  it('reads the three forms of wRem, and wLoc defaults to 1', () => {
    const base = '{"servers": ["s1", "s2", "s3"], "tasks": [{"id": "t1", "replicas": ["s1", "s3"]}]';
    expect(parseInstanceText(`${base}, "wLoc": 1, "wRem": 3}`, 'a.json').wRem).toEqual({ kind: 'constant', value: 3 });
    expect(parseInstanceText(`${base}, "wRem": {"base": 2, "perRemote": 0.5}}`, 'a.json').wRem).toEqual({ kind: 'linear', base: 2, perRemote: 0.5 });
    const table = parseInstanceText(`${base}, "wRem": [2, 3, 5]}`, 'a.json');
    expect(table.wRem).toEqual({ kind: 'table', values: [2, 3, 5] });
    expect(table.wLoc).toBe(1);
    expect([...table.replicaServers]).toEqual([0, 2]);
  });

  it('locates schema problems at their line and column, with the field path', () => {
    const text = ['servers: [s1, s2]', 'tasks:', '  - id: t1', '    replicas: []', '  - id: t2', '    replica: [s1]', 'wRem: -1'].join('\n');
    const error = inputErrorOf(() => parseInstanceText(text, 'bad.yaml'));
    expect(error.source).toBe('bad.yaml');
    expect(error.problems.map((p) => `${p.line}:${p.column} ${p.path}: expected ${p.expected}`)).toEqual([
      '4:15 tasks[0].replicas: expected at least one replica server',
      '5:5 tasks[1].replicas: expected a list',
      "6:5 tasks[1].replica: expected a known field (did you mean 'replicas'?)",
      '7:7 wRem: expected a number ≥ 0',
    ]);
  });

  it('locates problems across fields: unknown servers, repeated ids, a remote cost below wLoc', () => {
    const text = ['servers: [s1, s1]', 'tasks:', '  - {id: t1, replicas: [s9]}', 'wLoc: 2', 'wRem: [1, 3]'].join('\n');
    const error = inputErrorOf(() => parseInstanceText(text, 'x.yaml'));
    expect(error.problems.map((p) => `${p.line} ${p.path}: ${p.found}`)).toEqual([
      "1 servers[1]: 's1' again",
      "3 tasks[0].replicas[0]: 's9'",
      '5 wRem: 1',
    ]);
  });

  it('refuses empty, non-mapping and malformed documents with what it expected', () => {
    expect(inputErrorOf(() => parseInstanceText('', 'e.json')).problems[0].found).toBe('an empty document');
    expect(inputErrorOf(() => parseInstanceText('[1, 2]', 'l.json')).problems[0].expected).toBe('a mapping (an object)');
    const syntax = inputErrorOf(() => parseInstanceText('{"servers": [', 's.json')).problems[0];
    expect(syntax.expected).toBe('valid YAML or JSON');
    expect(syntax.line).toBe(1);
  });

  it('reads valid JSON and the same instance in YAML alike', () => {
    const json = parseInstanceText('{"servers": ["a", "b"], "tasks": [{"id": "t", "replicas": ["b"]}], "wRem": [2, 4]}', 'x.json');
    const yaml = parseInstanceText('servers: [a, b]\ntasks:\n  - id: t\n    replicas: [b]\nwRem: [2, 4]\n', 'x.yaml');
    expect(json).toEqual(yaml);
  });
});

describe('docs/assign.schema.json', () => {
  it('is generated from the input schema (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('assign.schema.json', instanceJsonSchemaText());
  });
});
