import { describe, expect, it } from 'vitest';
import { jobSubmitMs, readRumenJob, type RumenJob, type RumenJobReading } from './rumen-job.js';
import { WORDCOUNT_ID, attemptsOf, tasksOf, wordcountJob } from './test-support/wordcount.js';

function read(value: unknown, index = 0, seen = new Set<string>()): RumenJobReading {
  return readRumenJob(value, index, seen);
}

function ok(value: unknown): RumenJob {
  const reading = read(value);
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.job;
}

function problems(value: unknown, index = 0, seen = new Set<string>()) {
  const reading = read(value, index, seen);
  if (reading.ok) throw new Error('expected problems');
  return reading.problems;
}

describe('readRumenJob on the real WordCount trace', () => {
  it('has 3 maps, 1 reduce, and a setup and a cleanup task', () => {
    const job = ok(wordcountJob());
    expect(job.jobID).toBe(WORDCOUNT_ID);
    expect(job.mapTasks).toHaveLength(3);
    expect(job.reduceTasks).toHaveLength(1);
    expect(job.otherTasks.map((t) => t.taskType)).toEqual(['SETUP', 'CLEANUP']);
    expect([job.user, job.queue, job.priority]).toEqual(['johndoe', 'default', 'NORMAL']);
  });

  it('the reduce fetched 127,823 bytes in the shuffle', () => {
    const [reduce] = ok(wordcountJob()).reduceTasks;
    expect(reduce.attempts[0].reduceShuffleBytes).toBe(127_823);
    expect(reduce.inputBytes).toBe(127_823);
  });

  it("-1 is unknown, not malformed: a map's shuffle fields and a setup task's sizes", () => {
    const job = ok(wordcountJob());
    // The map attempts write shuffleFinished: -1 and reduceShuffleBytes: -1; the setup task inputBytes: -1.
    expect(job.mapTasks[0].attempts[0].shuffleFinished).toBeUndefined();
    expect(job.otherTasks[0].inputBytes).toBeUndefined();
    expect(job.otherTasks[0].outputBytes).toBeUndefined();
  });

  it('hosts come from /rack/host and from preferred-location layers', () => {
    const [map] = ok(wordcountJob()).mapTasks;
    expect(map.attempts[0].host).toEqual({ rack: 'default-rack', host: 'foo.example.com' });
    expect(map.preferred).toEqual([{ rack: 'default-rack', host: 'foo.example.com' }]);
  });

  it('null and missing fields are unknown too', () => {
    const raw = wordcountJob();
    raw.user = null;
    delete raw.queue;
    delete raw.otherTasks;
    const job = ok(raw);
    expect([job.user, job.queue, job.otherTasks]).toEqual([undefined, undefined, []]);
  });
});

