import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextLines, type TextLine } from './utf8-text.js';

const dir = mkdtempSync(join(tmpdir(), 'mrsched-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lines(path: string, maxLength: number, atMost = Infinity): Promise<TextLine[]> {
  const read: TextLine[] = [];
  for await (const line of readTextLines(path, 'a text file', maxLength)) {
    read.push(line);
    if (read.length >= atMost) break;
  }
  return read;
}

describe('readTextLines', () => {
  it('numbers the lines from 1, the last one without its newline too', async () => {
    const path = join(dir, 'three.txt');
    writeFileSync(path, 'a\n\nccc');
    expect(await lines(path, 10)).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: '' },
      { number: 3, text: 'ccc' },
    ]);
  });

  it('gives a line past the limit once, without its text, and numbers the next one after it', async () => {
    const path = join(dir, 'long.txt');
    writeFileSync(path, `${'x'.repeat(100)}\nshort\n${'y'.repeat(50)}`);
    expect(await lines(path, 20)).toEqual([
      { number: 1, tooLong: true },
      { number: 2, text: 'short' },
      { number: 3, tooLong: true },
    ]);
  });

  it('gives a line past the limit as soon as it passes it: /dev/zero, which has no newline, is not read to its end', { timeout: 10_000 }, async () => {
    expect(await lines('/dev/zero', 1 << 20, 1)).toEqual([{ number: 1, tooLong: true }]);
  });
});
