import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { TRACES } from '../test-support/traces.js';
import { main } from './program.js';

const tiny = fileURLToPath(new URL('../../examples/tiny.yaml', import.meta.url));

const cli = cliSession();

/** Runs the command and returns its stdout, failing on a non-zero exit. */
async function run(...args: string[]): Promise<string> {
  cli.clearOutput();
  const code = await main(args);
  if (code !== 0) throw new Error(`exit ${code}: ${cli.err}`);
  return cli.out;
}

describe('mrsched plan assign', () => {
  it('prints the JSON result: algorithm, status, loads, lower bound and the assignment by id', async () => {
    // Ex1 of the spec: τ = 3 puts t0..t2 on s0 (load 3) and t3 on s1 (load 1): 3 = optimum (n = 2).
    const path = cli.file(
      'ex1.json',
      JSON.stringify({
        servers: ['s0', 's1'],
        tasks: [
          { id: 't0', replicas: ['s0'] },
          { id: 't1', replicas: ['s0'] },
          { id: 't2', replicas: ['s0'] },
          { id: 't3', replicas: ['s0', 's1'] },
        ],
        wLoc: 1,
        wRem: { base: 2, perRemote: 1 },
      }),
    );
    // The LP bound moves 2/3 of t0..t2 to s1 at w_rem(0) = 2 and puts t3 there: 3 − 2/3 = 1 + 2·2/3 = 7/3.
    const result = JSON.parse(await run('plan', 'assign', path, '--algorithm', 'flow', '--format', 'json'));
    expect(result).toEqual({
      algorithm: 'flow',
      status: 'feasible',
      maxLoad: 3,
      totalLoad: 4,
      local: 4,
      remote: 0,
      lowerBound: expect.closeTo(7 / 3, 6),
      assignment: { t0: 's0', t1: 's0', t2: 's0', t3: 's1' },
    });
  });

  it('reproduces Theorem 4.3 (m = 15, n = 5): adversarial round robin 9, flow and the optimum 3', async () => {
    const path = join(cli.dir, 't43.json');
    await run('generate', 'hta', 'theorem-4-3', '--tasks', '15', '--servers', '5', '--out', path);
    const load = async (...args: string[]) => JSON.parse(await run('plan', 'assign', path, '--format', 'json', ...args)).maxLoad;
    expect(await load('--algorithm', 'round-robin', '--choice', 'adversarial')).toBe(9);
    expect(await load('--algorithm', 'flow')).toBe(3);
    expect(await load('--algorithm', 'optimal')).toBe(3);
  });

  it('decides the 3SAT gadget: (x1 ∨ x2 ∨ x3) is 3-admissible, (x1∨x1∨x1)∧(¬x1∨¬x1∨¬x1) is not', async () => {
    const optimum = async (formula: string) => {
      const path = join(cli.dir, 'sat.json');
      await run('generate', 'hta', 'sat', '--formula', formula, '--out', path);
      return JSON.parse(await run('plan', 'assign', path, '--algorithm', 'optimal', '--format', 'json'));
    };
    expect(await optimum('(x1 | x2 | x3)')).toMatchObject({ status: 'optimal', maxLoad: 3 });
    expect((await optimum('(x1 | x1 | x1) & (!x1 | !x1 | !x1)')).maxLoad).toBeGreaterThan(3);
  });

  it('answers a MIP stopped before it finds anything better with the flow answer it started from, and says so', async () => {
    const path = join(cli.dir, 'sat3.json');
    await run('generate', 'hta', 'sat', '--formula', '(x1|x1|x2) & (!x1|!x1|x2) & (!x2|!x2|!x2)', '--out', path);
    const result = JSON.parse(await run('plan', 'assign', path, '--algorithm', 'optimal', '--time-limit', '0', '--format', 'json'));
    const flow = JSON.parse(await run('plan', 'assign', path, '--algorithm', 'flow', '--format', 'json'));
    expect(result).toMatchObject({ status: 'feasible', from: 'flow', maxLoad: flow.maxLoad, assignment: flow.assignment });
    expect(await run('plan', 'assign', path, '--algorithm', 'optimal', '--time-limit', '0')).toMatch(/^status {7}feasible: the flow answer it started from; the MIP found none better in 0 s$/m);
  });

  it("plans the maps of a scenario's job on its nodes, by the job's HDFS replicas", async () => {
    const text = await run('plan', 'assign', '--from-scenario', tiny, '--job', 'wordcount');
    expect(text).toContain('(1 jobs): 3 tasks on 3 servers');
    expect(text).toMatch(/remote\s+0/);
  });

  it('plans the maps of a scenario that names a trace, read with its trace', async () => {
    const path = cli.file('traced.yaml', `trace: { format: swim, path: ${JSON.stringify(TRACES.swimFirst50)}, options: { nodes: 4 } }\n`);
    // job0 of the trace: 740773 input bytes, one 64 MiB block, so one map on the 4 nodes.
    const text = await run('plan', 'assign', '--from-scenario', path, '--job', 'job0');
    expect(text).toContain('(1 jobs): 1 tasks on 4 servers');
  });

  it('prints a per-server table by default', async () => {
    const path = join(cli.dir, 't41.json');
    await run('generate', 'hta', 'theorem-4-1', '--servers', '3', '--extra-replica', '--out', path);
    const text = await run('plan', 'assign', path, '--algorithm', 'round-robin', '--choice', 'adversarial');
    // s0 ← t2 (two replicas), s1 ← t1, s2 ← t0 remotely: 3.
    expect(text).toMatch(/max load\s+3\n/);
    expect(text).toMatch(/s2\s+1\s+3\s+t0/);
  });
});

