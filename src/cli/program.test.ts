import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { TRACES } from '../test-support/traces.js';
import { main } from './program.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const tiny = join(examples, 'tiny.yaml');

const cli = cliSession();

describe('mrsched simulate', () => {
  it('prints the metric table and writes the four run files with their headers', async () => {
    const target = join(cli.dir, 'run');
    expect(await main(['simulate', tiny, '--scheduler', 'fifo', '--out', target])).toBe(0);
    expect(cli.out).toMatch(/Makespan\s+47\.0 s/);
    expect(readdirSync(target).sort()).toEqual(['jobs.csv', 'nodes.csv', 'summary.json', 'tasks.csv']);
    const read = (file: string) => readFileSync(join(target, file), 'utf8');
    expect(read('tasks.csv').split('\n')[0]).toBe('job_id,task_id,kind,attempt,node,start,end,status,locality');
    expect(read('jobs.csv').split('\n')[0]).toBe('job_id,user,pool,weight,submit,first_start,maps_done,end,status');
    expect(read('nodes.csv')).toBe(
      'node,rack,map_slots,reduce_slots,speed\nnode1,rack1,2,1,1\nnode2,rack1,2,1,1\nnode3,rack1,2,1,2\n',
    );
    // 3 + 2 + 2 maps and 1 + 2 reduces, each run once: 10 attempt rows.
    expect(read('tasks.csv').trim().split('\n')).toHaveLength(11);
    const summary = JSON.parse(read('summary.json'));
    expect(summary).toMatchObject({ scenario: 'tiny', scheduler: 'fifo', seed: 1, stalled: false });
    expect(summary.metrics.jobsSucceeded).toBe(3);
  });

  it('writes byte-identical files for the same seed, and different ones for another seed', async () => {
    const run = async (name: string, seed: string) => {
      await main(['simulate', '--scheduler', 'fair', '--seed', seed, '--out', join(cli.dir, name)]);
      return ['tasks.csv', 'jobs.csv', 'summary.json'].map((f) => readFileSync(join(cli.dir, name, f), 'utf8'));
    };
    const first = await run('a', '5');
    const again = await run('b', '5');
    const other = await run('c', '6');
    expect(again).toEqual(first);
    expect(other[0]).not.toEqual(first[0]);
  });

  it('prints only the summary object with --format json', async () => {
    expect(await main(['simulate', tiny, '-s', 'capacity', '--format', 'json'])).toBe(0);
    const summary = JSON.parse(cli.out);
    expect(summary.scheduler).toBe('capacity');
    expect(Object.keys(summary.metrics)).toContain('fetchCost');
  });

  it('shows the attempts a node failure forced to run again in tasks.csv', async () => {
    // Two nodes; node n2 runs map 1 and fails at 5 s, before the 30 s maps end: its attempt fails and runs again on n1.
    const path = cli.file(
      'failure.yaml',
      `
cluster:
  racks:
    - id: r1
      nodes: [{ id: n1, mapSlots: 1, reduceSlots: 1 }, { id: n2, mapSlots: 1, reduceSlots: 1 }]
jobs:
  - id: job
    mapTasks: [{ work: 30 }, { work: 30 }]
    reduceTasks: [{ shuffleShare: 1, work: 5 }]
settings:
  failures: [{ node: n2, at: 5 s, recoverAt: 100 s }]
`,
    );
    expect(await main(['simulate', path, '-s', 'fifo', '--out', join(cli.dir, 'f')])).toBe(0);
    const rows = readFileSync(join(cli.dir, 'f', 'tasks.csv'), 'utf8').trim().split('\n').slice(1);
    const failed = rows.filter((row) => row.includes(',n2,') && row.endsWith(',failed,none'));
    expect(failed).toHaveLength(1);
    const task = failed[0].split(',')[1];
    const rerun = rows.filter((row) => row.split(',')[1] === task && row.split(',')[3] === '1');
    expect(rerun).toHaveLength(1);
    expect(rerun[0]).toMatch(/,n1,.*,succeeded,/);
    expect(readFileSync(join(cli.dir, 'f', 'jobs.csv'), 'utf8')).toMatch(/,succeeded\n$/);
  });
});

