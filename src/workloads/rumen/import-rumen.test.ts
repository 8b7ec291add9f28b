import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { parseScenarioText } from '../../input/load-scenario.js';
import { KIND_MAP, KIND_REDUCE, LOCALITY_NODE, type RunRecord } from '../../model/run-record.js';
import { simulate } from '../../sim/simulate.js';
import { createScheduler, fifoScheduler } from '../../sched/index.js';
import type { ImportResult } from '../import-result.js';
import { importRumen } from './import-rumen.js';
import type { ScenarioJob } from './rumen-scenario-job.js';
import { WORDCOUNT, WORDCOUNT_ID, attemptsOf, tasksOf, traceFile, wordcountJob, wordcountText } from './test-support/wordcount.js';
import { inputErrorFrom } from '../../test-support/input-error.js';
import { placeOf } from '../../test-support/text-place.js';
import { readFileSync } from 'node:fs';

const MIB = 1024 * 1024;
const SECOND_ID = 'job_201009241532_0002';

function jobs(result: ImportResult): ScenarioJob[] {
  return result.scenario.jobs ?? [];
}

/** A file holding the real job and then `second` (a modified copy), one after the other. */
function twoJobFile(second: Record<string, unknown>): string {
  return traceFile('two.json', wordcountText() + JSON.stringify(second, null, 2) + '\n');
}

function secondJob(): Record<string, unknown> {
  const job = wordcountJob();
  job.jobID = SECOND_ID;
  return job;
}

/** A one-job file holding a modified copy of the real job. */
function oneJobFile(job: Record<string, unknown>): string {
  return traceFile('one.json', JSON.stringify(job, null, 2));
}

function roundTrip(result: ImportResult): RunRecord {
  const scenario = parseScenarioText(YAML.stringify(result.scenario), 'wordcount.yaml');
  return simulate(scenario, createScheduler(fifoScheduler, scenario));
}

