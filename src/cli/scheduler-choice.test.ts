/** Choosing placements and loading scheduler modules on the command line. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { withoutCommandLine } from '../test-support/provenance.js';
import { main } from './program.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const tiny = join(examples, 'tiny.yaml');
const exampleModule = join(examples, 'schedulers', 'lifo.js');

const cli = cliSession();

describe('--map-placement and --reduce-placement', () => {
  it('leave every file byte for byte as it was when the placement named is the scheduler’s own', async () => {
    const files = async (dir: string, ...args: string[]) => {
      expect(await main(['simulate', '--scheduler', 'fair', '--out', join(cli.dir, dir), ...args])).toBe(0);
      return ['tasks.csv', 'jobs.csv', 'summary.json'].map((file) => withoutCommandLine(readFileSync(join(cli.dir, dir, file), 'utf8')));
    };
    const own = await files('own');
    expect(await files('named', '--reduce-placement', 'hadoop', '--map-placement', 'delay')).toEqual(own);
    expect(await files('plus', '--scheduler', 'fair+delay+hadoop')).toEqual(own);
  });

  it('swap a placement in, and name the run by it', async () => {
    expect(await main(['simulate', tiny, '--scheduler', 'capacity', '--map-placement', 'delay', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).scheduler).toBe('capacity+delay');
    cli.clearOutput();
    expect(await main(['compare', tiny, '--schedulers', 'fifo,fair', '--map-placement', 'flow', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).schedulers.map((s: { scheduler: string }) => s.scheduler)).toEqual(['fifo+flow', 'fair+flow']);
  });

  it('refuse a placement of the wrong kind or an unknown one, naming the flag, exiting 2', async () => {
    expect(await main(['simulate', tiny, '--scheduler', 'fifo', '--reduce-placement', 'delay'])).toBe(2);
    expect(cli.err).toContain("--reduce-placement: expected a reduce placement (one of hadoop, random, greedy, rhc), found 'delay'");
    expect(await main(['simulate', tiny, '--scheduler', 'fifo+nearest'])).toBe(2);
    expect(cli.err).toMatch(/--scheduler: expected a placement after '\+' \(one of locality \(map\), .*\), found 'nearest' in 'fifo\+nearest'/);
  });
});

describe('--job-order', () => {
  it('runs another scheduler’s job order with the scheduler’s placements, named by what differs from the order’s own', async () => {
    expect(await main(['simulate', tiny, '--scheduler', 'fair', '--job-order', 'fifo', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).scheduler).toBe('fifo+delay');
    cli.clearOutput();
    expect(await main(['compare', tiny, '--schedulers', 'fair,capacity+greedy', '--job-order', 'fifo', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).schedulers.map((s: { scheduler: string }) => s.scheduler)).toEqual(['fifo+delay', 'fifo+greedy']);
  });

  it('refuses an unknown job order, and one that places its tasks its own way under placements that are kept, exiting 2', async () => {
    expect(await main(['simulate', tiny, '--scheduler', 'fair', '--job-order', 'lifo'])).toBe(2);
    expect(cli.err).toMatch(/--job-order: expected a scheduler name \(one of fifo, fair, .*\), found 'lifo'/);
    expect(await main(['simulate', tiny, '--scheduler', 'fair', '--job-order', 'dmrs'])).toBe(2);
    expect(cli.err).toContain("--scheduler: 2 problems");
    expect(cli.err).toContain("expected no map placement: 'dmrs' places its maps its own way, found 'delay' of 'fair' with --job-order dmrs");
  });
});

describe('--scheduler-module', () => {
  it('runs a scheduler and a placement written outside mrsched, and lists them', async () => {
    expect(await main(['simulate', tiny, '--scheduler-module', exampleModule, '--scheduler', 'lifo+spread', '--format', 'json'])).toBe(0);
    const summary = JSON.parse(cli.out);
    expect(summary).toMatchObject({ scheduler: 'lifo+spread', stalled: false });
    expect(summary.metrics.jobsSucceeded).toBe(3);
    cli.clearOutput();
    expect(await main(['schedulers', '--scheduler-module', exampleModule])).toBe(0);
    expect(cli.out).toMatch(/^job order\s+what it does[\s\S]*^lifo\s+Newest job first/m);
    expect(cli.out).toMatch(/^reduce placement\s+what it does[\s\S]*^spread\s+A job's reduces on different nodes/m);
  });

  it('has validate check every scheduler’s options by its schema, building none', async () => {
    // A scheduler that cannot be built: validate never tries.
    const unbuildable = cli.file(
      'unbuildable.mjs',
      "export default ({ z }) => ({ name: 'unbuildable', summary: 's', source: 'me', options: z.strictObject({ depth: z.number().int().min(1).default(1) }), optionDescriptions: { depth: 'a whole number ≥ 1' }, create() { throw new Error('built'); } });\n",
    );
    const good = cli.file('good.yaml', readFileSync(tiny, 'utf8') + '\nschedulerOptions:\n  unbuildable: { depth: 2 }\n');
    expect(await main(['validate', good, '--scheduler-module', unbuildable])).toBe(0);
    const bad = cli.file('bad.yaml', readFileSync(tiny, 'utf8') + '\nschedulerOptions:\n  unbuildable: { depth: 0 }\n  fair: { assignMultiple: maybe }\n');
    expect(await main(['validate', bad, '--scheduler-module', unbuildable])).toBe(2);
    expect(cli.err).toContain('schedulerOptions.unbuildable.depth: expected a whole number ≥ 1, found 0');
    expect(cli.err).toContain("schedulerOptions.fair.assignMultiple: expected true or false, found 'maybe'");
    expect(cli.err).not.toContain('built');
  });

  it('checks the module’s options through validate', async () => {
    const bad = cli.file('bad-spread.yaml', readFileSync(tiny, 'utf8') + '\nschedulerOptions:\n  spread: { maxSkips: -1 }\n');
    expect(await main(['validate', bad, '--scheduler-module', exampleModule])).toBe(2);
    expect(cli.err).toContain('schedulerOptions.spread.maxSkips: expected a whole number ≥ 0, found -1');
  });

  it('names the module and what is wrong with it: missing, no function, bad factories, a taken name', async () => {
    expect(await main(['schedulers', '--scheduler-module', join(cli.dir, 'none.js')])).toBe(2);
    expect(cli.err).toContain('expected a scheduler module (an ES module file), found no such module');
    const three = cli.file('three.mjs', 'export default 3;\n');
    expect(await main(['schedulers', '--scheduler-module', three])).toBe(2);
    expect(cli.err).toContain('default: expected a default export that is a function of the mrsched API, found 3');
    const half = cli.file('half.mjs', "export default () => [{ name: 'x', source: 'me', create() {} }, { kind: 'both', name: 'y', summary: 's', source: 'me', create() {} }];\n");
    expect(await main(['schedulers', '--scheduler-module', half])).toBe(2);
    expect(cli.err).toContain('default()[0].summary: expected a non-empty string, found undefined');
    expect(cli.err).toContain("default()[1].kind: expected 'map-placement', 'reduce-placement', or none for a scheduler, found 'both'");
    expect(cli.err).toContain("default()[0].options: expected a zod schema of its schedulerOptions (the API's z: z.strictObject({}) for none), found undefined");
    const taken = cli.file('taken.mjs', "export default ({ z }) => ({ name: 'fifo', summary: 's', source: 'me', options: z.strictObject({}), optionDescriptions: {}, create() {} });\n");
    expect(await main(['schedulers', '--scheduler-module', taken])).toBe(2);
    expect(cli.err).toContain("a scheduler named 'fifo' is already registered");
  });

  it('reports an error raised inside a module as the module’s, exit 1, not as mrsched’s', async () => {
    const boom = cli.file(
      'boom.mjs',
      "export default ({ z }) => ({ name: 'boom', summary: 's', source: 'me', options: z.strictObject({}), optionDescriptions: {}, create: () => ({ name: 'boom', onHeartbeat() { throw new Error('boom'); } }) });\n",
    );
    expect(await main(['simulate', tiny, '--scheduler-module', boom, '--scheduler', 'boom'])).toBe(1);
    expect(cli.err).toMatch(/^mrsched: the scheduler module \/.*boom\.mjs failed:\nError: boom/);
    expect(cli.err).not.toContain('internal error');
  });
});