describe('batch schedulers on a scenario whose jobs arrive over time', () => {
  it('simulate runs them and says their plan ignores the arrivals; compare leaves them out unless named', async () => {
    expect(await main(['simulate', tiny, '--scheduler', 'uaas', '--format', 'json'])).toBe(0);
    expect(cli.err).toMatch(/note: uaas plans one batch released together, and the jobs of tiny arrive over time/);
    cli.clearOutput();
    expect(await main(['compare', tiny, '--format', 'json'])).toBe(0);
    const compared = JSON.parse(cli.out) as { schedulers: { scheduler: string }[] };
    expect(compared.schedulers.map((s) => s.scheduler)).toEqual(['fifo', 'fair', 'capacity', 'flow', 'adaptive', 'dmrs', 'dmrs-identical', 'dmrs-map-only']);
  });
});

describe('mrsched compare', () => {
  it('prints one column per scheduler with intervals and writes a self-contained report', async () => {
    const target = join(cli.dir, 'cmp');
    const code = await main(['compare', tiny, '--schedulers', 'fifo,fair', '--replications', '3', '--out', target]);
    expect(code).toBe(0);
    expect(cli.out).toMatch(/seeds 1–3/);
    expect(cli.out.split('\n')[2]).toMatch(/^metric\s+.*fifo\s+fair$/);
    expect(cli.out).toMatch(/±/);
    const html = readFileSync(join(target, 'report.html'), 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="http/);
    const summary = JSON.parse(readFileSync(join(target, 'summary.json'), 'utf8'));
    expect(summary.schedulers.map((s: { scheduler: string }) => s.scheduler)).toEqual(['fifo', 'fair']);
    expect(summary.schedulers[0].replications).toHaveLength(3);
  });
});

describe('mrsched import', () => {
  const swim50 = TRACES.swimFirst50;

  it('writes a scenario with the assumptions as comments, which simulate then runs', async () => {
    const target = join(cli.dir, 'fb50.yaml');
    expect(await main(['import', 'swim', swim50, '--out', target, '--option', 'nodes=100'])).toBe(0);
    const text = readFileSync(target, 'utf8');
    expect(text).toMatch(/^# Imported from .*first50jobs\.tsv by mrsched import swim\.\n/);
    expect(text).toMatch(/^# - sizes: input, shuffle and output × 100\/600/m);
    expect(cli.err).toMatch(/imported 50 jobs \(\d+ maps, \d+ reduces\) on 100 nodes/);
    cli.clearOutput();
    expect(await main(['simulate', target, '-s', 'fifo', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).metrics.jobsSucceeded).toBe(50);
  });

  it('prints the scenario on stdout without --out, and JSON for a .json file', async () => {
    expect(await main(['import', 'rumen', TRACES.rumenWordcount])).toBe(0);
    expect(cli.out).toMatch(/^# Imported from/);
    const target = join(cli.dir, 'sls.json');
    const topology = `--option=topology=${TRACES.slsTopology}`;
    expect(await main(['import', 'sls', TRACES.slsJobs, topology, '--out', target])).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8')).jobs).toHaveLength(2);
  });

  it('refuses an unknown format, an unknown option and a bad value, exiting 2', async () => {
    expect(await main(['import', 'csv', swim50])).toBe(2);
    expect(await main(['import', 'swim', swim50, '--option', 'nodez=3'])).toBe(2);
    expect(cli.err).toMatch(/swim import options: nodez: expected one of nodes, .*found 'nodez'/);
    expect(await main(['import', 'swim', swim50, '--option', 'nodes=-3'])).toBe(2);
    expect(cli.err).toMatch(/nodes: expected an integer ≥ 1, found -3/);
  });

  it('stops at a malformed line, naming it, or skips it with --skip-invalid', async () => {
    const bad = cli.file('bad.tsv', 'job0\t1\t1\t100\t0\t10\njob1\t2\t1\tlots\t0\t10\n');
    expect(await main(['import', 'swim', bad])).toBe(2);
    expect(cli.err).toMatch(/bad\.tsv:2:\d+: column 4 \(map input bytes\)/);
    cli.clearOutput();
    expect(await main(['import', 'swim', bad, '--skip-invalid', '--out', join(cli.dir, 'ok.yaml')])).toBe(0);
    expect(cli.err).toMatch(/skipped 1 malformed record\(s\):\n {2}.*bad\.tsv:2/);
    expect(readFileSync(join(cli.dir, 'ok.yaml'), 'utf8')).toMatch(/# Skipped 1 record\(s\):/);
  });
});

describe('mrsched generate', () => {
  it('writes a DMRS workload that simulate then runs, with its assumptions as comments', async () => {
    const target = join(cli.dir, 'e4.yaml');
    expect(await main(['generate', 'dmrs', '--experiment', 'E4', '--elephants', '9', '--out', target])).toBe(0);
    expect(readFileSync(target, 'utf8')).toMatch(/^# Generated by mrsched generate dmrs\.\n#\n# Assumptions:\n# - Benchmark terasort/);
    expect(cli.err).toMatch(/generated 18 jobs \(360 maps, 72 reduces\) on 8 nodes/);
    expect(await main(['simulate', target, '-s', 'fifo', '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).metrics.jobsSucceeded).toBe(18);
  });

  it('prints a Loadgen workload on stdout, and refuses bad options naming each, exiting 2', async () => {
    expect(await main(['generate', 'loadgen', '--jobs', '8', '--workload', 'io'])).toBe(0);
    expect(cli.out).toMatch(/^name: loadgen-io-smaller$/m);
    expect(await main(['generate', 'loadgen', '--jobs', '0', '--users', 'everyone', '--out', join(cli.dir, 'never.yaml')])).toBe(2);
    expect(cli.err).toMatch(/generate loadgen: --jobs: expected a whole number from 1 to 1000000, found '0'/);
    expect(cli.err).toMatch(/--users: expected 'exp1' or a whole number from 1 to 10000, found 'everyone'/);
    expect(existsSync(join(cli.dir, 'never.yaml'))).toBe(false);
  });
});

describe('mrsched validate and schedulers', () => {
  it('accepts a valid file and describes it', async () => {
    expect(await main(['validate', tiny])).toBe(0);
    expect(cli.out).toMatch(/valid — 3 nodes in 1 rack, 3 jobs \(7 maps, 3 reduces\)/);
  });

  it('lists every scheduler, a line each', async () => {
    expect(await main(['schedulers'])).toBe(0);
    for (const name of ['fifo', 'fair', 'capacity']) expect(cli.out).toMatch(new RegExp(`^${name}\\s`, 'm'));
  });
});

describe('user mistakes exit 2 with a message and no stack trace', () => {
  const mistakes: Array<[string, () => string[], RegExp]> = [
    ['a missing scenario file', () => ['simulate', join(cli.dir, 'none.yaml'), '-s', 'fifo'], /none\.yaml.*no such file/],
    ['an unknown scheduler', () => ['simulate', tiny, '-s', 'lottery'], /expected a scheduler name.*found 'lottery'/],
    ['an unknown scheduler in a list', () => ['compare', tiny, '--schedulers', 'fifo,nope'], /found 'nope'/],
    ['a seed that is not a number', () => ['simulate', tiny, '-s', 'fifo', '--seed', 'x'], /--seed.*whole number/],
    ['zero replications', () => ['compare', tiny, '--replications', '0'], /replications.*from 1/],
    ['a format that does not exist', () => ['simulate', tiny, '-s', 'fifo', '--format', 'xml'], /format.*xml/i],
    ['an unknown command', () => ['simulat'], /unknown command/],
    [
      'an unknown field in the scenario, with its line',
      () => ['validate', cli.file('typo.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1, sumbit: 3 }\n')],
      /typo\.yaml:4:.*jobs\[0\]\.sumbit/,
    ],
    [
      'a job in a pool that does not exist',
      () => ['validate', cli.file('pool.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1, pool: ghost }\n')],
      /jobs\[0\]\.pool.*ghost/,
    ],
    [
      'bad scheduler options',
      () => ['validate', cli.file('opts.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  fair: { nodeLocalityDelay: -1 }\n')],
      /schedulerOptions\.fair\.nodeLocalityDelay/,
    ],
    [
      'bad options of the adaptive scheduler, in a run',
      () => ['simulate', cli.file('adaptive.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  adaptive: { tolerance: 0, arrivalWindow: never }\n'), '-s', 'adaptive'],
      /schedulerOptions\.adaptive\.tolerance: expected a fraction > 0.*\n.*schedulerOptions\.adaptive\.arrivalWindow: expected 'all'/,
    ],
    ['an empty file', () => ['validate', cli.file('empty.yaml', '')], /empty\.yaml/],
    ['not YAML at all', () => ['validate', cli.file('junk.yaml', '{{{ ::: ]]]\n')], /junk\.yaml:1/],
  ];

  it.each(mistakes)('%s', async (_name, args, message) => {
    const code = await main(args());
    expect(code).toBe(2);
    expect(cli.err).toMatch(message);
    expect(cli.err).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
  });

  it('writes nothing into --out when the run cannot start', async () => {
    const target = join(cli.dir, 'never');
    await main(['simulate', join(cli.dir, 'none.yaml'), '-s', 'fifo', '--out', target]);
    expect(existsSync(target)).toBe(false);
  });
});