describe('importRumen on the real WordCount trace, recorded durations (the default)', () => {
  it('one job: id, user, queue as pool, priority, weight 1, submitted at 0', async () => {
    const [job] = jobs(await importRumen(WORDCOUNT));
    expect(job).toMatchObject({ id: WORDCOUNT_ID, user: 'johndoe', pool: 'default', priority: 'NORMAL', weight: 1, submit: 0 });
  });

  it("each task's container from the job's recorded jobMapMB and jobReduceMB (1 vcore, Rumen records none); none when unknown", async () => {
    const [job] = jobs(await importRumen(WORDCOUNT));
    expect(job).toMatchObject({ mapContainer: { memory: '1024 MB', vcores: 1 }, reduceContainer: { memory: '1024 MB', vcores: 1 } });
    const [unknown] = jobs(await importRumen(oneJobFile({ ...wordcountJob(), jobMapMB: 2048, jobReduceMB: -1 })));
    expect(unknown.mapContainer).toEqual({ memory: '2048 MB', vcores: 1 });
    expect(unknown.reduceContainer).toBeUndefined();
  });

  it('3 maps and 1 reduce, one per task of the trace', async () => {
    const [job] = jobs(await importRumen(WORDCOUNT));
    expect(job.mapTasks).toHaveLength(3);
    expect(job.reduceTasks).toHaveLength(1);
  });

  it("a map's work is its successful attempt's finishTime − startTime; it reads 0 bytes and keeps its replicas", async () => {
    const [job] = jobs(await importRumen(WORDCOUNT));
    // m0: 1285322658262 − 1285322651366 = 6896 ms; m1: …657906 − …651378 = 6528 ms; m2: …664865 − …660807 = 4058 ms.
    expect(job.mapTasks).toEqual([
      { inputBytes: 0, replicas: ['foo.example.com'], work: 6.896, outputBytes: 48_266 },
      { inputBytes: 0, replicas: ['foo.example.com'], work: 6.528, outputBytes: 58_143 },
      { inputBytes: 0, replicas: ['foo.example.com'], work: 4.058, outputBytes: 21_510 },
    ]);
  });

  it("the reduce's work is finishTime − shuffleFinished, and it takes the whole shuffle", async () => {
    const [job] = jobs(await importRumen(WORDCOUNT));
    // 1285322670759 − 1285322667962 = 2797 ms (sort 184 ms + reduce 2613 ms); one reduce: share 127,823 / 127,823 = 1.
    expect(job.reduceTasks).toEqual([{ shuffleShare: 1, work: 2.797 }]);
  });

  it("the cluster is the trace's one host in its rack, with the slots its attempts needed at once, speed 1; the queue is a pool", async () => {
    const { scenario, notes } = await importRumen(WORDCOUNT);
    // Maps on foo: [1285322651366, …658262) and [1285322651378, …657906) overlap, the third starts at …660807
    // after both ended: 2 map slots. One reduce: 1 reduce slot.
    expect(scenario.cluster).toEqual({
      defaults: { speed: 1 },
      racks: [{ id: 'default-rack', nodes: [{ id: 'foo.example.com', mapSlots: 2, reduceSlots: 1 }] }],
    });
    expect(notes).toContain('map slots per node = the most map attempts that ran on its host at once (a lower bound; Rumen records no slots): 1 host measured');
    expect(scenario.pools).toEqual([{ id: 'default' }]);
    expect(scenario.name).toBe('wordcount');
  });

  it('setup and cleanup tasks are counted in the notes, nothing is skipped', async () => {
    const result = await importRumen(WORDCOUNT);
    expect(result.skipped).toEqual([]);
    expect(result.notes).toContain(
      "not simulated as tasks (the model has no setup or cleanup tasks; their time lies inside the job's setup and commit): 1 setup task, 1 cleanup task in 1 job",
    );
    expect(result.notes).toContain('submit times: seconds after the earliest submitTime of the imported jobs (1285322645148 ms since the epoch)');
    expect(result.notes.at(-1)).toBe('1 job imported');
  });

  it("each job's recorded start-up and commit are a note, and its recorded times are kept for replay checks", async () => {
    const result = await importRumen(WORDCOUNT);
    // startup: first map start 1285322651366 − submit 1285322645148 = 6.218 s;
    // commit: finishTime 1285322675837 − the reduce's end 1285322670759 = 5.078 s;
    // setup task 1285322648294 → …651351 = 3.057 s, cleanup task …672829 → …675835 = 3.006 s.
    expect(result.notes).toContain('job overheads job_201009241532_0001: startup 6.218 s, commit 5.078 s (setup task 3.057 s, cleanup task 3.006 s)');
    const [job] = result.recorded?.jobs ?? [];
    expect(job.submit).toBe(0);
    expect(job.end).toBeCloseTo(30.689, 9);
    expect(job.maps[2]).toEqual({ start: 15.659, end: 19.717 });
    expect(job.reduces[0]?.start).toBeCloseTo(15.659, 9);
  });

  it('a setup or cleanup task without times is left out of the overheads note, the others stay', async () => {
    const job = wordcountJob();
    const cleanup = tasksOf(job, 'otherTasks')[1];
    cleanup.startTime = -1;
    attemptsOf(cleanup)[0].startTime = -1;
    const result = await importRumen(oneJobFile(job));
    expect(result.notes).toContain('job overheads job_201009241532_0001: startup 6.218 s, commit 5.078 s (setup task 3.057 s)');
  });

  it('a slot count given as an option replaces the inference for every node, kind by kind', async () => {
    const both = (await importRumen(WORDCOUNT, { mapSlots: 4, reduceSlots: 3 })).scenario.cluster;
    expect(both.defaults).toEqual({ mapSlots: 4, reduceSlots: 3, speed: 1 });
    expect(both.racks?.[0].nodes).toEqual([{ id: 'foo.example.com' }]);
    const mapsOnly = (await importRumen(WORDCOUNT, { mapSlots: 8 })).scenario.cluster;
    expect(mapsOnly.defaults).toEqual({ mapSlots: 8, speed: 1 });
    expect(mapsOnly.racks?.[0].nodes).toEqual([{ id: 'foo.example.com', reduceSlots: 1 }]);
  });

  it('the recorded scenario round-trips through YAML and FIFO replays each map in exactly its recorded time', async () => {
    const run = roundTrip(await importRumen(WORDCOUNT));
    expect(run.jobs.map((j) => j.status)).toEqual(['succeeded']);
    const { attempts } = run;
    const works = [6.896, 6.528, 4.058];
    for (let a = 0; a < attempts.count; a++) {
      if (attempts.kind[a] !== KIND_MAP) continue;
      // Speed 1, 0 bytes read: the attempt lasts its work; the replica is on the only node, so node-local.
      expect(attempts.end[a] - attempts.start[a]).toBeCloseTo(works[attempts.task[a]], 9);
      expect(attempts.locality[a]).toBe(LOCALITY_NODE);
    }
  });
});

