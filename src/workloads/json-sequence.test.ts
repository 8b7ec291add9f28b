import { afterAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRACES } from '../test-support/traces.js';
import { readJsonSequence, type BrokenValue } from './json-sequence.js';

const dir = mkdtempSync(join(tmpdir(), 'seq-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function file(text: string): string {
  const path = join(dir, `f${files++}.json`);
  writeFileSync(path, text);
  return path;
}

async function all(path: string, broken?: BrokenValue[]) {
  const out: { index: number; line: number; value: unknown }[] = [];
  const options = broken === undefined ? {} : { onBroken: (b: BrokenValue) => void broken.push(b) };
  for await (const item of readJsonSequence(path, options)) out.push(item);
  return out;
}

describe('readJsonSequence', () => {
  it('reads the SLS sample: two job objects one after another', async () => {
    const jobs = (await all(TRACES.slsJobs)).map((item) => item.value as Record<string, unknown>);
    expect(jobs.map((job) => job['job.id'])).toEqual(['job_1', 'job_2']);
  });

  it('cuts values by their brackets, not by brackets or quotes inside strings, with or without space between', async () => {
    const text = '\uFEFF{"a": "}{\\"]"}{"b": [1, {"c": 2}]}\n[3]  "four" 5\n6{"seven": 7}';
    const items = await all(file(text));
    expect(items.map((i) => i.value)).toEqual([{ a: '}{"]' }, { b: [1, { c: 2 }] }, [3], 'four', 5, 6, { seven: 7 }]);
    expect(items.map((i) => i.line)).toEqual([1, 1, 2, 2, 2, 3, 3]);
  });

  it('reads back any sequence of JSON values, however laid out, across read chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(0, 2),
        fc.constantFrom('\n', ' ', '\n\n\t'),
        async (values, indent, gap) => {
          // Big strings push values across the reader's 64 KiB chunks.
          const padded = values.map((v, i) => (i % 7 === 0 ? { pad: 'x{"['.repeat(5_000), v } : v));
          const text = padded.map((v) => JSON.stringify(v, null, indent)).join(gap);
          const read = (await all(file(text))).map((item) => item.value);
          expect(read).toEqual(JSON.parse(`[${padded.map((v) => JSON.stringify(v)).join(',')}]`));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stops at the first broken value, naming its line and column', async () => {
    const path = file('{"a": 1}\n  {"a": [1, 2,, 3]}\n{"a": 3}\n');
    // JSON.parse names no position for this error, so the value's start is given.
    await expect(all(path)).rejects.toThrow(/f\d+\.json:2:3: expected JSON values one after another, found invalid JSON \(Unexpected token ','\)/);
  });

  it('points into the value when JSON.parse says where', async () => {
    const path = file('{"a": 1}\n{\n  "b": 2\n  "c": 3\n}\n');
    // Missing comma: the parser stops at "c" (line 4, column 3).
    await expect(all(path)).rejects.toThrow(/f\d+\.json:4:3: expected JSON values one after another/);
  });

  it('with onBroken, reports each broken value and reads on', async () => {
    const broken: BrokenValue[] = [];
    const items = await all(file('{"a": 1}\n{"a": [1, 2,, 3]}\n{"a": 3}\n'), broken);
    expect(items.map((i) => [i.index, i.value])).toEqual([
      [0, { a: 1 }],
      [2, { a: 3 }],
    ]);
    expect(broken).toEqual([expect.objectContaining({ index: 1, line: 2, column: 1, firstLine: 2, lastLine: 2 })]);
  });

  it('recovers the records after a value that never closes, at the next line starting with {', async () => {
    const broken: BrokenValue[] = [];
    const missingBrace = await all(file('{"a": 1}\n{"a": {"b": 2}\n{"a": 3}\n{"a": 4}\n'), broken);
    expect(missingBrace.map((i) => i.value)).toEqual([{ a: 1 }, { a: 3 }, { a: 4 }]);
    expect(broken.map((b) => b.line)).toEqual([2]);
    broken.length = 0;
    const missingQuote = await all(file('{"a": "x}\n{"a": 3}\n'), broken);
    expect(missingQuote.map((i) => i.value)).toEqual([{ a: 3 }]);
    expect(broken.map((b) => b.line)).toEqual([1]);
  });

  it('reports a truncated last value', async () => {
    await expect(all(file('{"a": 1}\n{"a": [1, 2'))).rejects.toThrow(/:2:\d+: expected JSON values one after another/);
  });

  it('refuses a character no JSON value starts with at once, at its line and column, even when skipping broken values', async () => {
    // 8 MiB of NUL bytes, more than a read chunk: the first one is refused, not the file scanned to its end.
    const nuls = join(dir, `f${files++}.json`);
    writeFileSync(nuls, Buffer.alloc(8 * 2 ** 20));
    const problem = /f\d+\.json:1:1: expected JSON values one after another, each starting with .*, found U\+0000 \(a control character\)/;
    await expect(all(nuls)).rejects.toThrow(problem);
    await expect(all(nuls, [])).rejects.toThrow(problem);
    const stray = file('{"a": 1}\n\n  x{"a": 2}\n');
    await expect(all(stray, [])).rejects.toThrow(/:3:3: expected JSON values one after another, .*, found 'x'/);
  });

  it('refuses /dev/zero at its first byte instead of reading it to the file limit', { timeout: 10_000 }, async () => {
    await expect(all('/dev/zero', [])).rejects.toThrow(/^\/dev\/zero: 1 problem\n {2}\/dev\/zero:1:1: .*found U\+0000/);
  });

  it('says when the file does not exist', async () => {
    await expect(all('/nonexistent/trace.json')).rejects.toThrow(/trace\.json: expected a readable trace file, found no such file/);
  });

  it('does not hold a value past the record limit: it is a broken value at its start, and the values after it are read', async () => {
    vi.stubEnv('MRSCHED_MAX_RECORD_MB', '1');
    try {
      // Two chunks' worth and more of one string: the reader must drop it, not join it.
      const text = `{"a": 1}\n  {"big": "${'x'.repeat(3 * 2 ** 20)}"}\n{"a": 3}\n`;
      const broken: BrokenValue[] = [];
      const items = await all(file(text), broken);
      expect(items.map((i) => i.value)).toEqual([{ a: 1 }, { a: 3 }]);
      expect(broken).toEqual([
        {
          index: 1,
          line: 2,
          column: 3,
          firstLine: 2,
          lastLine: 2,
          reason: 'a record of at most 1 MiB of text (a limit: set MRSCHED_MAX_RECORD_MB to raise it): this one is longer',
          tooLong: true,
        },
      ]);
      await expect(all(file(text))).rejects.toThrow(/:2:3: expected JSON values one after another, found a record of at most 1 MiB/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses bytes that are not UTF-8 at their line and column, across read chunks', async () => {
    // `{"pad": "` is 9 bytes and 65,526 x follow: "€" takes bytes 65,535–65,537, across the read stream's
    // 64 KiB (65,536-byte) chunks, and is whole UTF-8; a lone 0xFF on line 2 is not.
    const head = `{"pad": "${'x'.repeat(65_526)}€"}\n{"b": "`;
    const path = join(dir, `bytes${files++}.json`);
    writeFileSync(path, Buffer.concat([Buffer.from(head), Buffer.from([0xff]), Buffer.from('"}\n')]));
    await expect(all(path)).rejects.toThrow(/:2:8: expected UTF-8 text, found bytes that are not UTF-8 \(0xFF 0x22 0x7D 0x0A\)/);
  });
});