describe('mrsched plan assign and generate hta: user mistakes exit 2 with a message', () => {
  it.each([
    [['plan', 'assign', '/nonexistent/instance.json'], 'no such file'],
    [['plan', 'assign'], 'give an instance file, or --from-scenario FILE'],
    [['plan', 'assign', 'x.json', '--from-scenario', tiny], 'not both'],
    [['plan', 'assign', '--from-scenario', tiny, '--job', 'nope'], "found 'nope'"],
    [['plan', 'assign', '--from-scenario', tiny, '--w-rem', '2+r+r'], "found '2+r+r'"],
    [['plan', 'assign', '--from-scenario', tiny, '--w-rem', '1', '--w-loc', '2'], 'w_rem(0) ≥ wLoc'],
    [['plan', 'assign', 'x.json', '--algorithm', 'magic'], 'Allowed choices are round-robin, flow, optimal'],
    [['plan', 'assign', 'x.json', '--w-rem', '5'], '--w-rem: only with --from-scenario (an instance file gives its own wLoc and wRem)'],
    [['plan', 'assign', 'x.json', '--w-loc', '2', '--w-rem', '5'], '--w-loc, --w-rem: only with --from-scenario'],
    [['generate', 'hta', 'theorem-4-3', '--tasks', '16', '--servers', '5'], 'm ≤ n(n−2) = 15'],
    [['generate', 'hta', 'theorem-4-3', '--servers', '5'], 'theorem-4-3 needs --tasks'],
    [['generate', 'hta', 'sat', '--formula', '(x1 | x2)'], 'has 2 literals, expected 3'],
    [['generate', 'hta', 'hadoop', '--servers', '0', '--tasks', '5'], 'expected a whole number from 1'],
  ])('%j', async (args, message) => {
    expect(await main(args)).toBe(2);
    expect(cli.err).toContain(message);
    expect(cli.err).not.toMatch(/\n\s+at /);
  });

  it('names the line, column and field of a bad instance file', async () => {
    const path = cli.file('bad.yaml', 'servers: [a, b]\ntasks:\n  - {id: t1, replicas: [c]}\nwRem: [3, 2]\n');
    expect(await main(['plan', 'assign', path])).toBe(2);
    expect(cli.err).toContain(`${path}:3:25: tasks[0].replicas[0]: expected a server listed in servers, found 'c'`);
    expect(cli.err).toContain(`${path}:4:7: wRem: expected a non-decreasing table`);
  });
});

describe('mrsched plan assign on large instances', () => {
  it('refuses the exact optimum when the MIP would be too large, and says what to use instead', async () => {
    const path = join(cli.dir, 'big.json');
    await run('generate', 'hta', 'hadoop', '--servers', '1000', '--tasks', '3000', '--out', path);
    expect(await main(['plan', 'assign', path, '--algorithm', 'optimal'])).toBe(2);
    expect(cli.err).toContain('more than the 5,000,000 it accepts; use flow');
    const flow = JSON.parse(await run('plan', 'assign', path, '--format', 'json'));
    expect(flow.maxLoad).toBeGreaterThanOrEqual(flow.lowerBound);
    expect(Object.keys(flow.assignment)).toHaveLength(3000);
  });
});