describe('importRumen on the real WordCount trace, model durations', () => {
  it('maps read their input; work is 0.25 s per MiB of input, a reduce 0.5 s per MiB it fetches', async () => {
    const [job] = jobs(await importRumen(WORDCOUNT, { durations: 'model' }));
    expect(job.mapTasks?.map((m) => [m.inputBytes, m.replicas, m.outputBytes])).toEqual([
      [704_270, ['foo.example.com'], 48_266],
      [577_214, ['foo.example.com'], 58_143],
      [163_907, ['foo.example.com'], 21_510],
    ]);
    // 0.25 × 704,270 / 1,048,576 = 0.167911…; 0.25 × 577,214 / 1,048,576 = 0.137618…; 0.25 × 163,907 / 1,048,576 = 0.039078…
    const works = job.mapTasks?.map((m) => m.work as number) ?? [];
    expect(works[0]).toBeCloseTo(0.167911053, 9);
    expect(works[1]).toBeCloseTo(0.137618542, 9);
    expect(works[2]).toBeCloseTo(0.039078474, 9);
    // The reduce fetches share 1 of 48,266 + 58,143 + 21,510 = 127,919 bytes: 0.5 × 127,919 / 1,048,576 = 0.060996…
    expect(job.reduceTasks?.[0].work).toBeCloseTo(0.060996532, 9);
  });

  it('the rates are options', async () => {
    const [job] = jobs(await importRumen(WORDCOUNT, { durations: 'model', mapSecondsPerMB: 2, reduceSecondsPerMB: 0 }));
    expect(job.mapTasks?.[0].work).toBeCloseTo((2 * 704_270) / MIB, 12);
    expect(job.reduceTasks?.[0].work).toBe(0);
  });

  it('the scenario round-trips through YAML, and FIFO finishes the job: each map lasts its read, sharing its disk, plus its work', async () => {
    const run = roundTrip(await importRumen(WORDCOUNT, { durations: 'model' }));
    expect(run.jobs.map((j) => j.status)).toEqual(['succeeded']);
    const { attempts } = run;
    const [input0, input1, input2] = [704_270, 577_214, 163_907];
    const disk = 100 * MIB;
    const work = (bytes: number) => (bytes * 0.25) / MIB;
    // Maps 0 and 1 launch together on one node and read from its disk (node-local), at half its 100 MiB/s each until
    // map 1's read is done, map 0 then alone; map 2 runs there alone later. Then 0.25 s/MiB of work each.
    const together = (2 * input1) / disk;
    const expected = [together + (input0 - input1) / disk + work(input0), together + work(input1), input2 / disk + work(input2)];
    let reduceBytes = 0;
    for (let a = 0; a < attempts.count; a++) {
      if (attempts.kind[a] === KIND_REDUCE) reduceBytes += attempts.bytesIn[a];
      if (attempts.kind[a] !== KIND_MAP) continue;
      expect(attempts.end[a] - attempts.start[a]).toBeCloseTo(expected[attempts.task[a]], 9);
      expect(attempts.locality[a]).toBe(LOCALITY_NODE);
    }
    // Every map output, 127,919 bytes in all (96 more than the 127,823 the real reduce recorded fetching).
    expect(reduceBytes).toBe(127_919);
  });
});

