import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import YAML from 'yaml';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { withoutCommandLine } from '../test-support/provenance.js';
import { TRACES } from '../test-support/traces.js';
import { main } from './program.js';

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const tiny = join(examples, 'tiny.yaml');

const cli = cliSession();

describe('mrsched simulate', () => {
  it('prints the metric table and writes the four run files with their headers, and the report', async () => {
    const target = join(cli.dir, 'run');
    expect(await main(['simulate', tiny, '--scheduler', 'fifo', '--out', target])).toBe(0);
    expect(cli.out).toMatch(/Makespan\s+45\.4 s/);
    expect(readdirSync(target).sort()).toEqual(['jobs.csv', 'nodes.csv', 'report.html', 'summary.json', 'tasks.csv']);
    const read = (file: string) => readFileSync(join(target, file), 'utf8');
    expect(read('tasks.csv').split('\n')[0]).toBe('scheduler,seed,job_id,task_id,kind,attempt,node,start,end,status,locality');
    expect(read('jobs.csv').split('\n')[0]).toBe('scheduler,seed,job_id,user,pool,weight,submit,first_start,wait,maps_done,end,status');
    expect(read('nodes.csv')).toBe(
      'node,rack,map_slots,reduce_slots,speed\nnode1,rack1,2,1,1\nnode2,rack1,2,1,1\nnode3,rack1,2,1,2\n',
    );
    // 3 + 2 + 2 maps and 1 + 2 reduces, each run once: 10 attempt rows.
    expect(read('tasks.csv').trim().split('\n')).toHaveLength(11);
    const summary = JSON.parse(read('summary.json'));
    expect(summary).toMatchObject({ scenario: 'tiny', scheduler: 'fifo', seed: 1, stalled: false });
    expect(summary.metrics.jobsSucceeded).toBe(3);
    // How the files were made: version, command line, scenario and its hash, options, seed.
    expect(summary.provenance).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), command: `mrsched simulate ${tiny} --scheduler fifo --out ${target}`, schedulerOptions: {}, seeds: [1] });
    // The scenario as seen from where the command ran; the commit of this checkout.
    expect(summary.provenance.scenario).toEqual({ path: relative(process.cwd(), tiny), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(summary.provenance.commit).toMatch(/^[0-9a-f]{40}( \(with uncommitted changes\))?$/);
    expect(read('report.html')).toContain('<dt>command</dt>');
  });

  it('writes byte-identical files for the same seed, and different ones for another seed', async () => {
    const run = async (name: string, seed: string) => {
      await main(['simulate', '--scheduler', 'fair', '--seed', seed, '--out', join(cli.dir, name)]);
      return ['tasks.csv', 'jobs.csv', 'summary.json'].map((f) => withoutCommandLine(readFileSync(join(cli.dir, name, f), 'utf8')));
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
    // Two nodes; node n2 runs map 1 and fails at 5 s, before the 30 s maps end; the failure is noticed 10 s later
    // (trackerExpiry), when its attempt fails and runs again on n1 (n2 is still down).
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
  trackerExpiry: 10 s
  failures: [{ node: n2, at: 5 s, recoverAt: 100 s }]
`,
    );
    expect(await main(['simulate', path, '-s', 'fifo', '--out', join(cli.dir, 'f')])).toBe(0);
    const rows = readFileSync(join(cli.dir, 'f', 'tasks.csv'), 'utf8').trim().split('\n').slice(1);
    const failed = rows.filter((row) => row.includes(',n2,') && row.endsWith(',failed,none'));
    expect(failed).toHaveLength(1);
    const task = failed[0].split(',')[3];
    const rerun = rows.filter((row) => row.split(',')[3] === task && row.split(',')[5] === '1');
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

describe('--quiet', () => {
  it('says nothing on stderr, given after the command or before its arguments, and the results are the same', async () => {
    expect(await main(['simulate', tiny, '--scheduler', 'uaas', '--format', 'json'])).toBe(0);
    const loud = cli.out;
    expect(cli.err).toContain('note: uaas plans one batch');
    for (const args of [
      ['simulate', tiny, '--scheduler', 'uaas', '--format', 'json', '--quiet'],
      ['simulate', '-q', tiny, '--scheduler', 'uaas', '--format', 'json'],
    ]) {
      cli.clearOutput();
      expect(await main(args)).toBe(0);
      expect(cli.err).toBe('');
      expect(withoutCommandLine(cli.out)).toBe(withoutCommandLine(loud));
    }
    cli.clearOutput();
    expect(await main(['import', 'swim', TRACES.swimFirst50, '--quiet'])).toBe(0);
    expect(cli.err).toBe('');
    expect(cli.out).toContain('jobs:');
    // Not carried over to the next command.
    cli.clearOutput();
    expect(await main(['import', 'swim', TRACES.swimFirst50])).toBe(0);
    expect(cli.err).toMatch(/^imported 50 jobs/);
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
    expect(summary.provenance).toMatchObject({ seeds: [1, 2, 3], command: expect.stringContaining('mrsched compare') });
    // Every run's own files, by scheduler and seed.
    expect(readdirSync(join(target, 'runs')).sort()).toEqual(['fair-1', 'fair-2', 'fair-3', 'fifo-1', 'fifo-2', 'fifo-3']);
    expect(readdirSync(join(target, 'runs', 'fair-2')).sort()).toEqual(['jobs.csv', 'nodes.csv', 'summary.json', 'tasks.csv']);
    const run = JSON.parse(readFileSync(join(target, 'runs', 'fair-2', 'summary.json'), 'utf8'));
    expect(run).toMatchObject({ scheduler: 'fair', seed: 2, provenance: { seeds: [1, 2, 3] } });
    expect(run.metrics).toEqual(summary.schedulers[1].replications[1]);
    // Each row says its run, so the runs' tables concatenate into one.
    for (const file of ['tasks.csv', 'jobs.csv']) {
      const rows = readFileSync(join(target, 'runs', 'fair-2', file), 'utf8').trim().split('\n').slice(1);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatch(/^fair,2,/);
    }
  });

  it('measures the others against the baseline asked for', async () => {
    const target = join(cli.dir, 'vs');
    expect(await main(['compare', tiny, '--schedulers', 'fifo,fair,capacity', '--baseline', 'capacity', '--out', target])).toBe(0);
    expect(readFileSync(join(target, 'report.html'), 'utf8')).toContain('<th scope="col">fifo − capacity</th>');
  });

  it('writes Batsim’s jobs.csv and schedule.csv for every run with --format batsim', async () => {
    const target = join(cli.dir, 'batsim');
    expect(await main(['compare', tiny, '--schedulers', 'fifo,fair', '--format', 'batsim', '--out', target])).toBe(0);
    const jobs = readFileSync(join(target, 'runs', 'fair-1', 'batsim', 'jobs.csv'), 'utf8').trim().split('\n');
    expect(jobs[0]).toBe(
      'job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata',
    );
    expect(jobs).toHaveLength(4); // tiny's three jobs
    const schedule = readFileSync(join(target, 'runs', 'fifo-1', 'batsim', 'schedule.csv'), 'utf8').split('\n');
    expect(schedule[0]).toContain('makespan,max_slowdown');
    expect(schedule[1]).toMatch(/^mrsched /);
  });
});

describe('mrsched import', () => {
  const swim50 = TRACES.swimFirst50;

  it('writes a scenario with the assumptions as its notes, which simulate then runs', async () => {
    const target = join(cli.dir, 'fb50.yaml');
    expect(await main(['import', 'swim', swim50, '--out', target, '--option', 'nodes=100'])).toBe(0);
    const text = readFileSync(target, 'utf8');
    expect(text).toMatch(/^# Imported from .*first50jobs\.tsv by mrsched import swim\.\n/);
    expect(text).toMatch(/^notes:\n(?: {2}- .*\n)* {2}- "?sizes: input, shuffle and output × 100\/600/m);
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

  it('keeps every assumption it counts as the notes field of JSON and YAML alike', async () => {
    for (const file of ['wordcount.json', 'wordcount.yaml']) {
      const target = join(cli.dir, file);
      cli.clearOutput();
      expect(await main(['import', 'rumen', TRACES.rumenWordcount, '--out', target])).toBe(0);
      const counted = Number(/; (\d+) assumptions noted in the file/.exec(cli.err)?.[1]);
      const written = YAML.parse(readFileSync(target, 'utf8')) as { notes: string[] };
      expect(written.notes).toHaveLength(counted);
      expect(written.notes).toContain('job overheads job_201009241532_0001: startup 6.218 s, commit 5.078 s (setup task 3.057 s, cleanup task 3.006 s)');
      expect(await main(['validate', target])).toBe(0);
    }
  });

  it('refuses an unknown format, an unknown option and a bad value, exiting 2', async () => {
    expect(await main(['import', 'csv', swim50])).toBe(2);
    expect(await main(['import', 'swim', swim50, '--option', 'nodez=3'])).toBe(2);
    expect(cli.err).toMatch(/swim import options: nodez: expected one of nodes, .*found 'nodez'/);
    expect(await main(['import', 'swim', swim50, '--option', 'nodes=-3'])).toBe(2);
    expect(cli.err).toMatch(/nodes: expected an integer ≥ 1, found -3/);
  });

  it('refuses /dev/zero at its first byte, with or without --skip-invalid, instead of reading it to the file limit', { timeout: 20_000 }, async () => {
    const commands = [
      ['import', 'rumen', '/dev/zero'],
      ['import', 'rumen', '/dev/zero', '--skip-invalid'],
      ['import', 'sls', '/dev/zero', `--option=topology=${TRACES.slsTopology}`],
      ['replay-check', '/dev/zero'],
    ];
    for (const command of commands) {
      cli.clearOutput();
      expect(await main(command)).toBe(2);
      expect(cli.err).toMatch(/^mrsched: \/dev\/zero: 1 problem\n {2}\/dev\/zero:1:1: expected JSON values one after another, .*found U\+0000 \(a control character\)\n$/);
    }
  });

  it('stops at a malformed line, naming it, or skips it with --skip-invalid', async () => {
    const bad = cli.file('bad.tsv', 'job0\t1\t1\t100\t0\t10\njob1\t2\t1\tlots\t0\t10\n');
    expect(await main(['import', 'swim', bad])).toBe(2);
    expect(cli.err).toMatch(/bad\.tsv:2:\d+: column 4 \(map input bytes\)/);
    cli.clearOutput();
    expect(await main(['import', 'swim', bad, '--skip-invalid', '--out', join(cli.dir, 'ok.yaml')])).toBe(0);
    expect(cli.err).toMatch(/skipped 1 malformed record\(s\):\n {2}.*bad\.tsv:2/);
    expect(readFileSync(join(cli.dir, 'ok.yaml'), 'utf8')).toMatch(/^notes:\n(?: {2}- .*\n)* {2}- "?skipped .*bad\.tsv:2/m);
  });
});

describe('mrsched generate', () => {
  it('writes a DMRS workload that simulate then runs, with its assumptions as its notes', async () => {
    const target = join(cli.dir, 'e4.yaml');
    expect(await main(['generate', 'dmrs', '--experiment', 'E4', '--elephants', '9', '--out', target])).toBe(0);
    expect(readFileSync(target, 'utf8')).toMatch(/^# Generated by mrsched generate dmrs\.\nname: .*\n(?:description: .*\n)?notes:\n {2}- "?Benchmark terasort/);
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

describe('rough edges a new user meets', () => {
  it('prints the version with --version', async () => {
    expect(await main(['--version'])).toBe(0);
    expect(cli.out.trim()).toBe(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version);
  });

  it('runs Hadoop’s default scheduler, fifo, when simulate is given none', async () => {
    expect(await main(['simulate', tiny, '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).scheduler).toBe('fifo');
  });

  it('takes options for placements by their names and the reserved placement key', async () => {
    const path = cli.file(
      'placement-options.yaml',
      'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 2, mapTime: 1 }\nschedulerOptions:\n  placement: { map: delay }\n  delay: { nodeLocalityDelay: 2 }\n  flow: {}\n  hadoop: {}\n',
    );
    expect(await main(['simulate', path, '--format', 'json'])).toBe(0);
    expect(JSON.parse(cli.out).scheduler).toBe('fifo+delay');
  });

  it('says so when every job belongs to one user in one pool: sharing schedulers have nothing to share', async () => {
    const path = cli.file('one-user.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 2, mapTime: 1 }\n  - { id: b, maps: 2, mapTime: 1, submit: 1 }\n');
    expect(await main(['compare', path, '--schedulers', 'fifo,capacity', '--format', 'json'])).toBe(0);
    expect(cli.err).toMatch(/note: every job of .* belongs to one user in one pool: .*run as fifo does, and fairness is 0/);
  });
});

describe('--explain', () => {
  it('writes the decision log, a line per launch with the scheduler’s reasons, and puts it in the report', async () => {
    const target = join(cli.dir, 'why');
    expect(await main(['simulate', tiny, '--scheduler', 'fair', '--explain', '--out', target])).toBe(0);
    const lines = readFileSync(join(target, 'decisions.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const attempts = readFileSync(join(target, 'tasks.csv'), 'utf8').trim().split('\n').slice(1);
    expect(lines).toHaveLength(attempts.length);
    expect(lines[0]).toMatchObject({ launch: 0, scheduler: 'fair', order: expect.stringMatching(/^pool /), placement: expect.stringMatching(/^delay scheduling/) });
    expect(readFileSync(join(target, 'report.html'), 'utf8')).toContain('id="report-decisions-0"');
  });
});

describe('mrsched validate and schedulers', () => {
  it('accepts a valid file and describes it', async () => {
    expect(await main(['validate', tiny])).toBe(0);
    expect(cli.out).toMatch(/valid — 3 nodes in 1 rack, 3 jobs \(7 maps, 3 reduces\)/);
  });

  it.each([
    ['makespan', 'makespan/tian-five-jobs.yaml', 'a makespan problem, as mrsched plan makespan reads it'],
    ['dmrs', 'dmrs/worked-example.yaml', 'a DMRS instance, as mrsched plan dmrs reads it'],
    ['classes', 'classes/rasooli-down-2x2.yaml', 'a class problem, as mrsched plan classes reads it'],
    ['reduce-thresholds', 'reduce-placement/remark-2.json', 'a reduce thresholds instance'],
    ['tree', 'reduce-placement/fig1-tree.json', 'a network tree, as mrsched topology reads it'],
  ])('validates a planner’s %s file with --kind', async (kind, file, said) => {
    expect(await main(['validate', '--kind', kind, join(examples, file)])).toBe(0);
    expect(cli.out).toContain(`valid — ${said}`);
  });

  it.each([
    ['makespan/tian-five-jobs.yaml', 'a makespan problem (found from what it holds), as mrsched plan makespan reads it'],
    ['dmrs/worked-example.yaml', 'a DMRS instance (found from what it holds)'],
    ['reduce-placement/fig1-tree.json', 'a network tree (found from what it holds)'],
    ['sweeps/slowstart.yaml', 'a sweep spec (found from what it holds), as mrsched sweep reads it'],
  ])('recognises a planner’s file or a sweep spec without --kind: %s', async (file, said) => {
    expect(await main(['validate', join(examples, file)])).toBe(0);
    expect(cli.out).toContain(`valid — ${said}`);
  });

  it('reports a mistake in a planner’s file found without --kind as that kind’s, saying which', async () => {
    const makespan = readFileSync(join(examples, 'makespan/tian-five-jobs.yaml'), 'utf8').replace('mapSlots: 30', 'mapSlots: -3');
    expect(await main(['validate', cli.file('broken-makespan.yaml', makespan)])).toBe(2);
    expect(cli.err).toContain('reads best as a makespan problem');
    expect(cli.err).toContain('cluster.mapSlots: expected a number ≥ 1, found -3');
  });

  it('lays out a sweep spec’s cells to check its schedulers and scenarios, but loads no scheduler module it names', async () => {
    const spec = (schedulers: string) => `name: check\nscenarios: [${tiny}]\nschedulers: [${schedulers}]\n`;
    expect(await main(['validate', cli.file('sweep.yaml', spec('fifo, fiffo'))])).toBe(2);
    expect(cli.err).toContain("schedulers[1]: expected a scheduler name (one of fifo, fair, capacity, flow, uaas, mkjr, adaptive, dmrs, dmrs-identical, dmrs-map-only), found 'fiffo' (did you mean 'fifo'?)");
    const module = cli.file('module.mjs', "throw new Error('loaded');\n");
    expect(await main(['validate', cli.file('with-module.yaml', spec('fifo, mine') + `schedulerModules: [${module}]\n`)])).toBe(0);
    expect(cli.out).toContain('valid — a sweep spec (found from what it holds), as mrsched sweep reads it (its scheduler modules not loaded, so its scenarios and schedulers not checked)');
  });

  it('reports a mistake in a scenario as a scenario’s', async () => {
    const scenario = readFileSync(tiny, 'utf8').replace(/^jobs:/m, 'jobz:');
    expect(await main(['validate', cli.file('broken-scenario.yaml', scenario)])).toBe(2);
    expect(cli.err).not.toContain('reads best');
    expect(cli.err).toContain("did you mean 'jobs'?");
  });

  it('validates a task assignment instance with --kind assign, and names the field of a mistake in one', async () => {
    const instance = join(cli.dir, 'hta.json');
    expect(await main(['generate', 'hta', 'theorem-4-1', '--servers', '3', '--out', instance])).toBe(0);
    expect(await main(['validate', '--kind', 'assign', instance])).toBe(0);
    expect(cli.out).toContain('valid — a task assignment instance, as mrsched plan assign reads it');
    expect(await main(['validate', '--kind', 'makespan', tiny])).toBe(2);
    expect(cli.err).toContain(tiny);
  });

  it('says "1 job" and "1 node", not "1 jobs"', async () => {
    const one = cli.file('one.yaml', 'cluster: { racks: [{ id: r1, nodes: 1 }] }\njobs: [{ id: a, maps: 1, mapTime: 1, reduces: 1, reduceTime: 1 }]\n');
    expect(await main(['validate', one])).toBe(0);
    expect(cli.out).toMatch(/valid — 1 node in 1 rack, 1 job \(1 map, 1 reduce\)/);
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
    ['a mistyped scheduler, with the name it likely meant', () => ['simulate', tiny, '-s', 'fiar'], /found 'fiar' \(did you mean 'fair'\?\)/],
    ['a mistyped placement, with the name it likely meant', () => ['simulate', tiny, '-s', 'fifo+dealy'], /'dealy' in 'fifo\+dealy' \(did you mean 'delay'\?\)/],
    [
      'options for a scheduler that does not exist (a typo), with the name it likely meant',
      () => ['simulate', cli.file('fiar.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  fiar: { nodeLocalityDelay: 3 }\n')],
      /schedulerOptions\.fiar.*found 'fiar' \(did you mean 'fair'\?\)/,
    ],
    [
      'options for a scheduler that does not exist, found by validate too',
      () => ['validate', cli.file('fiar2.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  lottery: {}\n')],
      /schedulerOptions\.lottery/,
    ],
    ['a baseline that is not compared', () => ['compare', tiny, '--schedulers', 'fifo,fair', '--baseline', 'capacity'], /--baseline capacity: not among the compared schedulers \(fifo, fair\)/],
    ['batsim files without --out', () => ['simulate', tiny, '--format', 'batsim'], /--format batsim writes files: give --out DIR/],
    ['a decision log without --out', () => ['compare', tiny, '--explain'], /--explain writes the decision logs: give --out DIR/],
    ['an unknown scheduler in a list', () => ['compare', tiny, '--schedulers', 'fifo,nope'], /found 'nope'/],
    ['a seed that is not a number', () => ['simulate', tiny, '-s', 'fifo', '--seed', 'x'], /--seed.*whole number/],
    ['zero replications', () => ['compare', tiny, '--replications', '0'], /replications.*from 1/],
    ['an option without its value, with the prefix of every other error', () => ['compare', tiny, '--replications'], /^mrsched: option '-r, --replications <n>' argument missing\n$/],
    ['an unknown option, with the prefix of every other error', () => ['compare', '--bogus'], /^mrsched: unknown option '--bogus'\n$/],
    ['an empty name among the schedulers', () => ['compare', tiny, '--schedulers', 'fifo,,fair'], /^mrsched: option .*--schedulers.* argument 'fifo,,fair' is invalid\. expected items separated by single commas, found item 2 of 3 empty/],
    [
      'an import option that makes the trace too many tasks, blamed on the option, not on the first job',
      () => ['import', 'swim', TRACES.swimFirst50, '--option', 'blockSize=1'],
      /^mrsched: SWIM import options: 1 problem\n {2}SWIM import options: blockSize: expected a size that makes at most 20,000,000 tasks in the scenario .*found 1 B, which makes 19,251,626,373 maps and 48 reduces of the trace's 50 jobs\n$/,
    ],
    ['an empty list of schedulers', () => ['compare', tiny, '--schedulers', ''], /--schedulers: expected at least one scheduler name, found none/],
    ['a scheduler named twice', () => ['compare', tiny, '--schedulers', 'fifo, fair,fifo'], /--schedulers: expected each scheduler once .*found 'fifo' twice/],
    [
      'replications whose seeds pass the largest seed, blamed on the options rather than the scenario file',
      () => ['compare', tiny, '--schedulers', 'fifo', '--seed', '2147483647', '--replications', '2'],
      /^mrsched: --replications 2 from --seed 2147483647 needs seeds up to 2147483648, past the largest seed \(2147483647\)/,
    ],
    ['a format that does not exist', () => ['simulate', tiny, '-s', 'fifo', '--format', 'xml'], /format.*xml/i],
    ['an unknown command', () => ['simulat'], /unknown command/],
    [
      'an unknown option a megabyte long, quoted cut and with its escape sequence shown, not played',
      () => ['validate', `--\u001b[2J${'x'.repeat(2 ** 20)}`],
      /^mrsched: unknown option '--\\u001b\[2Jx+… \(1,048,\d{3} characters in all\)\n$/,
    ],
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
      'bad scheduler options, at their line in the file',
      () => ['validate', cli.file('opts.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  fair: { nodeLocalityDelay: -1 }\n')],
      /opts\.yaml:6:30: schedulerOptions\.fair\.nodeLocalityDelay/,
    ],
    [
      'bad options of the adaptive scheduler, in a run, at their lines in the file',
      () => ['simulate', cli.file('adaptive.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  adaptive: { tolerance: 0, arrivalWindow: never }\n'), '-s', 'adaptive'],
      /adaptive\.yaml:6:\d+: schedulerOptions\.adaptive\.tolerance: expected a fraction > 0.*\n.*adaptive\.yaml:6:\d+: schedulerOptions\.adaptive\.arrivalWindow: expected 'all'/,
    ],
    [
      'bad options of a reduce placement given on the command line, in a comparison, at their line in the file',
      () => ['compare', cli.file('greedy.yaml', 'cluster:\n  racks: [{ id: r1, nodes: 2 }]\njobs:\n  - { id: a, maps: 1, mapTime: 1 }\nschedulerOptions:\n  greedy:\n    maxDelay: 1e400 s\n'), '--schedulers', 'fifo', '--reduce-placement', 'greedy'],
      /^mrsched: .*greedy\.yaml: 1 problem\n {2}.*greedy\.yaml:7:15: schedulerOptions\.greedy\.maxDelay: expected a duration ≥ 0 .*found Infinity/,
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

  it.each([
    ['simulate', ['simulate', tiny, '-s', 'fifo']],
    ['compare', ['compare', tiny, '--schedulers', 'fifo,fair']],
  ])('%s finds an --out it cannot write before it runs anything', async (_name, args) => {
    // A folder below a file can never be made.
    const blocked = join(cli.file('a-file', 'x'), 'out');
    expect(await main([...args, '--explain', '--out', blocked])).toBe(2);
    // The check's message before the run, not the one writing the files after it would give ('cannot write the output files').
    expect(cli.err).toContain(`--out ${blocked}: cannot be read (ENOTDIR`);
    expect(cli.out).toBe('');
  });

  it.each([
    ['plan makespan --gantt', () => ['plan', 'makespan', join(examples, 'makespan', 'tian-five-jobs.yaml'), '--algorithm', 'uaas', '--gantt', cli.dir], '--gantt'],
    ['import --out', () => ['import', 'swim', TRACES.swimFirst50, '--out', cli.dir], '--out'],
  ])('%s naming a folder is an error before any work', async (_name, args, option) => {
    expect(await main(args())).toBe(2);
    expect(cli.err).toContain(`${option} ${cli.dir}: is a directory, not a file`);
    expect(cli.out).toBe('');
  });

  it('writes nothing into --out when the run cannot start', async () => {
    const target = join(cli.dir, 'never');
    await main(['simulate', join(cli.dir, 'none.yaml'), '-s', 'fifo', '--out', target]);
    expect(existsSync(target)).toBe(false);
  });
});
