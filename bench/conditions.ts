/**
 * What every benchmark table is recorded with, so a figure can be weighed
 * later: the machine, the commit measured (and whether the tree had
 * uncommitted changes), and the load average when the benchmark started and
 * when it ended. On a shared machine the load says how many cores the
 * figures had.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

/** The repository, found from the compiled bench (dist-bench/bench/). */
const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));

/** Taken when a benchmark starts. */
export interface BenchStart {
  readonly commit: string;
  readonly loadBefore: readonly number[];
}

export function benchStart(): BenchStart {
  return { commit: commitMeasured(), loadBefore: loadavg() };
}

/** The line above a table: machine, commit, load average before and after (1, 5 and 15 minutes). */
export function conditionsLine(start: BenchStart): string {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  return `Machine: ${machine}; commit ${start.commit}; load average before ${loadText(start.loadBefore)}, after ${loadText(loadavg())}`;
}

export function loadText(load: readonly number[]): string {
  return load.map((l) => l.toFixed(2)).join(', ');
}

function commitMeasured(): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', REPOSITORY, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? commit : `${commit} with uncommitted changes`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}