describe("importRumen: each job's setup and commit from the trace (overheads)", () => {
  const SUBMIT = 1285322645148;
  const FIRST_ATTEMPT_START = 1285322651366; // map 0's successful attempt
  const LAST_ATTEMPT_END = 1285322670759; // the reduce's successful attempt
  const FINISH = 1285322675837;

  it('by default a job sets setup = first map or reduce attempt start − submitTime and commit = finishTime − last attempt end', async () => {
    const result = await importRumen(WORDCOUNT);
    const [job] = jobs(result);
    expect(job.setup).toBe((FIRST_ATTEMPT_START - SUBMIT) / 1000);
    expect(job.commit).toBe((FINISH - LAST_ATTEMPT_END) / 1000);
    expect(result.notes).toContain(
      "job setup and commit from the trace (overheads recorded): each job's setup = the first map or reduce attempt start − submitTime, commit = finishTime − the last map or reduce attempt end, in seconds; its tasks may start once its setup is over, and it ends its commit after its last task (taking no slot)",
    );
  });

  it("FIFO replays them: no task starts before the setup is over, and the job ends its commit after its last task", async () => {
    const run = roundTrip(await importRumen(WORDCOUNT));
    const { attempts } = run;
    const starts = Array.from({ length: attempts.count }, (_, a) => attempts.start[a]);
    const ends = Array.from({ length: attempts.count }, (_, a) => attempts.end[a]);
    const setup = (FIRST_ATTEMPT_START - SUBMIT) / 1000;
    // Launched at the node's first heartbeat (every 3 s) after the setup.
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(setup);
    expect(Math.min(...starts)).toBeLessThan(setup + 3);
    expect(run.jobs[0].end).toBeCloseTo(Math.max(...ends) + (FINISH - LAST_ATTEMPT_END) / 1000, 9);
  });

  it('overheads none sets neither, and the notes say the settings apply; the recorded figures stay a note', async () => {
    const result = await importRumen(WORDCOUNT, { overheads: 'none' });
    const [job] = jobs(result);
    expect(job).not.toHaveProperty('setup');
    expect(job).not.toHaveProperty('commit');
    expect(result.notes).toContain(
      'job setup and commit not set (overheads none): every job takes settings.jobSetup and settings.jobCommit (0 unless the scenario sets them: then its tasks may start at its submission and it ends with its last task)',
    );
    expect(result.notes.some((note) => note.startsWith('job setup and commit from the trace'))).toBe(false);
    expect(result.notes).toContain('job overheads job_201009241532_0001: startup 6.218 s, commit 5.078 s (setup task 3.057 s, cleanup task 3.006 s)');
  });

  it('a job without finishTime gets no commit, one without submitTime no setup, each named in a note', async () => {
    const first = wordcountJob();
    first.finishTime = -1;
    const second = secondJob();
    second.submitTime = -1; // submitted at its launchTime instead, which is not a recorded submission
    const result = await importRumen(traceFile('two.json', JSON.stringify(first) + '\n' + JSON.stringify(second) + '\n'));
    const [withoutFinish, withoutSubmit] = jobs(result);
    expect([withoutFinish.setup, withoutFinish.commit]).toEqual([(FIRST_ATTEMPT_START - SUBMIT) / 1000, undefined]);
    expect([withoutSubmit.setup, withoutSubmit.commit]).toEqual([undefined, (FINISH - LAST_ATTEMPT_END) / 1000]);
    expect(result.notes).toContain(
      '1 job without a setup (the trace lacks submitTime or the first map or reduce attempt start): settings.jobSetup applies: job_201009241532_0002',
    );
    expect(result.notes).toContain(
      '1 job without a commit (the trace lacks the last map or reduce attempt end or finishTime): settings.jobCommit applies: job_201009241532_0001',
    );
    // The per-job figures need both.
    expect(result.notes.filter((note) => note.startsWith('job overheads'))).toEqual([]);
  });

  it('a finishTime before the last attempt end gives no commit, and a note', async () => {
    const job = wordcountJob();
    job.finishTime = LAST_ATTEMPT_END - 1;
    const result = await importRumen(oneJobFile(job));
    expect(jobs(result)[0]).not.toHaveProperty('commit');
    expect(result.notes).toContain(
      '1 job without a commit (finishTime is before the last map or reduce attempt end): settings.jobCommit applies: job_201009241532_0001',
    );
  });
  it('a finishTime so late that the commit is past the model imports the job without a commit, and a note', async () => {
    const job = wordcountJob();
    job.finishTime = LAST_ATTEMPT_END + 2 ** 34 * 1000;
    const result = await importRumen(oneJobFile(job));
    expect(jobs(result)[0]).not.toHaveProperty('commit');
    expect(result.notes).toContain(
      "1 job without a commit (finishTime − the last map or reduce attempt end is over the model's 8,589,934,592 s): settings.jobCommit applies: job_201009241532_0001",
    );
  });
});

