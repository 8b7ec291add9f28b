import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateSyntaxError, readJsonSequence } from './json-sequence.js';

async function all(path: string) {
  const out: unknown[] = [];
  for await (const { value } of readJsonSequence(path)) out.push(value);
  return out;
}

describe('readJsonSequence', () => {
  it('reads the SLS sample: two job objects one after another', async () => {
    const jobs = (await all('../shared/data/sls/inputsls.json')) as Array<Record<string, unknown>>;
    expect(jobs.map((job) => job['job.id'])).toEqual(['job_1', 'job_2']);
  });

  it('names the file, line and column of a syntax error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seq-'));
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{"a": 1}\n{"a": [1, 2,, 3]}\n');
    // The second value (line 2) is broken; JSON.parse names no position for this error, so its start is given.
    await expect(all(path)).rejects.toThrow(/bad\.json:2:1: expected JSON values one after another, found invalid JSON/);
  });

  it('finds the exact place when the parser names it', () => {
    // An unterminated string: JSON.parse reports the position of its end.
    expect(locateSyntaxError('{"a": 1}\n{"b": "x}\n')).toMatchObject({ line: 2 });
  });

  it('says when the file does not exist', async () => {
    await expect(all('/nonexistent/trace.json')).rejects.toThrow(/trace\.json: expected a readable trace file, found no such file/);
  });
});
