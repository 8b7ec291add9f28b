import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A source file a reader can hold: past this many lines, a file has more
// than one concept in it and should be split (docs/architecture.md).
const MAX_LINES = 600;
const src = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the source files', () => {
  it(`are each at most ${MAX_LINES} lines (tests and test-support aside)`, () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .map((file) => ({ file: relative(src, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
