import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './program.js';

const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));
let out = '';
let dir = '';

beforeEach(() => {
  out = '';
  dir = mkdtempSync(join(tmpdir(), 'mrsched-compare-'));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('mrsched compare with the flow scheduler', () => {
  it('runs flow beside fair (delay scheduling) and fifo, with locality and job times for each', async () => {
    expect(await main(['compare', tiny, '--schedulers', 'fifo,fair,flow', '--out', join(dir, 'c')])).toBe(0);
    const lines = out.split('\n');
    expect(lines.find((line) => line.startsWith('metric'))).toMatch(/fifo\s+fair\s+flow$/);
    for (const metric of ['Node-local maps', 'Mean completion', 'Makespan']) {
      const row = lines.find((line) => line.startsWith(metric));
      expect(row?.trim().split(/\s{2,}/)).toHaveLength(4);
    }
  });
});