describe('importRumen on several job objects one after another', () => {
  it('two job objects give two jobs; submit times count seconds from the earliest', async () => {
    const second = secondJob();
    second.submitTime = 1285322645148 + 30_000;
    second.user = 'alice';
    second.queue = 'research';
    second.priority = 'HIGH';
    const result = await importRumen(twoJobFile(second));
    expect(jobs(result).map((j) => [j.id, j.submit, j.user, j.pool, j.priority])).toEqual([
      [WORDCOUNT_ID, 0, 'johndoe', 'default', 'NORMAL'],
      [SECOND_ID, 30, 'alice', 'research', 'HIGH'],
    ]);
    expect(result.scenario.pools).toEqual([{ id: 'default' }, { id: 'research' }]);
    expect(result.notes.at(-1)).toBe('2 jobs imported');
    expect(result.notes).toContain(
      "not simulated as tasks (the model has no setup or cleanup tasks; their time lies inside the job's setup and commit): 2 setup tasks, 2 cleanup tasks in 2 jobs",
    );
  });

  it('the origin is the earliest submitTime, not the first job’s', async () => {
    const second = secondJob();
    second.submitTime = 1285322645148 - 5_000;
    expect(jobs(await importRumen(twoJobFile(second))).map((j) => j.submit)).toEqual([5, 0]);
  });

  it('every host seen becomes a node in its rack, failed attempts’ hosts included', async () => {
    const second = secondJob();
    attemptsOf(tasksOf(second, 'reduceTasks')[0])[0].hostName = '/rack2/bar.example.com';
    tasksOf(second, 'mapTasks')[0].preferredLocations = [{ layers: ['rack2', 'baz.example.com'] }, { layers: ['default-rack', 'foo.example.com'] }];
    attemptsOf(tasksOf(second, 'mapTasks')[1]).unshift({ ...attemptsOf(tasksOf(second, 'mapTasks')[1])[0], result: 'FAILED', hostName: '/rack3/qux.example.com' });
    const result = await importRumen(twoJobFile(second));
    // Both jobs keep the real job's times, so they overlap. Map attempts on foo: both jobs' first two maps
    // (…651366–…658262, …651378–…657906) at once: 4; qux: the failed copy of one attempt: 1; bar and baz
    // ran no map: the highest peak, 4. Reduces: foo ran job 1's, bar job 2's: 1 each; baz and qux: 1.
    expect(result.scenario.cluster.racks).toEqual([
      { id: 'default-rack', nodes: [{ id: 'foo.example.com', mapSlots: 4, reduceSlots: 1 }] },
      {
        id: 'rack2',
        nodes: [
          { id: 'baz.example.com', mapSlots: 4, reduceSlots: 1 },
          { id: 'bar.example.com', mapSlots: 4, reduceSlots: 1 },
        ],
      },
      { id: 'rack3', nodes: [{ id: 'qux.example.com', mapSlots: 1, reduceSlots: 1 }] },
    ]);
    expect(result.notes).toContain(
      'map slots per node = the most map attempts that ran on its host at once (a lower bound; Rumen records no slots): 2 hosts measured, 2 hosts with no timed map attempt given the highest peak, 4',
    );
    expect(jobs(result)[1].mapTasks?.[0].replicas).toEqual(['baz.example.com', 'foo.example.com']);
    expect(result.notes).toContain('not replayed (only successful attempts define durations): 1 failed attempt');
  });
});

