/** Choosing placements and loading scheduler modules on the command line. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const tiny = join(examples, 'tiny.yaml');
const exampleModule = join(examples, 'schedulers', 'lifo.js');

const cli = cliSession();

describe('--map-placement and --reduce-placement', () => {
  it('leave every file byte for byte as it was when the placement named is the scheduler’s own', async () => {
    const files = async (dir: string, ...args: string[]) => {
      expect(await main(['simulate', '--scheduler', 'fair', '--out', join(cli.dir, dir), ...args])).toBe(0);
      return ['tasks.csv', 'jobs.csv', 'summary.json'].map((file) => readFileSync(join(cli.dir, dir, file), 'utf8'));
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

describe('--scheduler-module', () => {
  it('runs a scheduler and a placement written outside mrsched, and lists them', async () => {
    expect(await main(['simulate', tiny, '--scheduler-module', exampleModule, '--scheduler', 'lifo+spread', '--format', 'json'])).toBe(0);
    const summary = JSON.parse(cli.out);
    expect(summary).toMatchObject({ scheduler: 'lifo+spread', stalled: false });
    expect(summary.metrics.jobsSucceeded).toBe(3);
    cli.clearOutput();
    expect(await main(['schedulers', '--scheduler-module', exampleModule])).toBe(0);
    expect(cli.out).toMatch(/^lifo\s+Newest job first/m);
    expect(cli.out).toMatch(/^spread\s+reduce\s+A job's reduces on different nodes/m);
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
    const taken = cli.file('taken.mjs', "export default () => ({ name: 'fifo', summary: 's', source: 'me', create() {} });\n");
    expect(await main(['schedulers', '--scheduler-module', taken])).toBe(2);
    expect(cli.err).toContain("a scheduler named 'fifo' is already registered");
  });

  it('reports an error raised inside a module as the module’s, exit 1, not as mrsched’s', async () => {
    const boom = cli.file(
      'boom.mjs',
      "export default () => ({ name: 'boom', summary: 's', source: 'me', create: () => ({ name: 'boom', onHeartbeat() { throw new Error('boom'); } }) });\n",
    );
    expect(await main(['simulate', tiny, '--scheduler-module', boom, '--scheduler', 'boom'])).toBe(1);
    expect(cli.err).toMatch(/^mrsched: the scheduler module \/.*boom\.mjs failed:\nError: boom/);
    expect(cli.err).not.toContain('internal error');
  });
});
