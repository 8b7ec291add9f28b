/**
 * `-` names standard input wherever a command reads a file: a scenario piped
 * in runs as the file does, and its provenance records the hash of the
 * bytes read (standard input cannot be read twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildCli, type BuiltCli } from '../test-support/built-cli.js';
import { TRACES } from '../test-support/traces.js';

const TINY = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));
const MAKESPAN = fileURLToPath(new URL('../../examples/makespan/tian-five-jobs.yaml', import.meta.url));

let cli: BuiltCli;
beforeAll(() => {
  cli = buildCli();
}, 180_000);
afterAll(() => cli?.remove());

function run(args: readonly string[], input: string) {
  return spawnSync(process.execPath, [cli.main, ...args], { input, encoding: 'utf8' });
}

describe('standard input as `-`', () => {
  it('simulates a scenario piped in as the file, and records the hash of what it read', () => {
    const text = readFileSync(TINY, 'utf8');
    const piped = run(['simulate', '-', '--format', 'json'], text);
    const file = run(['simulate', TINY, '--format', 'json'], '');
    expect(piped.status).toBe(0);
    const [fromPipe, fromFile] = [piped, file].map((r) => JSON.parse(r.stdout) as { provenance: { scenario: { path: string; sha256: string } }; metrics: unknown });
    expect(fromPipe.metrics).toEqual(fromFile.metrics);
    expect(fromPipe.provenance.scenario).toEqual({ path: '-', sha256: createHash('sha256').update(text).digest('hex') });
  });

  it("validates a planner's file piped in, and names `-` in a mistake", () => {
    expect(run(['validate', '-'], readFileSync(MAKESPAN, 'utf8')).stdout).toContain('-: valid — a makespan problem');
    const broken = run(['validate', '-'], 'jobs: 3\n');
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain('-:1:7: jobs: expected a list, found 3');
  });

  it('imports a trace piped in, and replays one, as the files', () => {
    const swim = readFileSync(TRACES.swimFirst50, 'utf8');
    const piped = run(['import', 'swim', '-'], swim);
    expect(piped.status, piped.stderr).toBe(0);
    const jobs = (yaml: string) => yaml.slice(yaml.indexOf('\njobs:'));
    expect(jobs(piped.stdout)).toEqual(jobs(run(['import', 'swim', TRACES.swimFirst50], '').stdout));
    expect(jobs(piped.stdout)).toMatch(/^\njobs:\n {2}- id: job0\n/);
    const replay = run(['replay-check', '-', '--format', 'json'], readFileSync(TRACES.rumenWordcount, 'utf8'));
    expect(replay.status, replay.stderr).toBe(0);
  });

  it('names the format a trace piped in looks like when it is given as another', () => {
    const wrong = run(['import', 'swim', '-'], readFileSync(TRACES.rumenWordcount, 'utf8'));
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/^mrsched: -: 1 problem\n {2}-: expected a SWIM trace .*found what looks like a Rumen trace .*try the format rumen/);
  });
});
