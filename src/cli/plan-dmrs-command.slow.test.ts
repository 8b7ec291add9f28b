import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const worked = fileURLToPath(new URL('../../examples/dmrs/worked-example.yaml', import.meta.url));
const terasort = fileURLToPath(new URL('../../examples/dmrs-terasort.yaml', import.meta.url));

const cli = cliSession();

async function planJson(...args: string[]) {
  cli.clearOutput();
  expect(await main(['plan', 'dmrs', ...args, '--format', 'json'])).toBe(0);
  return JSON.parse(cli.out);
}

describe('mrsched plan dmrs', () => {
  it('prints the worked example (spec 2.8) at full precision: LP 173/9, objective 22.5, order J3, J2, J1', async () => {
    // The optimum is a MIP stopped by a node limit, not by wall time: a loaded machine cannot turn 'optimal' into 'feasible'.
    const plan = await planJson(worked, '--algorithm', 'dmrs');
    expect(Object.keys(plan)).toEqual(['algorithm', 'objective', 'lpBound', 'lpStatus', 'ratio', 'skew', 'theoremBound', 'order', 'completions', 'schedule', 'optimum', 'gap']);
    expect(cli.out).toMatch(/"lpBound": 19\.22222222222222,/);
    expect(plan).toMatchObject({ algorithm: 'dmrs', objective: 22.5, lpStatus: 'optimal', skew: 1, theoremBound: 4, order: ['J3', 'J2', 'J1'] });
    expect(plan.ratio).toBe(22.5 / plan.lpBound);
    expect(plan.completions).toEqual({ J1: 9.5, J2: 6, J3: 1 });
    expect(plan.schedule).toHaveLength(10);
    expect(plan.schedule[9]).toEqual({ job: 'J1', kind: 'reduce', task: 0, machine: 'm1', start: 8, end: 9.5 });
    expect(plan.optimum).toEqual({ status: 'optimal', objective: 22.5 });
    expect(plan.gap).toBe(0);
  });

  it('gives the same LP bound by cutting planes, by the compact LP and by the greedy', async () => {
    const cuts = await planJson(worked, '--lp', 'cuts');
    const compact = await planJson(worked, '--lp', 'compact');
    const greedy = await planJson(worked, '--lp', 'greedy');
    expect(Math.abs(cuts.lpBound - compact.lpBound)).toBeLessThan(1e-9);
    expect(Math.abs(greedy.lpBound - compact.lpBound)).toBeLessThan(1e-9);
  });

  it('runs the baselines and the optimum: fifo 41.5, identical 30.5, map-only 25, optimal 22.5', async () => {
    const objectives: Record<string, number> = {};
    for (const algorithm of ['fifo', 'identical', 'map-only', 'optimal']) objectives[algorithm] = (await planJson(worked, '-a', algorithm)).objective;
    expect(objectives).toEqual({ fifo: 41.5, identical: 30.5, 'map-only': 25, optimal: 22.5 });
  });

  it('prints a table naming the model, the LP bound and its method, Theorem 1, and the optimum with the gap', async () => {
    expect(await main(['plan', 'dmrs', worked, '-a', 'fifo'])).toBe(0);
    expect(cli.out).toMatch(/^model {7}a task of size d takes d\/speed; /m);
    expect(cli.out).toMatch(/^objective {3}41\.5 time units \(Σ weight × completion\)$/m);
    // 173/9 at four decimals, with its unit; --format json keeps every digit.
    expect(cli.out).toMatch(/^LP bound {4}19\.2222 time units \(LP-MapReduce by cutting planes: optimal\)$/m);
    expect(cli.out).toMatch(/^Theorem 1 {3}DMRS ≤ 4 × LP bound = 76\.8889 time units$/m);
    expect(cli.out).toMatch(/^optimum {5}22\.5 time units \(MIP: optimal\); gap 84\.44%$/m);
    expect(cli.out).toMatch(/^J1 +reduce +0 +m1 +4 +5\.5$/m);
  });

  it('says when the node limit stopped the MIP before it found a schedule better than the one it was given', async () => {
    expect(await main(['plan', 'dmrs', worked, '--node-limit', '1'])).toBe(0);
    expect(cli.out).toMatch(/^optimum {5}— \(MIP: none found in 1 node\)$/m);
    cli.clearOutput();
    expect(await main(['plan', 'dmrs', worked, '--node-limit', '1', '--time-limit', '600'])).toBe(0);
    expect(cli.out).toMatch(/^optimum {5}— \(MIP: none found in 1 node or 600 s\)$/m);
  });

  it('draws the schedule as an SVG Gantt chart with --gantt', async () => {
    const svg = join(cli.dir, 'chart.svg');
    expect(await main(['plan', 'dmrs', worked, '--gantt', svg])).toBe(0);
    const text = readFileSync(svg, 'utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(text.match(/<rect [^>]*><title>/g)).toHaveLength(10);
    expect(cli.out).toContain(`wrote ${svg}`);
  });

  it('plans a scenario\'s workload with --from-scenario: one machine per container, cuts and compact agreeing', async () => {
    const cuts = await planJson('--from-scenario', terasort);
    const compact = await planJson('--from-scenario', terasort, '--lp', 'compact');
    expect(cuts.order).toHaveLength(18);
    expect(new Set(cuts.schedule.map((t: { machine: string }) => t.machine)).size).toBe(8);
    expect(Math.abs(cuts.lpBound - compact.lpBound) / compact.lpBound).toBeLessThan(1e-6);
    expect(cuts.optimum).toBeNull();
  });

  it('leaves the optimum out, without an error, when the cluster is too large for the MIP', async () => {
    const many = cli.file('wide.yaml', `machines: [${Array.from({ length: 40 }, (_, i) => `{id: m${i}, speed: ${1 + (i % 2)}}`).join(', ')}]\njobs: [{id: a, maps: [3, 3], reduces: [1]}]\n`);
    const plan = await planJson(many);
    // Both maps of 3 on machines of speed 2 (m1, m3): [0, 1.5]; the reduce on m1 after them: 1.5 + 1/2 = 2.
    expect(plan.objective).toBe(2);
    expect(plan.optimum).toBeNull();
  });

  const machines = 'machines: [{id: m1, speed: 2}, {id: m2, speed: 1}]\n';
  const mistakes: Array<[string, () => string[], RegExp]> = [
    ['a missing file', () => ['plan', 'dmrs', join(cli.dir, 'none.yaml')], /none\.yaml.*no such file/],
    ['no input', () => ['plan', 'dmrs'], /give an instance file, or --from-scenario FILE/],
    ['a file and --from-scenario', () => ['plan', 'dmrs', worked, '--from-scenario', terasort], /not both/],
    ['an unknown algorithm', () => ['plan', 'dmrs', worked, '-a', 'lpt'], /lpt/],
    ['an unknown LP method', () => ['plan', 'dmrs', worked, '--lp', 'ellipsoid'], /ellipsoid/],
    ['a negative time limit', () => ['plan', 'dmrs', worked, '--time-limit', '-1'], /--time-limit.*expected a number ≥ 0, found '-1'/],
    ['a negative size', () => ['plan', 'dmrs', cli.file('neg.yaml', `${machines}jobs:\n  - {id: a, maps: [3, -1]}\n`)], /neg\.yaml:3:\d+: jobs\[0\]\.maps\[1\]: expected a data size ≥ 0, found -1/],
    ['a zero speed', () => ['plan', 'dmrs', cli.file('zero.json', '{"machines": [{"id": "m", "speed": 0}], "jobs": [{"id": "a", "maps": [1]}]}')], /zero\.json:1:\d+: machines\[0\]\.speed: expected a speed > 0, found 0/],
    ['a negative speed', () => ['plan', 'dmrs', cli.file('slow.yaml', 'machines: [{id: m, speed: -2}]\njobs: [{id: a, maps: [1]}]\n')], /slow\.yaml:1:\d+: machines\[0\]\.speed: expected a speed > 0, found -2/],
    ['a job without maps', () => ['plan', 'dmrs', cli.file('nomaps.yaml', `${machines}jobs:\n  - {id: a, maps: [], reduces: [2]}\n`)], /nomaps\.yaml:3:\d+: jobs\[0\]\.maps: expected at least one map task/],
    ['a job with no maps field', () => ['plan', 'dmrs', cli.file('nofield.yaml', `${machines}jobs:\n  - {id: a, reduces: [2]}\n`)], /nofield\.yaml:3:\d+: jobs\[0\]\.maps: expected a list, found nothing/],
    ['duplicate job ids', () => ['plan', 'dmrs', cli.file('dup.yaml', `${machines}jobs:\n  - {id: a, maps: [1]}\n  - {id: a, maps: [2]}\n`)], /dup\.yaml:4:\d+: jobs\[1\]\.id: expected a unique job id, found 'a' again/],
    ['duplicate machine ids', () => ['plan', 'dmrs', cli.file('dupm.yaml', 'machines: [{id: m, speed: 1}, {id: m, speed: 2}]\njobs: [{id: a, maps: [1]}]\n')], /dupm\.yaml:1:\d+: machines\[1\]\.id: expected a unique machine id, found 'm' again/],
    ['a negative weight and release', () => ['plan', 'dmrs', cli.file('w.yaml', `${machines}jobs:\n  - {id: a, weight: -1, release: -5, maps: [1]}\n`)], /w\.yaml:3:\d+: jobs\[0\]\.weight: expected a number ≥ 0, found -1\n.*w\.yaml:3:\d+: jobs\[0\]\.release: expected a number ≥ 0, found -5/],
    ['an unknown field', () => ['plan', 'dmrs', cli.file('typo.yaml', `${machines}jobs:\n  - {id: a, maps: [1], reduce: [1]}\n`)], /typo\.yaml:3:\d+: jobs\[0\]\.reduce: expected a known field \(did you mean 'reduces'\?\)/],
    ['no machines', () => ['plan', 'dmrs', cli.file('none.json', '{"machines": [], "jobs": [{"id": "a", "maps": [1]}]}')], /none\.json:1:\d+: machines: expected at least one machine/],
    ['an empty file', () => ['plan', 'dmrs', cli.file('empty.yaml', '')], /empty\.yaml: expected a DMRS instance \(a mapping with machines and jobs\), found an empty document/],
    ['broken JSON', () => ['plan', 'dmrs', cli.file('broken.json', '{"machines": [')], /broken\.json:1:\d+: expected valid YAML or JSON/],
    [
      'a YAML alias bomb',
      () => [
        'plan',
        'dmrs',
        cli.file('bomb.yaml', ['a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n') + '\n'),
      ],
      /bomb\.yaml: expected anchors and aliases that make the document at most 10 times as large as written, found more than/,
    ],
    [
      'too many jobs for the compact LP',
      () => ['plan', 'dmrs', cli.file('many.json', JSON.stringify({ machines: [{ id: 'm', speed: 1 }], jobs: Array.from({ length: 301 }, (_, j) => ({ id: `j${j}`, maps: [1] })) })), '--lp', 'compact'],
      /many\.json: jobs: expected at most 300 jobs for the compact LP .*found 301 jobs/,
    ],
    [
      'too many machines for the optimum',
      () => ['plan', 'dmrs', cli.file('wide.yaml', `machines: [${Array.from({ length: 33 }, (_, i) => `{id: m${i}, speed: 1}`).join(', ')}]\njobs: [{id: a, maps: [1]}]\n`), '-a', 'optimal'],
      /wide\.yaml: machines: expected at most 32 machines for the optimal schedule .*found 33 machines/,
    ],
    [
      'too many tasks for the optimum',
      () => ['plan', 'dmrs', cli.file('big.yaml', `${machines}jobs:\n  - {id: a, maps: [${new Array(17).fill(1).join(', ')}]}\n`), '-a', 'optimal'],
      /big\.yaml: jobs: expected at most 16 tasks for the optimal schedule .*found 17 tasks/,
    ],
  ];

  it.each(mistakes)('exits 2 on %s, with a message and no stack trace', async (_name, args, message) => {
    expect(await main(args())).toBe(2);
    expect(cli.err).toMatch(message);
    expect(cli.err).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  });
});