describe('importRumen: unknown values (-1) and fallbacks, each in the notes', () => {
  it('a task whose attempts all failed gets the mean recorded work of its job’s maps', async () => {
    const job = wordcountJob();
    attemptsOf(tasksOf(job, 'mapTasks')[2])[0].result = 'FAILED';
    const result = await importRumen(oneJobFile(job));
    // (6.896 + 6.528) / 2 = 6.712
    expect(jobs(result)[0].mapTasks?.[2].work).toBeCloseTo(6.712, 12);
    expect(result.notes).toContain('not replayed (only successful attempts define durations): 1 failed attempt');
    expect(result.notes).toContain("1 task without a timed successful attempt got the mean work of its job's tasks of its kind");
  });

  it('a reduce with unknown shuffleFinished works from its start: finishTime − startTime', async () => {
    const job = wordcountJob();
    attemptsOf(tasksOf(job, 'reduceTasks')[0])[0].shuffleFinished = -1;
    const result = await importRumen(oneJobFile(job));
    // 1285322670759 − 1285322660807 = 9952 ms
    expect(jobs(result)[0].reduceTasks?.[0].work).toBe(9.952);
    expect(result.notes).toContain('1 reduce without a known shuffleFinished: work = finishTime − startTime (its shuffle is counted twice)');
  });

  it('reduce shares are the reduces’ shuffle bytes over the job’s total, equal when one is unknown', async () => {
    const job = wordcountJob();
    const reduce = tasksOf(job, 'reduceTasks')[0];
    const other = JSON.parse(JSON.stringify(reduce)) as Record<string, unknown>;
    attemptsOf(other)[0].reduceShuffleBytes = 42_608;
    tasksOf(job, 'reduceTasks').push(other);
    const [imported] = jobs(await importRumen(oneJobFile(job)));
    // 127,823 / (127,823 + 42,608 = 170,431) and 42,608 / 170,431
    expect(imported.reduceTasks?.map((r) => r.shuffleShare)).toEqual([127_823 / 170_431, 42_608 / 170_431]);

    attemptsOf(other)[0].reduceShuffleBytes = -1;
    other.inputBytes = -1;
    const result = await importRumen(oneJobFile(job));
    expect(jobs(result)[0].reduceTasks?.map((r) => r.shuffleShare)).toEqual([0.5, 0.5]);
    expect(result.notes).toContain('1 job with unknown reduce shuffle bytes: equal shares');
  });

  it('model durations: unknown input falls back to hdfsBytesRead, then to 0 bytes without replicas', async () => {
    const job = wordcountJob();
    tasksOf(job, 'mapTasks')[0].inputBytes = -1; // hdfsBytesRead 704,270 remains
    tasksOf(job, 'mapTasks')[1].inputBytes = -1;
    attemptsOf(tasksOf(job, 'mapTasks')[1])[0].hdfsBytesRead = -1;
    const result = await importRumen(oneJobFile(job), { durations: 'model' });
    const maps = jobs(result)[0].mapTasks ?? [];
    expect(maps[0]).toMatchObject({ inputBytes: 704_270, replicas: ['foo.example.com'] });
    expect(maps[1]).toEqual({ inputBytes: 0, work: 0, outputBytes: 58_143 });
    expect(result.notes).toContain('1 map with unknown input: 0 bytes, work 0');
    expect(result.notes).toContain('1 map without input bytes: preferred locations dropped (the model takes replicas only with input)');
  });

  it('unknown map output falls back to mapOutputBytes, then 0', async () => {
    const job = wordcountJob();
    tasksOf(job, 'mapTasks')[0].outputBytes = -1; // mapOutputBytes 1,182,333 (before the combiner)
    tasksOf(job, 'mapTasks')[1].outputBytes = -1;
    attemptsOf(tasksOf(job, 'mapTasks')[1])[0].mapOutputBytes = -1;
    const result = await importRumen(oneJobFile(job));
    expect(jobs(result)[0].mapTasks?.map((m) => m.outputBytes)).toEqual([1_182_333, 0, 21_510]);
    expect(result.notes).toContain('1 map with unknown output: 0 bytes');
  });

  it("Hadoop 2's DEFAULT priority, and unknown user and queue, take the defaults", async () => {
    const job = wordcountJob();
    job.priority = 'DEFAULT';
    job.user = null;
    job.queue = null;
    const result = await importRumen(oneJobFile(job));
    expect(jobs(result)[0]).toMatchObject({ user: 'default', pool: 'default', priority: 'NORMAL' });
    expect(result.notes).toEqual(
      expect.arrayContaining([
        "1 job without a user: user 'default'",
        "1 job without a queue: pool 'default'",
        '1 job with priority unknown, DEFAULT or UNDEFINED_PRIORITY: NORMAL',
      ]),
    );
  });

  it('a job with no map task is left out and named in the notes', async () => {
    const second = secondJob();
    second.mapTasks = [];
    const result = await importRumen(twoJobFile(second));
    expect(jobs(result).map((j) => j.id)).toEqual([WORDCOUNT_ID]);
    expect(result.notes).toContain(`left out 1 job with no map task (a job of the model needs at least one): ${SECOND_ID}`);
  });
});

