import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { expectSchemaFileInStep } from '../../test-support/schema-file.js';
import { dmrsJsonSchemaText, parseDmrsText } from './instance-file.js';
import { WORKED_INSTANCE } from './test-support/worked-instance.js';

const located = (text: string, source = 'x.yaml') => inputErrorOf(() => parseDmrsText(text, source)).problems.map((p) => `${p.line}:${p.column} ${p.path}: expected ${p.expected}, found ${p.found}`);

describe('DMRS instance files', () => {
  it('reads the issue\'s example, with weight 1, release 0 and no reduces by default', () => {
    const instance = parseDmrsText(
      '{"machines": [{"id": "m1", "speed": 2}, {"id": "m2", "speed": 1}], "jobs": [{"id": "J1", "weight": 1, "release": 0, "maps": [4, 4, 2], "reduces": [3]}, {"id": "J2", "maps": [1]}]}',
      'a.json',
    );
    expect(instance.machines).toEqual([{ id: 'm1', speed: 2 }, { id: 'm2', speed: 1 }]);
    expect(instance.jobs[1]).toEqual({ id: 'J2', weight: 1, release: 0, maps: [1], reduces: [] });
  });

  it('reads the same instance in YAML and JSON alike', () => {
    const yaml = ['machines: [{id: m1, speed: 2}, {id: m2, speed: 1}]', 'jobs:', ...WORKED_INSTANCE.jobs.map((j) => `  - {id: ${j.id}, weight: ${j.weight}, maps: [${j.maps.join(', ')}], reduces: [${j.reduces.join(', ')}]}`)].join('\n');
    expect(parseDmrsText(yaml, 'w.yaml')).toEqual(WORKED_INSTANCE);
    expect(parseDmrsText(JSON.stringify(WORKED_INSTANCE), 'w.json')).toEqual(WORKED_INSTANCE);
  });

  it('locates every problem at its line and column with the field path: sizes, speeds, maps, ids, unknown fields', () => {
    const text = [
      'machines:',
      '  - {id: m1, speed: 0}',
      '  - {id: m2, speed: -1}',
      'jobs:',
      '  - {id: a, maps: [3, -1], reduces: [2]}',
      '  - {id: b, maps: []}',
      '  - {id: c, maps: [1], reduce: [1]}',
      '  - {id: d, weight: -2, release: -3, maps: [1]}',
    ].join('\n');
    expect(located(text)).toEqual([
      '2:21 machines[0].speed: expected a speed > 0, found 0',
      '3:21 machines[1].speed: expected a speed > 0, found -1',
      '5:23 jobs[0].maps[1]: expected a data size ≥ 0, found -1',
      '6:19 jobs[1].maps: expected at least one map task (a MapReduce job has maps), found a list of 0',
      "7:24 jobs[2].reduce: expected a known field (did you mean 'reduces'?), found unknown field 'reduce'",
      '8:21 jobs[3].weight: expected a number ≥ 0, found -2',
      '8:34 jobs[3].release: expected a number ≥ 0, found -3',
    ]);
  });

  it('refuses duplicate ids of machines and jobs, at the second one', () => {
    const text = ['machines: [{id: m, speed: 1}, {id: m, speed: 2}]', 'jobs:', '  - {id: j, maps: [1]}', '  - {id: j, maps: [2]}'].join('\n');
    expect(located(text)).toEqual(["1:36 machines[1].id: expected a unique machine id, found 'm' again", "4:10 jobs[1].id: expected a unique job id, found 'j' again"]);
  });

  it('refuses empty, non-mapping, malformed and machine-less documents, and infinite numbers', () => {
    expect(inputErrorOf(() => parseDmrsText('', 'e.json')).problems[0].found).toBe('an empty document');
    expect(inputErrorOf(() => parseDmrsText('[1, 2]', 'l.json')).problems[0].expected).toBe('a mapping (an object)');
    expect(inputErrorOf(() => parseDmrsText('{"machines": [', 's.json')).problems[0].expected).toBe('valid YAML or JSON');
    expect(located('machines: []\njobs: [{id: j, maps: [1]}]')).toEqual(['1:11 machines: expected at least one machine, found a list of 0']);
    expect(located('machines: [{id: m, speed: .inf}]\njobs: [{id: j, maps: [.inf]}]')).toEqual([
      '1:27 machines[0].speed: expected a number, found Infinity',
      '2:23 jobs[0].maps[0]: expected a number, found Infinity',
    ]);
  });
});

describe('docs/dmrs.schema.json', () => {
  it('is generated from the input schema (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('dmrs.schema.json', dmrsJsonSchemaText());
  });
});
