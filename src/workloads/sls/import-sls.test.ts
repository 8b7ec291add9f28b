import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { KIND_MAP } from '../../model/run-record.js';
import { parseScenarioText } from '../../input/load-scenario.js';
import { createScheduler, fairScheduler, fifoScheduler } from '../../sched/index.js';
import { simulate } from '../../sim/simulate.js';
import { placeOf } from '../../test-support/text-place.js';
import { readJsonSequence } from '../json-sequence.js';
import { importSls } from './import-sls.js';
import { inputErrorFrom } from '../../test-support/input-error.js';
import { TRACES } from '../../test-support/traces.js';

// The real SLS sample (Apache Hadoop test data): two MapReduce jobs of maps only, and a topology of 4 nodes.
const TRACE = TRACES.slsJobs;
const TOPOLOGY = TRACES.slsTopology;

type Raw = Record<string, unknown>;

async function realJobs(): Promise<Raw[]> {
  const jobs: Raw[] = [];
  for await (const { value } of readJsonSequence(TRACE)) jobs.push(value as Raw);
  return jobs;
}

function tempFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'sls-')), name);
  writeFileSync(path, text);
  return path;
}

/** Write jobs as SLS does: JSON objects one after another. */
function traceFile(jobs: readonly unknown[], name = 'trace.json'): string {
  return tempFile(name, jobs.map((job) => JSON.stringify(job, null, 2)).join('\n') + '\n');
}

function tasksOf(job: Raw): Raw[] {
  return job['job.tasks'] as Raw[];
}

/** Where the value of `"key": value` stands in the file at `path`. */
function valuePlace(path: string, key: string, value: string | number): { line: number; column: number } {
  const { line, column } = placeOf(readFileSync(path, 'utf8'), `"${key}": ${JSON.stringify(value)}`);
  return { line, column: column + `"${key}": `.length };
}

async function problemsOf(promise: Promise<unknown>) {
  return (await inputErrorFrom(promise)).problems;
}

