/**
 * The provenance a command records in its outputs (report/provenance.ts): the
 * package's version and, run from a git checkout of mrsched, its commit; the
 * command line as typed (quoted where a shell would need it), the scenario
 * file's path relative to where the command ran and the SHA-256 of its
 * bytes, the scheduler options the scenario sets, and the seeds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { Scenario } from '../model/scenario.js';
import type { Provenance } from '../report/provenance.js';

/** The package's version, from the nearest package.json above this module (src/cli, dist/cli and the benchmarks' build nest differently). */
export const VERSION: string = (JSON.parse(readFileSync(nearestPackageJson(), 'utf8')) as { version: string }).version;

function nearestPackageJson(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
  }
}

/** `file`: the scenario file's path and the SHA-256 of its bytes as they were read. */
export function commandProvenance(command: Command, file: { readonly path: string; readonly sha256: string }, scenario: Scenario, seeds: readonly number[]): Provenance {
  return provenanceOf(commandLine(command), file, scenario, seeds);
}

/** The same for work a command line did not ask for as such (a comparison started from serve's page): `commandText` says what would do it again. */
export function provenanceOf(commandText: string, file: { readonly path: string; readonly sha256: string }, scenario: Scenario, seeds: readonly number[]): Provenance {
  return {
    version: VERSION,
    commit: checkoutCommit(),
    command: commandText,
    scenario: { path: pathFromHere(file.path), sha256: file.sha256 },
    schedulerOptions: scenario.schedulerOptions,
    seeds,
  };
}

/** `path` as seen from where the command ran (the built-in default scenario is otherwise the package's absolute path); `-` as it is. */
export function pathFromHere(path: string): string {
  if (path === '-' || !isAbsolute(path)) return path;
  return relative(process.cwd(), resolve(path)) || '.';
}

/**
 * The commit of the git checkout mrsched runs from, with ` (with uncommitted
 * changes)` when its tracked files differ from it; null when it runs from a
 * package (no checkout of its own: a checkout it is installed inside is
 * another project's) or git is missing.
 */
function checkoutCommit(): string | null {
  const root = realpathSync(dirname(nearestPackageJson()));
  const git = (...args: string[]) => spawnSync('git', ['-C', root, ...args], { encoding: 'utf8', timeout: 5_000 });
  const head = git('rev-parse', '--show-toplevel', 'HEAD');
  const [top, commit] = head.status === 0 ? head.stdout.trim().split('\n') : [];
  if (commit === undefined || realpathSync(top) !== root) return null;
  const changed = git('status', '--porcelain', '--untracked-files=no');
  return changed.status === 0 && changed.stdout.trim() !== '' ? `${commit} (with uncommitted changes)` : commit;
}

/** `mrsched` and the arguments the program was given, each quoted when it holds anything but plain characters. */
export function commandLine(command: Command): string {
  let root = command;
  while (root.parent !== null) root = root.parent;
  // Commander keeps the arguments it parsed, untyped.
  return shellLine((root as Command & { readonly rawArgs: readonly string[] }).rawArgs);
}

/** `mrsched` and `args`, each quoted when it holds anything but plain characters, as a shell takes them. */
export function shellLine(args: readonly string[]): string {
  return ['mrsched', ...args].map((arg) => (/^[\w./:=+,@%-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`)).join(' ');
}
