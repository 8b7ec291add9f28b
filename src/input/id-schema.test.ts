import { describe, expect, it } from 'vitest';
import { idSchema } from './id-schema.js';

describe('idSchema', () => {
  const id = idSchema();
  const problem = (value: unknown) => {
    const result = id.safeParse(value);
    return result.success ? undefined : result.error.issues[0].message;
  };

  it('takes any non-empty text a person writes, letters of any script included', () => {
    for (const value of ['J1', 'job 7', 'café', 'وظيفة', 'ジョブ', 'a,"b"']) expect(problem(value)).toBeUndefined();
  });

  it('refuses control characters and the bidirectional formatting characters that reorder what a terminal shows', () => {
    for (const value of ['a\u001b[2J', 'a\tb', 'a\u0085', 'a\u202eb', 'a\u2066b', 'a\u200fb', 'a\u061cb']) {
      expect(problem(value)).toBe('an id without control or bidirectional formatting characters');
    }
    expect(problem('')).toBe('a non-empty id');
    expect(idSchema('vertex id').safeParse('v\u202e').error?.issues[0].message).toBe('a vertex id without control or bidirectional formatting characters');
  });
});
