/**
 * The provenance a command records in its outputs (report/provenance.ts): the
 * package's version, the command line as typed (quoted where a shell would
 * need it), the scenario file's path and the SHA-256 of its bytes, the
 * scheduler options the scenario sets, and the seeds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
  return {
    version: VERSION,
    command: commandLine(command),
    scenario: { path: file.path, sha256: file.sha256 },
    schedulerOptions: scenario.schedulerOptions,
    seeds,
  };
}

/** `mrsched` and the arguments the program was given, each quoted when it holds anything but plain characters. */
export function commandLine(command: Command): string {
  let root = command;
  while (root.parent !== null) root = root.parent;
  // Commander keeps the arguments it parsed, untyped.
  const args = (root as Command & { readonly rawArgs: readonly string[] }).rawArgs;
  return ['mrsched', ...args].map((arg) => (/^[\w./:=+,@%-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`)).join(' ');
}
