/**
 * The mrsched command compiled, for the tests that need it as separate
 * processes or worker threads (Node starts both from JavaScript files): the
 * sources are compiled, without type checking (npm run typecheck does that),
 * into dist-test/ at the repository's root, where the compiled code finds
 * the examples and node_modules as dist/ does. Call in a beforeAll: it builds
 * only when a source changed since the last build.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const OUT_DIR = join(REPOSITORY, 'dist-test');

/** Written after a build: a build newer than every source it was made from is used again. */
const STAMP = join(OUT_DIR, '.built');

/** Compiles src/ into dist-test/ (unless it is up to date); returns the path of the compiled `mrsched` (cli/main.js). */
export function buildCompiledCli(): string {
  const main = join(OUT_DIR, 'cli', 'main.js');
  if (existsSync(STAMP) && newestSource() < statSync(STAMP).mtimeMs) return main;
  const tsc = join(REPOSITORY, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', OUT_DIR, '--noCheck', '--declaration', 'false', '--sourceMap', 'false'], {
    cwd: REPOSITORY,
    stdio: 'pipe',
  });
  writeFileSync(STAMP, '');
  return main;
}

/** The latest change to the sources or the build's settings, in ms since the epoch. */
function newestSource(): number {
  const newest = (path: string): number => {
    const stat = statSync(path);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
  };
  return Math.max(newest(join(REPOSITORY, 'src')), ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((name) => newest(join(REPOSITORY, name))));
}

export interface ProcessResult {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Starts the compiled command with `args`; `done` settles when it exits. */
export function startCli(main: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): { child: ChildProcess; done: Promise<ProcessResult> } {
  const child = spawn(process.execPath, [main, ...args], { cwd: REPOSITORY, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<ProcessResult>((resolve) => child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })));
  return { child, done };
}

/** Runs the compiled command to its end. */
export function runCli(main: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<ProcessResult> {
  return startCli(main, args, env).done;
}

/** Starts `mrsched serve` with `args` (after `serve`) and waits for the address it prints. */
export async function startServe(main: string, args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const started = startCli(main, ['serve', ...args]);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    started.child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = out.match(/at (http:\/\/\S+\/) /);
      if (found !== null) resolve(found[1]);
    });
    void started.done.then((result) => reject(new Error(`serve exited: ${result.stderr}`)));
  });
  return { child: started.child, url };
}
