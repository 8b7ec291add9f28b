import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const examples = fileURLToPath(new URL('../../examples/makespan/', import.meta.url));
const fiveJobs = join(examples, 'tian-five-jobs.yaml');
const twoJobs = join(examples, 'tang-two-jobs.yaml');
const nodeFailed = join(examples, 'tang-two-jobs-node-failed.yaml');

const cli = cliSession();

async function planJson(file: string, ...args: string[]) {
  cli.clearOutput();
  expect(await main(['plan', 'makespan', file, ...args, '--format', 'json'])).toBe(0);
  return JSON.parse(cli.out);
}

describe('mrsched plan makespan', () => {
  it('prints UAAS on the five-job example: J2, J5, J1, J4, J3 and 107/3 at full precision', async () => {
    const plan = await planJson(fiveJobs, '--algorithm', 'uaas');
    expect(plan.algorithm).toBe('uaas');
    expect(plan.order).toEqual(['J2', 'J5', 'J1', 'J4', 'J3']);
    expect(plan.makespan).toBe(107 / 3);
    expect(cli.out).toMatch(/"makespan": 35\.666666666666664,/);
    expect(plan.stages[4]).toEqual({ job: 'J3', mapStart: 11, mapEnd: 31, reduceStart: 33, reduceEnd: 107 / 3, mapSlots: 30, reduceSlots: 30 });
    expect(plan.optimum.makespan).toBe(107 / 3);
    expect(plan.gap).toBe(0);
  });

  it('gives the other worked examples of spec 1.6', async () => {
    expect(await planJson(fiveJobs, '-a', 'johnson')).toMatchObject({ makespan: 47, model: 'standalone' });
    const pools = await planJson(fiveJobs, '-a', 'balanced-pools');
    expect(pools.makespan).toBe(40);
    expect(pools.pools.map((p: { jobs: string[]; mapSlots: number; makespan: number }) => [p.jobs, p.mapSlots, p.makespan])).toEqual([
      [['J4', 'J3'], 20, 40],
      [['J2', 'J5', 'J1'], 10, 39],
    ]);
    expect(await planJson(twoJobs, '-a', 'uaas')).toMatchObject({ order: ['J2', 'J1'], makespan: 18.8 });
    expect(await planJson(nodeFailed, '-a', 'uaas')).toMatchObject({ order: ['J2', 'J1'], makespan: 23.5 });
    expect(await planJson(twoJobs, '-a', 'johnson')).toMatchObject({ order: ['J1', 'J2'], makespan: 35 });
    expect(await planJson(twoJobs, '-a', 'optimal')).toMatchObject({ model: 'tasks', order: ['J2', 'J1'], makespan: 30 });
    const split = await planJson(twoJobs, '-a', 'slot-ratio');
    expect(split).toMatchObject({ mapSlots: 15, reduceSlots: 5 });
    expect(split.splits).toHaveLength(3);
  });

  it('prints a table naming the model, and the exact optimum with the gap', async () => {
    expect(await main(['plan', 'makespan', fiveJobs, '--algorithm', 'balanced-pools'])).toBe(0);
    expect(cli.out).toMatch(/^model {5}pools: /m);
    expect(cli.out).toMatch(/^makespan {2}40 s$/m);
    expect(cli.out).toMatch(/^unsplit {3}47 s /m);
    expect(cli.out).toMatch(/^optimum {3}40 s in the same model .*gap 0\.00%$/m);
    expect(cli.out).toMatch(/^2 +J2, J5, J1 +10 +10 +39$/m);
  });

  it('draws the stage schedule as an SVG Gantt chart with --gantt', async () => {
    const svg = join(cli.dir, 'chart.svg');
    expect(await main(['plan', 'makespan', fiveJobs, '-a', 'uaas', '--gantt', svg])).toBe(0);
    const text = readFileSync(svg, 'utf8');
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // One block per stage: 5 jobs × (map + reduce), each with its tooltip.
    expect(text.match(/<rect [^>]*><title>/g)).toHaveLength(10);
    expect(text).toMatch(/J3 reduce: 33–35\.67 on 30 slots/);
  });

  const mistakes: Array<[string, () => string[], RegExp]> = [
    ['a missing file', () => ['plan', 'makespan', join(cli.dir, 'none.yaml'), '-a', 'uaas'], /none\.yaml.*no such file/],
    ['no algorithm', () => ['plan', 'makespan', fiveJobs], /--algorithm/],
    ['an unknown algorithm', () => ['plan', 'makespan', fiveJobs, '-a', 'lpt'], /lpt/],
    ['--model without optimal', () => ['plan', 'makespan', fiveJobs, '-a', 'uaas', '--model', 'tasks'], /--model applies to --algorithm optimal only/],
    [
      'a negative duration',
      () => ['plan', 'makespan', cli.file('neg.yaml', 'cluster: { mapSlots: 2, reduceSlots: 2 }\njobs:\n  - { id: a, mapSlots: 1, reduceSlots: 1, mapDuration: -1, reduceDuration: 1 }\n'), '-a', 'uaas'],
      /neg\.yaml:3:\d+: jobs\[0\]\.mapDuration: expected a duration.*found -1/,
    ],
    [
      'a missing duration',
      () => ['plan', 'makespan', cli.file('missing.yaml', 'cluster: { mapSlots: 2, reduceSlots: 2 }\njobs:\n  - { id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1 }\n'), '-a', 'johnson'],
      /missing\.yaml:3:\d+: jobs\[0\]\.reduceDuration: expected the reduce stage's duration \(reduceDuration\), or its task durations \(reduceTasks\), found neither/,
    ],
    [
      'zero slots',
      () => ['plan', 'makespan', cli.file('zero.json', '{"cluster": {"mapSlots": 0, "reduceSlots": 2}, "jobs": [{"id": "a", "mapSlots": 1, "reduceSlots": 1, "mapDuration": 1, "reduceDuration": 1}]}'), '-a', 'mkjr'],
      /zero\.json:1:\d+: cluster\.mapSlots: expected a number ≥ 1, found 0/,
    ],
    [
      'duplicate ids',
      () => ['plan', 'makespan', cli.file('dup.yaml', 'cluster: { mapSlots: 2, reduceSlots: 2 }\njobs:\n  - { id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1, reduceDuration: 1 }\n  - { id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1, reduceDuration: 1 }\n'), '-a', 'uaas'],
      /dup\.yaml:4:\d+: jobs\[1\]\.id: expected a unique job id, found 'a' again/,
    ],
    ['an empty job list', () => ['plan', 'makespan', cli.file('empty.yaml', 'cluster: { mapSlots: 2, reduceSlots: 2 }\njobs: []\n'), '-a', 'uaas'], /empty\.yaml:2:\d+: jobs: expected at least 1 item, found a list of 0/],
    [
      'too many jobs for the exact search',
      () => [
        'plan',
        'makespan',
        cli.file('many.yaml', `cluster: { mapSlots: 2, reduceSlots: 2 }\njobs:\n${Array.from({ length: 9 }, (_, i) => `  - { id: j${i}, mapSlots: 1, reduceSlots: 1, mapDuration: 1, reduceDuration: 1 }`).join('\n')}\n`),
        '-a',
        'optimal',
      ],
      /many\.yaml: jobs: expected at most 8 jobs for an exact search in the tasks model/,
    ],
    [
      'slot counts beyond any cluster',
      () => ['plan', 'makespan', cli.file('huge.yaml', 'cluster: { mapSlots: 1e12, reduceSlots: 2 }\njobs:\n  - { id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1, reduceDuration: 1 }\n'), '-a', 'uaas'],
      /huge\.yaml:1:\d+: cluster\.mapSlots: expected a number ≤ 10000000, found 1000000000000/,
    ],
    [
      'more splits than slot-ratio tries',
      () => ['plan', 'makespan', cli.file('wide.yaml', 'cluster: { mapSlots: 100000, reduceSlots: 100001 }\njobs:\n  - { id: a, mapSlots: 1, reduceSlots: 1, mapDuration: 1, reduceDuration: 1 }\n'), '-a', 'slot-ratio'],
      /wide\.yaml: cluster: expected at most 100,001 slots per node for slot-ratio.*found 200,001 slots and no nodes/,
    ],
    [
      'too many tasks for the task-level search',
      () => [
        'plan',
        'makespan',
        cli.file('tasks.yaml', `cluster: { mapSlots: 2, reduceSlots: 2 }\njobs:\n${Array.from({ length: 8 }, (_, i) => `  - { id: j${i}, mapSlots: 1000, reduceSlots: 1000, mapDuration: 1, reduceDuration: 1 }`).join('\n')}\n`),
        '-a',
        'optimal',
      ],
      /tasks\.yaml: jobs: expected at most 50,000,000 task placements .* found 8 jobs with 16,000 tasks/,
    ],
    [
      'a YAML alias bomb',
      () => [
        'plan',
        'makespan',
        cli.file('bomb.yaml', ['a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n') + '\n'),
        '-a',
        'uaas',
      ],
      /bomb\.yaml: expected anchors and aliases that make the document at most 10 times as large as written, found more than/,
    ],
  ];

  it.each(mistakes)('exits 2 on %s, with a message and no stack trace', async (_name, args, message) => {
    expect(await main(args())).toBe(2);
    expect(cli.err).toMatch(message);
    expect(cli.err).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  });
});

describe('mrsched compare with the plan-driven schedulers', () => {
  it('prints the planned makespan beside the simulated one for uaas and mkjr, and nothing for fifo', async () => {
    const batch = fileURLToPath(new URL('../../examples/tian-five-jobs-batch.yaml', import.meta.url));
    expect(await main(['compare', batch, '--schedulers', 'uaas,mkjr,fifo'])).toBe(0);
    expect(cli.out).toMatch(/^Planned makespan \(lower is better\) +35\.7 s +35\.7 s +—$/m);
    expect(cli.out).toMatch(/^Makespan over plan \(lower is better\) +[\d.]+ % +[\d.]+ % +—$/m);
  });
});

describe('plan makespan’s numbers', () => {
  it('print with their unit, at four decimals: 107/3 as 35.6667 s, not 35.666666666666664', async () => {
    expect(await main(['plan', 'makespan', fiveJobs, '-a', 'uaas'])).toBe(0);
    expect(cli.out).toMatch(/^makespan {2}35\.6667 s$/m);
    expect(cli.out).not.toContain('35.666666666666664');
    expect(cli.out).toMatch(/map start \(s\)/);
  });
});
