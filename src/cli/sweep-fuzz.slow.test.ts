/**
 * `mrsched sweep` under hostile specs, checked on generated ones: a small
 * grid of the tiny scenario (scenarios, parameters by path, schedulers with
 * options, seeds or replications, metrics), built near-valid and then given
 * hostile values or missing fields, as YAML or JSON. Every case either
 *
 * - exits 0, or 100 + its failed cells, with results.csv holding a row per
 *   cell, or
 * - exits 2 with a message that names the spec (or a file it names),
 *
 * never another code, a stack trace or a hang. The seed is fixed, so CI runs
 * the same cases every time; MRSCHED_FUZZ_RUNS runs more.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { asText, hostileValue, mutated } from '../test-support/hostile-input.js';
import { TINY_SCENARIO } from '../sweep/test-support/sweep-files.js';
import { main } from './program.js';

const RUNS = Number(process.env.MRSCHED_FUZZ_RUNS ?? 30);
const SEED = Number(process.env.MRSCHED_FUZZ_SEED ?? 20_261_129);
/** A case that takes longer than this has hung, for the contract's purpose. */
const HANG_MS = 30_000;

const cli = cliSession();

/**
 * What a hostile spec sets a field to: the values of every input's fuzz but the
 * whole numbers that a spec would take as thousands of seeds or values (a long
 * sweep, not a broken one), with the sweep's own traps beside them.
 */
const sweepHostile = fc.oneof(
  hostileValue.filter((value) => !(Number.isInteger(value) && (value as number) > 3 && (value as number) <= 10_000)),
  fc.constantFrom('fifo,,fair', 'fair+', '+greedy', '../spec.yaml', '/nonexistent.yaml', 'cluster.racks[', 'settings..slowStart', '[*]', 10_001, [[]], [null]),
);

const parameterValues: Readonly<Record<string, readonly unknown[]>> = {
  'settings.slowStart': [0.05, 0.5, 1],
  'storage.replication': [1, 2, 3],
  'jobs[0].submit': [0, '5 s'],
  'users[*].priority': [1, 2],
  'settings.notAField': [1],
};

const parameters = fc
  .subarray(Object.keys(parameterValues), { maxLength: 2 })
  .chain((paths) => fc.tuple(...paths.map((path) => fc.subarray([...parameterValues[path]], { minLength: 1, maxLength: Math.min(2, parameterValues[path].length) }).map((values) => [path, values] as const))))
  .map((entries) => Object.fromEntries(entries));

const scheduler = fc.oneof(
  fc.constantFrom('fifo', 'fair', 'capacity', 'fair+locality', 'fifo+delay', 'lifo'),
  fc.record({ name: fc.constantFrom('fair', 'fifo'), label: fc.constantFrom('a', 'b', 'fair-tight'), options: fc.constant({ nodeLocalityDelay: '3 s' }) }, { requiredKeys: ['name'] }),
);

const grid = fc.record(
  {
    name: fc.constantFrom('fuzz', 'fuzz-grid', 'a.b_c'),
    description: fc.string({ maxLength: 20 }),
    scenarios: fc.constant([TINY_SCENARIO]),
    parameters,
    schedulers: fc.uniqueArray(scheduler, { minLength: 1, maxLength: 2, selector: (s) => (typeof s === 'string' ? s : (s.label ?? s.name)) }),
    metrics: fc.subarray(['makespan', 'meanCompletionTime', 'fairness'], { minLength: 1 }),
    alignHeartbeats: fc.boolean(),
  },
  { requiredKeys: ['name', 'scenarios', 'schedulers'] },
);

/** A grid with its seeds listed, or a number of replications, or neither (the scenario's seed): never both, which is refused. */
const spec = fc
  .tuple(grid, fc.oneof(fc.record({ seeds: fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 2 }) }), fc.record({ replications: fc.integer({ min: 1, max: 2 }) }), fc.constant({})))
  .map(([fields, seeds]) => ({ ...fields, ...seeds }));

describe('mrsched sweep on generated and mutated specs', () => {
  it(
    'exits 0 or 100 + its failed cells with a row per cell, or 2 naming the spec; never another code, a stack trace or a hang',
    async () => {
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(mutated(spec, sweepHostile), fc.boolean(), async (value, json) => {
          const dir = join(cli.dir, `case${cases++}`);
          const path = cli.file(`spec${cases}.${json ? 'json' : 'yaml'}`, asText(value, json));
          cli.clearOutput();
          const started = Date.now();
          const code = await main(['sweep', path, '--out', dir, '--jobs', '1', '--quiet']);
          const context = `${asText(value, false)}\n${cli.err}`;
          expect(Date.now() - started, `a hang: ${context}`).toBeLessThan(HANG_MS);
          expect(cli.err, context).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
          if (code === 2) {
            expect(cli.err, context).toMatch(/^mrsched: /);
            // The spec, or a file it names (a scenario that is not there), with its problems.
            expect(cli.err.includes(path) || /^mrsched: \/[^\n]*: \d+ problems?\n/.test(cli.err), context).toBe(true);
            expect(existsSync(join(dir, 'results.csv')), context).toBe(false);
          } else {
            expect(code === 0 || (code >= 101 && code <= 127), context).toBe(true);
            const cells = Number(/, (\d+) cells: /.exec(cli.out)?.[1]);
            const rows = readFileSync(join(dir, 'results.csv'), 'utf8').trim().split('\n').length - 1;
            expect(rows, context).toBe(cells);
          }
          rmSync(dir, { recursive: true, force: true });
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    60_000 + RUNS * 2_000,
  );
});
