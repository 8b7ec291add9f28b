/**
 * The provenance a command records in its outputs (report/provenance.ts): the
 * package's version, the command line as typed (quoted where a shell would
 * need it), the scenario file's path and the SHA-256 of its bytes, the
 * scheduler options the scenario sets, and the seeds.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Command } from 'commander';
import type { Scenario } from '../model/scenario.js';
import type { Provenance } from '../report/provenance.js';

/** The package's version, from its package.json (two folders up from src/cli and from dist/cli alike). */
export const VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export function commandProvenance(command: Command, scenarioPath: string, scenario: Scenario, seeds: readonly number[]): Provenance {
  return {
    version: VERSION,
    command: commandLine(command),
    scenario: { path: scenarioPath, sha256: createHash('sha256').update(readFileSync(scenarioPath)).digest('hex') },
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
