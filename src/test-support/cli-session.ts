/**
 * The command line under test: what `main` writes to stdout and stderr,
 * captured, and a temporary directory for input and output files, fresh for
 * each test and removed after it. Call once at the top of a test file.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../cli/program.js';

export interface CliSession {
  /** stdout and stderr since the test began, or since `clearOutput`. */
  readonly out: string;
  readonly err: string;
  /** This test's temporary directory. */
  readonly dir: string;
  /** Writes `text` to `name` in the directory; returns its path. */
  file(name: string, text: string): string;
  clearOutput(): void;
  /** Runs mrsched with `args` on fresh output and returns its stdout; a non-zero exit fails, with stderr. */
  run(...args: string[]): Promise<string>;
}

export function cliSession(): CliSession {
  let out = '';
  let err = '';
  let dir = '';
  beforeEach(() => {
    out = '';
    err = '';
    dir = mkdtempSync(join(tmpdir(), 'mrsched-cli-'));
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      err += String(chunk);
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    get dir() {
      return dir;
    },
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    clearOutput() {
      out = '';
      err = '';
    },
    async run(...args) {
      out = '';
      err = '';
      const code = await main(args);
      if (code !== 0) throw new Error(`exit ${code}: ${err}`);
      return out;
    },
  };
}
