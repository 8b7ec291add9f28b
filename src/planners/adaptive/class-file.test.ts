import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { expectSchemaFileInStep } from '../../test-support/schema-file.js';
import { classFileJsonSchemaText, parseClassFileText } from './class-file.js';

const located = (text: string) => inputErrorOf(() => parseClassFileText(text, 'c.yaml')).problems.map((p) => `${p.line}:${p.column} ${p.path}: expected ${p.expected}, found ${p.found}`);

describe('class problem files', () => {
  it('reads rates as a list in resource order or as a mapping by resource id (a resource left out: 0)', () => {
    const list = parseClassFileText('{"resources": ["R1", "R2"], "classes": [{"id": "C1", "arrivalRate": 2.45, "rates": [9, 0]}]}', 'c.json');
    const mapping = parseClassFileText('resources: [R1, R2]\nclasses:\n  - {id: C1, arrivalRate: 2.45, rates: {R1: 9}}\n', 'c.yaml');
    expect(list).toEqual({ resources: ['R1', 'R2'], classes: [{ id: 'C1', arrivalRate: 2.45, rates: [9, 0] }] });
    expect(mapping).toEqual(list);
  });

  it('names the line, column and field of each mistake: negative rate, wrong length, unknown resource, duplicate ids', () => {
    const text = [
      'resources: [R1, R2, R1]',
      'classes:',
      '  - {id: C1, arrivalRate: 1, rates: [1, -2, 3]}',
      '  - {id: C2, arrivalRate: 1, rates: [1, 2]}',
      '  - {id: C1, arrivalRate: 1, rates: {R1: 1, R9: 2}}',
    ].join('\n');
    expect(located(text)).toEqual(['3:41 classes[0].rates[1]: expected a number ≥ 0, found -2']);
    expect(located(text.replace('-2', '2'))).toEqual([
      "1:21 resources[2]: expected a unique resource id, found 'R1' again",
      '4:37 classes[1].rates: expected one rate per resource (3), found 2 rates',
      "5:10 classes[2].id: expected a unique class id, found 'C1' again",
      "5:45 classes[2].rates.R9: expected a resource listed in resources ('R1', 'R2'), found 'R9'",
    ]);
  });

  it('refuses empty lists, a negative arrival rate, unknown fields, and documents that are no class problem', () => {
    expect(located('resources: []\nclasses: []\n')).toEqual([
      '1:12 resources: expected at least one resource, found a list of 0',
      '2:10 classes: expected at least one class, found a list of 0',
    ]);
    expect(located('resources: [R]\nclasses:\n  - {id: C1, arrivalRate: -1, rate: [1]}\n')).toEqual([
      "3:5 classes[0].rates: expected a list of rates, one per resource, or a mapping from resource id to rate, found nothing (the field is missing)",
      '3:27 classes[0].arrivalRate: expected a number ≥ 0, found -1',
      "3:31 classes[0].rate: expected a known field (did you mean 'rates'?), found unknown field 'rate'",
    ]);
    expect(inputErrorOf(() => parseClassFileText('', 'e.json')).problems[0].found).toBe('an empty document');
    expect(inputErrorOf(() => parseClassFileText('[1]', 'l.json')).problems[0].expected).toBe('a mapping (an object)');
    expect(inputErrorOf(() => parseClassFileText('{"resources": [', 's.json')).problems[0].expected).toBe('valid YAML or JSON');
  });

  it('refuses more class × resource pairs than an LP can take in reasonable time', () => {
    const resources = Array.from({ length: 400 }, (_, j) => `R${j}`);
    const classes = Array.from({ length: 300 }, (_, i) => ({ id: `C${i}`, arrivalRate: 1, rates: resources.map(() => 1) }));
    const error = inputErrorOf(() => parseClassFileText(JSON.stringify({ resources, classes }), 'big.json'));
    expect(error.problems.map((p) => `${p.path}: ${p.expected}, found ${p.found}`)).toEqual([
      'classes: at most 100,000 classes × resources, found 300 classes on 400 resources',
    ]);
  });
});

describe('docs/classes.schema.json', () => {
  it('is generated from the input schema (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('classes.schema.json', classFileJsonSchemaText());
  });
});
