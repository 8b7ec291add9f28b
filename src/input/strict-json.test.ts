import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseStrictJson } from './strict-json.js';

describe('parseStrictJson', () => {
  it('reads any JSON object or array as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue())), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(parseStrictJson(text)).toEqual(JSON.parse(text));
      }),
    );
  });

  it('refuses a key repeated in one object, at any depth, also when written with escapes', () => {
    expect(parseStrictJson('{"a": 1, "a": 2}')).toBeUndefined();
    expect(parseStrictJson('[{"x": {"b": 1, "c": [1, {"d": 1}], "b": 2}}]')).toBeUndefined();
    expect(parseStrictJson('{"a": 1, "\\u0061": 2}')).toBeUndefined();
  });

  it('keeps keys of different objects apart, and strings that look like keys', () => {
    expect(parseStrictJson('{"a": {"a": 1}, "b": [{"a": 2}, {"a": 3}], "c": "a:"}')).toEqual({
      a: { a: 1 },
      b: [{ a: 2 }, { a: 3 }],
      c: 'a:',
    });
    expect(parseStrictJson('{"k\\"": 1, "k": 2}')).toEqual({ 'k"': 1, k: 2 });
  });

  it('leaves YAML, scalars and broken JSON to the YAML reader', () => {
    expect(parseStrictJson('cluster: {}')).toBeUndefined();
    expect(parseStrictJson('42')).toBeUndefined();
    expect(parseStrictJson('{"a": 1,}')).toBeUndefined();
    expect(parseStrictJson('')).toBeUndefined();
  });
});