describe('readRumenJob problems name the JSON path', () => {
  it('a task startTime that is not a number', () => {
    const raw = wordcountJob();
    tasksOf(raw, 'mapTasks')[2].startTime = 'abc';
    expect(problems(raw, 0)).toEqual([
      { path: `job 1 (${WORDCOUNT_ID}).mapTasks[2].startTime`, expected: 'a number ≥ 0 (or -1 when unknown)', found: "'abc'" },
    ]);
  });

  it('an attempt time that is negative but not -1', () => {
    const raw = wordcountJob();
    attemptsOf(tasksOf(raw, 'reduceTasks')[0])[0].sortFinished = -5; // not read: no problem
    attemptsOf(tasksOf(raw, 'reduceTasks')[0])[0].shuffleFinished = -5;
    expect(problems(raw).map((p) => p.path)).toEqual([`job 1 (${WORDCOUNT_ID}).reduceTasks[0].attempts[0].shuffleFinished`]);
  });

  it('a missing jobID is named by the position of the job in the file', () => {
    const raw = wordcountJob();
    delete raw.jobID;
    expect(problems(raw, 1)).toEqual([
      { path: 'job 2.jobID', expected: 'a jobID (a non-empty string without control or bidirectional formatting characters)', found: 'nothing (the field is missing)' },
    ]);
  });

  it('a jobID already used by an earlier job', () => {
    const seen = new Set<string>();
    expect(read(wordcountJob(), 0, seen).ok).toBe(true);
    expect(problems(wordcountJob(), 1, seen).map((p) => [p.path, p.expected])).toEqual([
      [`job 2 (${WORDCOUNT_ID}).jobID`, 'a jobID not used by an earlier job'],
    ]);
  });

  it('a task that is not an object, and a value that is not a job object', () => {
    const raw = wordcountJob();
    tasksOf(raw, 'reduceTasks').push(42 as unknown as Record<string, unknown>);
    expect(problems(raw)).toEqual([{ path: `job 1 (${WORDCOUNT_ID}).reduceTasks[1]`, expected: 'a task object', found: '42' }]);
    expect(problems([1, 2], 4)).toEqual([{ path: 'job 5', expected: 'a job object', found: 'a list of 2' }]);
  });

  it('an attempt that finishes before it starts', () => {
    const raw = wordcountJob();
    attemptsOf(tasksOf(raw, 'mapTasks')[1])[0].finishTime = 1285322651000;
    expect(problems(raw).map((p) => p.path)).toEqual([`job 1 (${WORDCOUNT_ID}).mapTasks[1].attempts[0].finishTime`]);
  });

  it('a reduce whose shuffle finishes after the attempt', () => {
    const raw = wordcountJob();
    attemptsOf(tasksOf(raw, 'reduceTasks')[0])[0].shuffleFinished = 1285322670760; // finishTime is …759
    expect(problems(raw).map((p) => p.path)).toEqual([`job 1 (${WORDCOUNT_ID}).reduceTasks[0].attempts[0].shuffleFinished`]);
  });

  it('an unknown priority name (names are read in any case)', () => {
    const raw = wordcountJob();
    raw.priority = 'very_high';
    expect(ok(raw).priority).toBe('VERY_HIGH');
    raw.priority = 'URGENT';
    expect(problems(raw).map((p) => [p.path, p.found])).toEqual([[`job 1 (${WORDCOUNT_ID}).priority`, "'URGENT'"]]);
  });

  it('every problem of the job is reported, not only the first', () => {
    const raw = wordcountJob();
    raw.submitTime = 'soon';
    tasksOf(raw, 'mapTasks')[0].inputBytes = true;
    attemptsOf(tasksOf(raw, 'mapTasks')[0])[0].hostName = 7;
    expect(problems(raw).map((p) => p.path.replace(`job 1 (${WORDCOUNT_ID}).`, ''))).toEqual([
      'submitTime',
      'mapTasks[0].inputBytes',
      'mapTasks[0].attempts[0].hostName',
    ]);
  });
});

describe('jobSubmitMs', () => {
  it('is submitTime, else launchTime, else the earliest task start', () => {
    const raw = wordcountJob();
    expect(jobSubmitMs(ok(raw))).toBe(1285322645148);
    raw.submitTime = -1;
    expect(jobSubmitMs(ok(raw))).toBe(1285322645614); // launchTime
    raw.launchTime = -1;
    expect(jobSubmitMs(ok(raw))).toBe(1285322648294); // the setup task's startTime, the earliest
  });

  it('a job with no known time at all is malformed', () => {
    const raw = wordcountJob();
    raw.submitTime = -1;
    raw.launchTime = -1;
    for (const key of ['mapTasks', 'reduceTasks', 'otherTasks'] as const) {
      for (const task of tasksOf(raw, key)) {
        task.startTime = -1;
        for (const attempt of attemptsOf(task)) attempt.startTime = -1;
      }
    }
    expect(problems(raw).map((p) => [p.path, p.found])).toEqual([[`job 1 (${WORDCOUNT_ID}).submitTime`, '-1']]);
  });
});