describe('importSls on the real SLS sample', () => {
  it('imports both jobs: maps with work = (container.end.ms − container.start.ms) / 1000 s, submit from job.start.ms, pool = queue', async () => {
    const { scenario, skipped } = await importSls(TRACE);
    expect(skipped).toEqual([]);
    expect(scenario.jobs).toEqual([
      {
        id: 'job_1',
        user: 'default',
        pool: 'sls_queue_1',
        submit: 0, // job.start.ms 0 is the earliest
        setup: 6.664, // first container.start.ms 6664 − job.start.ms 0
        commit: 8.762, // job.end.ms 95375 − last container.end.ms 86613
        weight: 1,
        priority: 'NORMAL',
        // 23707 − 6664 = 17043 ms; 21593 − 6665 = 14928 ms; 86613 − 68770 = 17843 ms
        mapTasks: [{ work: 17.043 }, { work: 14.928 }, { work: 17.843 }],
      },
      {
        id: 'job_2',
        user: 'default',
        pool: 'sls_queue_2',
        submit: 105.204, // (105204 − 0) / 1000
        setup: 6.584, // first container.start.ms 111788 (the second task's) − 105204
        commit: 63.271, // 197256 − 133985
        weight: 1,
        priority: 'NORMAL',
        // 133985 − 111822 = 22163 ms; 131377 − 111788 = 19589 ms
        mapTasks: [{ work: 22.163 }, { work: 19.589 }],
      },
    ]);
  });

  it('counts 3 maps and 0 reduces in job_1, 2 maps and 0 reduces in job_2', async () => {
    const { scenario } = await importSls(TRACE);
    const counts = (scenario.jobs ?? []).map((job) => [job.id, job.mapTasks?.length ?? 0, job.reduceTasks?.length ?? 0]);
    expect(counts).toEqual([
      ['job_1', 3, 0],
      ['job_2', 2, 0],
    ]);
  });

  it('lists each queue as a pool with default settings', async () => {
    const { scenario } = await importSls(TRACE);
    expect(scenario.pools).toEqual([{ id: 'sls_queue_1' }, { id: 'sls_queue_2' }]);
  });

  it("sets SLS's heartbeat (1 s) and reduces after all maps (slowStart 1)", async () => {
    const { scenario } = await importSls(TRACE);
    expect(scenario.settings).toEqual({ heartbeatInterval: 1, slowStart: 1 });
  });

  it('with the topology: rack1 and its 4 nodes, containers = min(⌊memory-mb / 1024⌋, ⌊vcores / 1⌋), missing resources from the NodeManager defaults', async () => {
    const { scenario } = await importSls(TRACE, { topology: TOPOLOGY });
    expect(scenario.cluster).toEqual({
      racks: [
        {
          id: 'rack1',
          nodes: [
            { id: 'node1', containers: 2 }, // 2048 MB, 6 vcores: min(2048/1024, 6/1) = min(2, 6) = 2
            { id: 'node2', containers: 10 }, // nothing given: 10240 MB, 10 vcores: min(10, 10) = 10
            { id: 'node3', containers: 10 }, // labels only: as node2
            { id: 'node4', containers: 6 }, // 6144 MB, 12 vcores: min(6, 12) = 6
          ],
        },
      ],
    });
  });

  it('without a topology: the cluster is the task hosts, in their rack, in the order first met, 10 containers each', async () => {
    const { scenario } = await importSls(TRACE);
    // Hosts in trace order: /default-rack/node1, node3, node2 (job_1), then node1, node2 again (job_2).
    // 10 containers = min(10240 MB / 1024, 10 vcores / 1), SLS's default NodeManager.
    expect(scenario.cluster).toEqual({
      racks: [
        {
          id: 'default-rack',
          nodes: [
            { id: 'node1', containers: 10 },
            { id: 'node3', containers: 10 },
            { id: 'node2', containers: 10 },
          ],
        },
      ],
    });
  });

  it('the containers option sets the containers of nodes without resources', async () => {
    const hosts = await importSls(TRACE, { containers: 4 });
    expect(hosts.scenario.cluster.racks?.[0].nodes).toEqual([
      { id: 'node1', containers: 4 },
      { id: 'node3', containers: 4 },
      { id: 'node2', containers: 4 },
    ]);
    const topo = await importSls(TRACE, { topology: TOPOLOGY, containers: 4 });
    // node1 and node4 give their resources; node2 and node3 give none.
    expect(topo.scenario.cluster.racks?.[0].nodes).toEqual([
      { id: 'node1', containers: 2 },
      { id: 'node2', containers: 4 },
      { id: 'node3', containers: 4 },
      { id: 'node4', containers: 6 },
    ]);
  });

  it('the notes say there is no data, how the cluster was made, and which fields went unused', async () => {
    const { notes } = await importSls(TRACE, { topology: TOPOLOGY });
    const all = notes.join('\n');
    expect(all).toMatch(/Locality and shuffle cannot be studied with an SLS trace/);
    expect(all).toMatch(/container\.host is where a task ran in the traced run, not where its data was/);
    expect(all).toMatch(/Cluster from the topology nodes-with-resources\.json: 4 nodes in 1 rack, unified YARN containers per node = min\(⌊memory-mb \/ 1024⌋, ⌊vcores \/ 1⌋\)/);
    expect(all).toMatch(/2 nodes give neither memory-mb nor vcores \(e\.g\. node2, node3\): 10 containers each/);
    expect(all).toMatch(/Node labels are not used: 2 nodes have labels \(e\.g\. node3, node4\)/);
    // The trace says /default-rack/…, the topology puts the same host names in rack1.
    expect(all).toMatch(/3 hosts of the trace are in another rack than in the topology \(e\.g\. \/default-rack\/node1 \(topology: rack1\/node1\)/);
    expect(all).toMatch(/Trace field container\.priority not used \(met 5 times/);
    expect(all).toMatch(/Trace field container\.execution\.type not used \(met 5 times/);
    expect(all).not.toMatch(/job\.end\.ms not used/);
    expect(all).toMatch(/Application masters are not modelled/);
    expect(notes).toContain(
      "Job setup and commit from the trace (overheads recorded): each job's setup = the first container.start.ms − job.start.ms, commit = job.end.ms − the last container.end.ms, in seconds; its tasks may start once its setup is over, and it ends its commit after its last task (taking no slot).",
    );
    // node1 ran [6664, 23707) and [111822, 133985), node2 [68770, 86613) and [111788, 131377), node3 one: never two at once.
    expect(all).toMatch(/The trace's 3 hosts with timed containers ran at most 1 container at once on one host/);
  });

  it('keeps the recorded times of each job and container, on the scenario clock, for replay checks', async () => {
    const { recorded } = await importSls(TRACE, { topology: TOPOLOGY });
    // job_2: start 105204 ms, end 197256 ms; its first container 111822 → 133985 ms.
    expect(recorded?.jobs[1]).toMatchObject({ id: 'job_2', submit: 105.204, end: 197.256, reduces: [] });
    expect(recorded?.jobs[1].maps[0]).toEqual({ start: 111.822, end: 133.985 });
  });

  it('counts the containers a host ran at once, a repeated task entry once per repetition', async () => {
    const trace = traceFile([{
      'job.id': 'p',
      'job.start.ms': 0,
      'job.tasks': [
        { 'container.host': '/r/h', 'container.start.ms': 0, 'container.end.ms': 10, count: 3 },
        { 'container.host': '/r/h', 'container.start.ms': 10, 'container.end.ms': 20 },
      ],
    }]);
    // Three copies of [0, 10) at once on h; [10, 20) starts as they end: peak 3.
    expect((await importSls(trace)).notes.join('\n')).toMatch(/ran at most 3 containers at once on one host/);
  });

  it('with resources: a YARN resource cluster of the nodes\' memory-mb and vcores, tasks in SLS\'s containers and an AM per job, and it runs under fair', async () => {
    const { scenario: file, notes } = await importSls(TRACE, { topology: TOPOLOGY, resources: true });
    expect(file.cluster.racks![0].nodes).toEqual([
      { id: 'node1', memory: '2048 MB', vcores: 6 },
      { id: 'node2', memory: '10240 MB', vcores: 10 }, // nothing given: SLS's NodeManager defaults
      { id: 'node3', memory: '10240 MB', vcores: 10 },
      { id: 'node4', memory: '6144 MB', vcores: 12 },
    ]);
    const task = { memory: '1024 MB', vcores: 1 };
    expect(file.settings!.yarn).toEqual({ amContainer: task, mapContainer: task, reduceContainer: task });
    expect(notes.join('\n')).toMatch(/A YARN resource cluster \(the resources option\)/);
    const scenario = parseScenarioText(YAML.stringify(file), 'inputsls.yaml');
    expect(scenario.cluster.nodes.map((n) => [n.slotModel, n.totalSlots])).toEqual([
      ['resources', 2],
      ['resources', 10],
      ['resources', 10],
      ['resources', 6],
    ]);
    const run = simulate(scenario, createScheduler(fairScheduler, scenario));
    expect(run.jobs.map((j) => j.status)).toEqual(['succeeded', 'succeeded']);
    expect(run.applicationMasters).toHaveLength(2);
  });

  it('refuses a resources option that is not true or false', async () => {
    const error = await inputErrorFrom(importSls(TRACE, { resources: 'yes' as unknown as boolean }));
    expect(error.problems.map((p) => [p.path, p.expected])).toEqual([['resources', 'true or false']]);
  });

  it('round-trips with the topology: the YAML resolves, and FIFO runs every task for exactly its recorded duration', async () => {
    const { scenario: file } = await importSls(TRACE, { topology: TOPOLOGY });
    const scenario = parseScenarioText(YAML.stringify(file), 'inputsls.yaml');
    expect(scenario.cluster.nodes.map((n) => [n.id, n.slotModel, n.totalSlots])).toEqual([
      ['node1', 'unified', 2],
      ['node2', 'unified', 10],
      ['node3', 'unified', 10],
      ['node4', 'unified', 6],
    ]);
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario));
    expect(run.stalled).toBe(false);
    expect(run.jobs.map((j) => [j.id, j.status])).toEqual([
      ['job_1', 'succeeded'],
      ['job_2', 'succeeded'],
    ]);
    // No input and speed 1: every attempt lasts its work. In launch order job_1's three maps, then job_2's two.
    const durations = Array.from({ length: run.attempts.count }, (_, i) => run.attempts.end[i] - run.attempts.start[i]);
    expect(durations.sort((a, b) => a - b).map((d) => Number(d.toFixed(9)))).toEqual([14.928, 17.043, 17.843, 19.589, 22.163]);
    // 28 containers for at most 3 maps at once, and every node heartbeats once a second (phase in [0, 1)),
    // so each map starts within 1 s of its job's setup ending, and the job ends its commit after its longest map:
    // job_1 in 6.664 + 17.843 + 8.762 + [0, 1) = [33.269, 34.269);
    // job_2 in 105.204 + 6.584 + 22.163 + 63.271 + [0, 1) = [197.222, 198.222).
    const [job1, job2] = run.jobs;
    expect(job1.end).toBeGreaterThanOrEqual(33.269 - 1e-9);
    expect(job1.end).toBeLessThan(34.269);
    expect(job2.end).toBeGreaterThanOrEqual(197.222 - 1e-9);
    expect(job2.end).toBeLessThan(198.222);
  });

  it('round-trips without a topology: the hosts cluster resolves and FIFO finishes every job', async () => {
    const { scenario: file } = await importSls(TRACE);
    const scenario = parseScenarioText(YAML.stringify(file), 'inputsls.yaml');
    expect(scenario.cluster.racks).toEqual(['default-rack']);
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario));
    expect(run.stalled).toBe(false);
    expect(run.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });
});

describe("importSls: each job's setup and commit from the trace (overheads)", () => {
  it('overheads none sets neither, and the notes say the settings apply', async () => {
    const { scenario, notes } = await importSls(TRACE, { overheads: 'none' });
    for (const job of scenario.jobs ?? []) {
      expect(job).not.toHaveProperty('setup');
      expect(job).not.toHaveProperty('commit');
    }
    expect(notes).toContain(
      'Job setup and commit not set (overheads none): every job takes settings.jobSetup and settings.jobCommit (0 unless the scenario sets them: then its tasks may start at its submission and it ends with its last task).',
    );
  });

  it('a job without job.end.ms gets no commit, one whose containers give only durations no setup, each named in a note', async () => {
    const jobs = await realJobs();
    delete jobs[0]['job.end.ms'];
    jobs[1]['job.tasks'] = tasksOf(jobs[1]).map((task) => ({ 'container.host': task['container.host'], 'container.duration.ms': 20_000 }));
    const { scenario, notes } = await importSls(traceFile(jobs));
    const [first, second] = scenario.jobs ?? [];
    expect([first.setup, first.commit]).toEqual([6.664, undefined]);
    // No container start or end: neither a first start nor a last end; job.end.ms 197256 alone times nothing.
    expect([second.setup, second.commit]).toEqual([undefined, undefined]);
    expect(notes).toContain('1 job without a setup (the trace lacks job.start.ms or the first container.start.ms): settings.jobSetup applies: job_2.');
    expect(notes).toContain('2 jobs without a commit (the trace lacks the last container.end.ms or job.end.ms): settings.jobCommit applies: job_1, job_2.');
  });

  it('a job.end.ms before the last container end gives no commit, and a note; copies (job.count) share the setup', async () => {
    const [job] = await realJobs();
    job['job.end.ms'] = 86_000; // the third container ends at 86613
    job['job.count'] = 2;
    const { scenario, notes } = await importSls(traceFile([job]));
    expect(scenario.jobs?.map((j) => [j.id, j.setup, j.commit])).toEqual([
      ['job_1-1', 6.664, undefined],
      ['job_1-2', 6.664, undefined],
    ]);
    expect(notes).toContain('2 jobs without a commit (job.end.ms is before the last container.end.ms): settings.jobCommit applies: job_1-1, job_1-2.');
  });
});

describe('importSls on malformed copies of the sample', () => {
  it('names the JSON path of a missing job.id, at the line of the job that lacks it', async () => {
    const jobs = await realJobs();
    delete jobs[0]['job.id'];
    const problems = await problemsOf(importSls(traceFile(jobs)));
    expect(problems).toEqual([
      { path: 'job 1.job.id', line: 1, column: 1, expected: 'a job id (a non-empty string without control or bidirectional formatting characters)', found: 'nothing (the field is missing)' },
    ]);
  });

  it('refuses a job id or a host holding a control character, which the scenario it writes could not carry', async () => {
    const jobs = await realJobs();
    jobs[0]['job.id'] = 'job\u0000_1';
    tasksOf(jobs[1])[0]['container.host'] = '/default-rack/node\u001b1';
    const problems = await problemsOf(importSls(traceFile(jobs)));
    expect(problems.map((p) => [p.path, p.expected])).toEqual([
      ['job 1.job.id', 'a job id (a non-empty string without control or bidirectional formatting characters)'],
      ['job 2 (job_2).job.tasks[0].container.host', "a host like '/rack/host', without control or bidirectional formatting characters"],
    ]);
  });

  it('names the JSON path of a task that ends before it starts', async () => {
    const jobs = await realJobs();
    tasksOf(jobs[0])[2]['container.end.ms'] = 60000; // starts at 68770
    const path = traceFile(jobs);
    const problems = await problemsOf(importSls(path));
    expect(problems).toEqual([
      {
        path: 'job 1 (job_1).job.tasks[2].container.end.ms',
        ...valuePlace(path, 'container.end.ms', 60000),
        expected: 'a time after container.start.ms (68770): SLS refuses a task of no duration',
        found: '60000',
      },
    ]);
  });

  it('names a non-numeric time and an unknown container type, every problem at once', async () => {
    const jobs = await realJobs();
    tasksOf(jobs[0])[0]['container.start.ms'] = 'soon';
    tasksOf(jobs[1])[1]['container.type'] = 'attempt';
    const path = traceFile(jobs);
    const problems = await problemsOf(importSls(path));
    expect(problems).toEqual([
      {
        path: 'job 1 (job_1).job.tasks[0].container.start.ms',
        ...valuePlace(path, 'container.start.ms', 'soon'),
        expected: 'a time in ms (a number, or a string of digits)',
        found: "'soon'",
      },
      {
        path: 'job 2 (job_2).job.tasks[1].container.type',
        ...valuePlace(path, 'container.type', 'attempt'),
        expected: "'map' or 'reduce'",
        found: "'attempt'",
      },
    ]);
  });

  it('reads a time written as a string of digits, as SLS does', async () => {
    const jobs = await realJobs();
    jobs[1]['job.start.ms'] = '105204';
    tasksOf(jobs[1])[0]['container.end.ms'] = '133985';
    const { scenario } = await importSls(traceFile(jobs));
    expect(scenario.jobs?.[1]).toMatchObject({ submit: 105.204, mapTasks: [{ work: 22.163 }, { work: 19.589 }] });
  });

  it('names the line and column of a JSON syntax error', async () => {
    // Line 54 of the sample is `      "container.end.ms": 131377,` (job_2's second task): 6 spaces, the key in
    // columns 7–24, ':' in 25, a space, 131377 in 27–32. A stray 'x' after the number sits in column 33.
    const text = readFileSync(TRACE, 'utf8').replace('"container.end.ms": 131377,', '"container.end.ms": 131377x,');
    const path = tempFile('broken.json', text);
    await expect(importSls(path)).rejects.toThrow(/broken\.json:54:33: expected JSON values one after another, found invalid JSON/);
  });

  it('with skipInvalid leaves a job that is not valid JSON out, listed at its line and column, and keeps the others', async () => {
    // The stray 'x' of the test above, in job_2 (the sample's second record, lines 35–60).
    const text = readFileSync(TRACE, 'utf8').replace('"container.end.ms": 131377,', '"container.end.ms": 131377x,');
    const path = tempFile('broken.json', text);
    const { scenario, skipped, notes } = await importSls(path, { skipInvalid: true });
    expect(scenario.jobs?.map((j) => j.id)).toEqual(['job_1']);
    expect(skipped).toEqual([{ where: `${path}:54:33`, reason: expect.stringMatching(/^invalid JSON \(the record of lines 35–60\): /) }]);
    expect(notes).toContain('1 malformed job left out (listed in skipped).');
  });

  it('with skipInvalid leaves the malformed job out and lists it with its JSON path and reason', async () => {
    const jobs = await realJobs();
    tasksOf(jobs[1])[0]['container.end.ms'] = 100000; // starts at 111822
    const path = traceFile(jobs);
    const { scenario, skipped, notes } = await importSls(path, { skipInvalid: true });
    expect(scenario.jobs?.map((j) => j.id)).toEqual(['job_1']);
    const { line, column } = valuePlace(path, 'container.end.ms', 100000);
    expect(skipped).toEqual([
      {
        where: `${path}:${line}:${column}: job 2 (job_2).job.tasks[0].container.end.ms`,
        reason: 'expected a time after container.start.ms (111822): SLS refuses a task of no duration, found 100000',
      },
    ]);
    expect(notes).toContain('1 malformed job left out (listed in skipped).');
  });

  it('with skipInvalid lists a job without an id by its position, with every problem it has', async () => {
    const jobs = await realJobs();
    delete jobs[0]['job.id'];
    tasksOf(jobs[0])[1]['container.type'] = 'setup';
    const path = traceFile(jobs);
    const { scenario, skipped } = await importSls(path, { skipInvalid: true });
    expect(scenario.jobs?.map((j) => j.id)).toEqual(['job_2']);
    // job_2 alone: the earliest start is now 105204 ms, so it is submitted at 0.
    expect(scenario.jobs?.[0].submit).toBe(0);
    expect(skipped).toEqual([
      {
        where: `${path}:1:1: job 1.job.id`,
        reason:
          "expected a job id (a non-empty string without control or bidirectional formatting characters), found nothing (the field is missing); also job 1.job.tasks[1].container.type: expected 'map' or 'reduce', found 'setup'",
      },
    ]);
  });

  it('with skipInvalid still refuses a trace where no job is usable', async () => {
    const jobs = await realJobs();
    for (const job of jobs) delete job['job.id'];
    const problems = await problemsOf(importSls(traceFile(jobs), { skipInvalid: true }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: '', expected: 'at least one SLS job' });
    expect(problems[0].found).toMatch(/^none usable: all 2 were malformed/);
  });

  it('refuses an empty trace', async () => {
    const problems = await problemsOf(importSls(tempFile('empty.json', '\n')));
    expect(problems).toEqual([{ path: '', expected: 'at least one SLS job', found: 'none' }]);
  });
});

describe('importSls rules on small traces', () => {
  const mapTask = (host: string, ms: number) => ({ 'container.host': host, 'container.start.ms': 0, 'container.end.ms': ms, 'container.type': 'map' });
  const reduceTask = (host: string, ms: number) => ({ ...mapTask(host, ms), 'container.type': 'reduce' });

  it('gives reduces equal shuffle shares of no map output, and FIFO starts them after every map (slowStart 1)', async () => {
    const path = traceFile([
      {
        'am.type': 'mapreduce',
        'job.id': 'wc',
        'job.user': 'u',
        'job.queue.name': 'q',
        'job.start.ms': 2000,
        'job.tasks': [mapTask('/r/a', 4000), mapTask('/r/b', 6000), reduceTask('/r/a', 3000), reduceTask('/r/b', 1000), reduceTask('/r/a', 2000), reduceTask('/r/b', 5000)],
      },
    ]);
    const { scenario: file } = await importSls(path);
    // 4 reduces: 1/4 each; maps have no input and the default output 0.
    expect(file.jobs?.[0]).toMatchObject({
      submit: 0,
      mapTasks: [{ work: 4 }, { work: 6 }],
      reduceTasks: [
        { shuffleShare: 0.25, work: 3 },
        { shuffleShare: 0.25, work: 1 },
        { shuffleShare: 0.25, work: 2 },
        { shuffleShare: 0.25, work: 5 },
      ],
    });
    const scenario = parseScenarioText(YAML.stringify(file), 'wc.yaml');
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario));
    expect(run.jobs[0].status).toBe('succeeded');
    const { attempts } = run;
    let lastMapEnd = 0;
    let firstReduceStart = Infinity;
    for (let i = 0; i < attempts.count; i++) {
      if (attempts.kind[i] === KIND_MAP) lastMapEnd = Math.max(lastMapEnd, attempts.end[i]);
      else firstReduceStart = Math.min(firstReduceStart, attempts.start[i]);
      expect(attempts.bytesIn[i]).toBe(0);
    }
    expect(firstReduceStart).toBeGreaterThanOrEqual(lastMapEnd);
  });

  it("gives a job the containers its tasks ask for (container.memory-mb, container.vcores), the largest of a kind, and runs them on a resource cluster", async () => {
    const sized = (task: Record<string, unknown>, memoryMb: number, vcores?: number) => ({ ...task, 'container.memory-mb': memoryMb, ...(vcores === undefined ? {} : { 'container.vcores': vcores }) });
    const path = traceFile([
      {
        'job.id': 'big',
        'job.start.ms': 0,
        'job.tasks': [sized(mapTask('/r/a', 4000), 2048, 2), sized(mapTask('/r/b', 4000), 3072, 2), sized(reduceTask('/r/a', 1000), 4096)],
      },
      { 'job.id': 'plain', 'job.start.ms': 0, 'job.tasks': [mapTask('/r/a', 1000)] },
    ]);
    const { scenario: file, notes } = await importSls(path, { resources: true });
    expect(file.jobs?.[0]).toMatchObject({ mapContainer: { memory: '3072 MB', vcores: 2 }, reduceContainer: { memory: '4096 MB', vcores: 1 } });
    expect(file.jobs?.[1]).not.toHaveProperty('mapContainer');
    expect(notes.join('\n')).toMatch(/1 job has maps, or reduces, asking for different containers .*the largest of them .*\(in jobs e\.g\. big\)/);
    const scenario = parseScenarioText(YAML.stringify(file), 'sized.yaml');
    const run = simulate(scenario, createScheduler(fifoScheduler, scenario));
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('keeps the topology as the cluster when a task ran on a host it lacks, and says so', async () => {
    const path = traceFile([
      { 'job.id': 'j', 'job.queue.name': 'q', 'job.start.ms': 0, 'job.tasks': [mapTask('/default-rack/node1', 1000), mapTask('/default-rack/ghost', 1000)] },
    ]);
    const { scenario, notes } = await importSls(path, { topology: TOPOLOGY });
    expect(scenario.cluster).toEqual((await importSls(TRACE, { topology: TOPOLOGY })).scenario.cluster); // rack1: node1 … node4
    expect(notes.join('\n')).toMatch(/1 host of the trace is not in the topology \(e\.g\. \/default-rack\/ghost\): the topology is the cluster and no node is added/);
  });

  it('puts a host without a rack in default-rack, and notes the defaults SLS applies to missing fields', async () => {
    const path = traceFile([{ 'job.id': 'j', 'job.start.ms': 0, 'job.tasks': [{ 'container.host': 'h1', 'container.duration.ms': 1000 }] }]);
    const { scenario, notes } = await importSls(path);
    expect(scenario.cluster).toEqual({ racks: [{ id: 'default-rack', nodes: [{ id: 'h1', containers: 10 }] }] });
    expect(scenario.jobs?.[0]).toMatchObject({ user: 'default', pool: 'default', mapTasks: [{ work: 1 }] });
    expect(scenario.pools).toEqual([{ id: 'default' }]);
    expect(notes).toEqual(
      expect.arrayContaining([
        "1 task ran on a host that names no rack (e.g. h1): the host is put in rack default-rack, Hadoop's default rack.",
        "1 job has no am.type: read as mapreduce, SLS's default (in jobs e.g. j).",
        "1 job has no job.user: user 'default', as in SLS (in jobs e.g. j).",
        "1 job has no job.queue.name: pool 'default', YARN's default queue (in jobs e.g. j).",
        "1 task has no container.type: maps, SLS's default (in jobs e.g. j).",
      ]),
    );
  });

  it('imports job.count copies as jobs <id>-1 … <id>-n submitted together', async () => {
    const path = traceFile([{ 'job.id': 'j', 'job.queue.name': 'q', 'job.start.ms': 0, 'job.count': 2, 'job.tasks': [mapTask('/r/a', 1000)] }]);
    const { scenario } = await importSls(path);
    expect(scenario.jobs?.map((j) => [j.id, j.submit])).toEqual([
      ['j-1', 0],
      ['j-2', 0],
    ]);
  });
});