describe('importRumen: malformed input', () => {
  it('a missing jobID stops the import, naming the job by its place in the file and the line it starts on', async () => {
    const second = secondJob();
    delete second.jobID;
    const error = await inputErrorFrom(importRumen(twoJobFile(second)));
    // The real job's 414 lines, then the second job's opening brace.
    expect(error.problems).toEqual([
      { path: 'job 2.jobID', line: 415, column: 1, expected: 'a jobID (a non-empty string without control or bidirectional formatting characters)', found: 'nothing (the field is missing)' },
    ]);
  });

  it('a startTime "abc" stops the import, naming its JSON path', async () => {
    const second = secondJob();
    tasksOf(second, 'mapTasks')[2].startTime = 'abc';
    const path = twoJobFile(second);
    const error = await inputErrorFrom(importRumen(path));
    const { line, column } = placeOf(readFileSync(path, 'utf8'), '"abc"');
    expect(error.problems).toEqual([
      { path: `job 2 (${SECOND_ID}).mapTasks[2].startTime`, line, column, expected: 'a number ≥ 0 (or -1 when unknown)', found: "'abc'" },
    ]);
    expect(error.message).toContain(
      `two.json:${line}:${column}: job 2 (${SECOND_ID}).mapTasks[2].startTime: expected a number ≥ 0 (or -1 when unknown), found 'abc'`,
    );
  });

  it('refuses a user name holding a control character (DEL), which the scenario it writes could not carry', async () => {
    const second = secondJob();
    second.user = 'john\u007fdoe';
    const error = await inputErrorFrom(importRumen(twoJobFile(second)));
    expect(error.problems).toMatchObject([
      { path: `job 2 (${SECOND_ID}).user`, expected: 'a string without control or bidirectional formatting characters (or null when unknown)' },
    ]);
  });

  it('lists every malformed job, not only the first', async () => {
    const second = secondJob();
    tasksOf(second, 'mapTasks')[0].startTime = 'abc';
    const third = wordcountJob();
    third.jobID = 'job_3';
    tasksOf(third, 'reduceTasks')[0].finishTime = 'xyz';
    const path = traceFile('three.json', [wordcountText(), JSON.stringify(second), JSON.stringify(third)].join('\n'));
    const error = await inputErrorFrom(importRumen(path));
    const text = readFileSync(path, 'utf8');
    expect(error.problems.map((p) => [p.path, p.line, p.column])).toEqual([
      [`job 2 (${SECOND_ID}).mapTasks[0].startTime`, placeOf(text, '"abc"').line, placeOf(text, '"abc"').column],
      ['job 3 (job_3).reduceTasks[0].finishTime', placeOf(text, '"xyz"').line, placeOf(text, '"xyz"').column],
    ]);
  });

  it('with skipInvalid, malformed jobs are left out and listed with their place and every problem', async () => {
    const second = secondJob();
    delete second.jobID;
    const third = wordcountJob();
    third.jobID = 'job_201009241532_0003';
    tasksOf(third, 'mapTasks')[2].startTime = 'abc';
    const path = traceFile('three.json', [wordcountText(), JSON.stringify(second), JSON.stringify(third)].join('\n'));
    const result = await importRumen(path, { skipInvalid: true });
    expect(jobs(result).map((j) => j.id)).toEqual([WORDCOUNT_ID]);
    const abc = placeOf(readFileSync(path, 'utf8'), '"abc"');
    expect(result.skipped).toEqual([
      // The real job's 414 lines end in a newline, and join adds one: the second job is on line 416.
      { where: `${path}:416:1: job 2`, reason: 'job 2.jobID: expected a jobID (a non-empty string without control or bidirectional formatting characters), found nothing (the field is missing)' },
      {
        where: `${path}:${abc.line}:${abc.column}: job 3 (job_201009241532_0003)`,
        reason: "job 3 (job_201009241532_0003).mapTasks[2].startTime: expected a number ≥ 0 (or -1 when unknown), found 'abc'",
      },
    ]);
  });

  it('broken JSON stops the import at its line and column; with skipInvalid only that record is left out', async () => {
    // The real file has 414 lines; the second copy's "user" line (its line 4) is line 418 of the file,
    // and the extra comma is its 22nd character: `  "user" : "johndoe",,`.
    const broken = wordcountText().replace('"user" : "johndoe",', '"user" : "johndoe",,');
    const path = traceFile('broken.json', wordcountText() + broken + wordcountText().replaceAll('job_201009241532_0001', 'job_3'));
    const error = await inputErrorFrom(importRumen(path));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatchObject({ path: '', line: 418, column: 22, expected: 'JSON values one after another' });
    const result = await importRumen(path, { skipInvalid: true });
    expect(result.scenario.jobs?.map((job) => job.id)).toEqual(['job_201009241532_0001', 'job_3']);
    expect(result.skipped).toEqual([
      { where: `${path}:418:22`, reason: expect.stringMatching(/^invalid JSON \(the record of lines 415–828\): /) },
    ]);
  });

  it('with skipInvalid, a file of only malformed jobs fails: there is no job to simulate', async () => {
    const job = wordcountJob();
    delete job.jobID;
    const error = await inputErrorFrom(importRumen(oneJobFile(job), { skipInvalid: true }));
    expect(error.problems).toEqual([
      { path: '', expected: 'at least one job that can be simulated', found: 'none of 1 record (1 malformed, 0 left out)' },
    ]);
  });

  it('a missing file says so', async () => {
    const error = await inputErrorFrom(importRumen('/nonexistent/trace.json', { skipInvalid: true }));
    expect(error.problems[0].found).toBe('no such file');
  });

  it('bad options are refused, each named', async () => {
    const error = await inputErrorFrom(
      importRumen(WORDCOUNT, {
        durations: 'fast' as 'model',
        overheads: 'some' as 'none',
        mapSlots: 0,
        reduceSlots: 'guess' as 'inferred',
        reduceSecondsPerMB: -1,
      }),
    );
    expect(error.source).toBe('Rumen import options');
    expect(error.problems.map((p) => p.path)).toEqual(['durations', 'overheads', 'mapSlots', 'reduceSlots', 'reduceSecondsPerMB']);
    expect(error.problems[1]).toMatchObject({ expected: 'recorded or none', found: "'some'" });
    expect(error.problems[3].expected).toBe("'inferred' or an integer ≥ 0");
  });
});
