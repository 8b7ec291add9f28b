import { describe, expect, it } from 'vitest';
import { SEEN, UNUSED, parseSlsJob, type SlsJobContext, type SlsJobResult } from './sls-job.js';

const CONTEXT: SlsJobContext = { index: 0, usedIds: new Set(), racksFromHosts: true };

function task(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'container.host': '/r1/h1',
    'container.start.ms': 1000,
    'container.end.ms': 3500,
    'container.type': 'map',
    ...overrides,
  };
}

function job(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'am.type': 'mapreduce',
    'job.id': 'j',
    'job.user': 'alice',
    'job.queue.name': 'q',
    'job.start.ms': 500,
    'job.tasks': [task()],
    ...overrides,
  };
}

function ok(result: SlsJobResult) {
  if (!result.ok) throw new Error(`expected a job, got problems: ${JSON.stringify(result.problems)}`);
  return result;
}

function problems(result: SlsJobResult) {
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

describe('parseSlsJob', () => {
  it('takes id, user, queue, start and each task’s work = (end − start) / 1000 s', () => {
    const { job: read } = ok(parseSlsJob(job(), CONTEXT));
    // 3500 − 1000 = 2500 ms = 2.5 s
    expect(read).toEqual({
      ids: ['j'],
      user: 'alice',
      queue: 'q',
      startMs: 500,
      endMs: undefined,
      mapSpans: [{ start: 1000, end: 3500 }],
      reduceSpans: [],
      hostSpans: [{ node: 'h1', start: 1000, end: 3500 }],
      maps: [2.5],
      reduces: [],
      hosts: [{ rack: 'r1', node: 'h1', written: '/r1/h1' }],
      mapRequest: {},
      reduceRequest: {},
    });
  });

  it('keeps job.end.ms and each container\'s start and end for replay checks, refusing an end before the start', () => {
    const { job: read } = ok(parseSlsJob(job({ 'job.end.ms': '9000', 'job.tasks': [task({ 'container.duration.ms': 700, 'container.start.ms': undefined })] }), CONTEXT));
    expect(read.endMs).toBe(9000);
    // A duration field without a start: the work is known, the span is not.
    expect(read.mapSpans).toEqual([null]);
    const [problem] = problems(parseSlsJob(job({ 'job.end.ms': 100 }), CONTEXT));
    expect(problem).toMatchObject({ path: 'job 1 (j).job.end.ms', found: '100' });
  });

  it('sorts tasks into maps and reduces by container.type, in trace order', () => {
    const tasks = [
      task({ 'container.end.ms': 2000 }), // 1 s
      task({ 'container.type': 'reduce', 'container.end.ms': 5000 }), // 4 s
      task({ 'container.end.ms': 4000 }), // 3 s
    ];
    const { job: read } = ok(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT));
    expect(read.maps).toEqual([1, 3]);
    expect(read.reduces).toEqual([4]);
  });

  it('prefers container.duration.ms, then duration.ms, to end − start (SLS’s order)', () => {
    const tasks = [
      task({ 'container.duration.ms': 7000, 'duration.ms': 9000 }), // 7 s
      task({ 'duration.ms': 9000 }), // 9 s
      task({ 'container.start.ms': undefined, 'container.end.ms': undefined, 'duration.ms': '1500' }), // 1.5 s
    ];
    const { job: read, tally } = ok(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT));
    expect(read.maps).toEqual([7, 9, 1.5]);
    expect(tally.count(SEEN.durationField)).toBe(3);
  });

  it('repeats a task entry `count` times; a count below 1 is one task, as in SLS', () => {
    const tasks = [task({ count: 3 }), task({ 'container.type': 'reduce', count: 0 })];
    const { job: read, tally } = ok(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT));
    expect(read.maps).toEqual([2.5, 2.5, 2.5]);
    expect(read.reduces).toEqual([2.5]);
    expect(tally.count(SEEN.taskRepeated)).toBe(1);
    expect(tally.count(SEEN.taskCountBelowOne)).toBe(1);
  });

  it('makes job.count n ≥ 2 into n jobs <id>-1 … <id>-n', () => {
    const { job: read } = ok(parseSlsJob(job({ 'job.count': 3 }), CONTEXT));
    expect(read.ids).toEqual(['j-1', 'j-2', 'j-3']);
  });

  it("applies SLS's defaults to a missing am.type (mapreduce), user and queue (default) and container.type (map), and counts each", () => {
    const bare = job({ 'am.type': undefined, 'job.user': undefined, 'job.queue.name': undefined, 'job.tasks': [task({ 'container.type': undefined })] });
    const { job: read, tally } = ok(parseSlsJob(bare, CONTEXT));
    expect(read).toMatchObject({ user: 'default', queue: 'default', maps: [2.5] });
    expect([SEEN.amTypeMissing, SEEN.userMissing, SEEN.queueMissing, SEEN.typeMissing].map((k) => tally.count(k))).toEqual([1, 1, 1, 1]);
  });

  it('counts the fields it does not use, by name', () => {
    const { tally } = ok(parseSlsJob(job({ 'job.tasks': [task({ 'container.priority': 20, 'container.gpu': 1, 'container.memory-mb': 2048 })] }), CONTEXT));
    expect(tally.keys().filter((k) => k.startsWith(UNUSED))).toEqual([`${UNUSED}container.priority`, `${UNUSED}container.gpu`]);
  });

  it("reads each kind's largest container.memory-mb and container.vcores, counting jobs whose tasks differ, and refuses a size that is not a whole number ≥ 1", () => {
    const tasks = [
      task({ 'container.memory-mb': 2048 }),
      task({ 'container.memory-mb': '3072', 'container.vcores': 2 }),
      task({ 'container.type': 'reduce', 'container.memory-mb': 4096 }),
    ];
    const { job: read, tally } = ok(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT));
    expect(read.mapRequest).toEqual({ memoryMb: 3072, vcores: 2 });
    expect(read.reduceRequest).toEqual({ memoryMb: 4096 });
    expect(tally.count(SEEN.requestsDiffer)).toBe(1);
    const same = ok(parseSlsJob(job({ 'job.tasks': [task({ 'container.memory-mb': 2048 }), task({ 'container.memory-mb': 2048 })] }), CONTEXT));
    expect(same.tally.count(SEEN.requestsDiffer)).toBe(0);
    const bad = parseSlsJob(job({ 'job.tasks': [task({ 'container.memory-mb': 0, 'container.vcores': 1.5 })] }), CONTEXT);
    expect(bad.ok ? [] : bad.problems.map((p) => [p.path, p.expected])).toEqual([
      ['job 1 (j).job.tasks[0].container.memory-mb', 'a whole number of MB ≥ 1'],
      ['job 1 (j).job.tasks[0].container.vcores', 'a whole number of vcores ≥ 1'],
    ]);
  });

  it('reads each distinct host path into rack and host name; a host without a rack has none', () => {
    const tasks = [task({ 'container.host': '/core-a/tor-b/h2' }), task({ 'container.host': 'h3' }), task({ 'container.host': 'h3' })];
    const { job: read, tally } = ok(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT));
    expect(read.hosts).toEqual([
      { rack: 'core-a/tor-b', node: 'h2', written: '/core-a/tor-b/h2' },
      { rack: undefined, node: 'h3', written: 'h3' },
    ]);
    expect(tally.examplesOf(SEEN.hostWithoutRack)).toEqual(['h3']);
  });

  it('refuses an application type other than mapreduce', () => {
    expect(problems(parseSlsJob(job({ 'am.type': 'stream' }), CONTEXT))).toEqual([
      {
        path: 'job 1 (j).am.type',
        expected: "'mapreduce' (the only SLS application type made of map and reduce tasks)",
        found: "'stream'",
      },
    ]);
  });

  it('refuses a job id used by an earlier job, or by a copy of one', () => {
    const used = { ...CONTEXT, index: 4, usedIds: new Set(['j', 'k-2']) };
    expect(problems(parseSlsJob(job(), used))).toEqual([{ path: 'job 5 (j).job.id', expected: 'a job id not used by an earlier job', found: "'j' again" }]);
    expect(problems(parseSlsJob(job({ 'job.id': 'k', 'job.count': 2 }), used))[0].found).toBe("'k', whose copy 'k-2' (job.count) is used already");
  });

  it('refuses a task of no duration, and a duration field ≤ 0', () => {
    const tasks = [task({ 'container.end.ms': 1000 }), task({ 'container.duration.ms': 0 })];
    expect(problems(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT)).map((p) => [p.path, p.found])).toEqual([
      ['job 1 (j).job.tasks[0].container.end.ms', '1000'],
      ['job 1 (j).job.tasks[1].container.duration.ms', '0'],
    ]);
  });

  it('refuses a job without tasks, and a job of reduces only', () => {
    expect(problems(parseSlsJob(job({ 'job.tasks': [] }), CONTEXT))).toEqual([
      { path: 'job 1 (j).job.tasks', expected: 'a list of at least one task', found: 'a list of 0' },
    ]);
    expect(problems(parseSlsJob(job({ 'job.tasks': [task({ 'container.type': 'reduce' })] }), CONTEXT))).toEqual([
      { path: 'job 1 (j).job.tasks', expected: 'at least one map task (a simulated job starts with its maps)', found: '1 reduce task and no map' },
    ]);
  });

  it('refuses a missing host, a host ending in /, and a rack named core when racks come from hosts', () => {
    const tasks = [task({ 'container.host': undefined }), task({ 'container.host': '/r1/' }), task({ 'container.host': '/core/h9' })];
    expect(problems(parseSlsJob(job({ 'job.tasks': tasks }), CONTEXT)).map((p) => p.path)).toEqual([
      'job 1 (j).job.tasks[0].container.host',
      'job 1 (j).job.tasks[1].container.host',
      'job 1 (j).job.tasks[2].container.host',
    ]);
    // With a topology the host's rack is not a rack id: 'core' is harmless.
    expect(parseSlsJob(job({ 'job.tasks': [task({ 'container.host': '/core/h9' })] }), { ...CONTEXT, racksFromHosts: false }).ok).toBe(true);
  });

  it('names a record that is not an object by its position', () => {
    expect(problems(parseSlsJob([1, 2], { ...CONTEXT, index: 2 }))).toEqual([
      { path: 'job 3', expected: 'an SLS job (a JSON object)', found: 'a list of 2' },
    ]);
  });

  it('refuses a missing start, a non-numeric count and a fractional job.count', () => {
    const bad = job({ 'job.start.ms': undefined, 'job.count': 1.5, 'job.tasks': [task({ count: 'many' })] });
    expect(problems(parseSlsJob(bad, CONTEXT)).map((p) => p.path)).toEqual([
      'job 1 (j).job.start.ms',
      'job 1 (j).job.count',
      'job 1 (j).job.tasks[0].count',
    ]);
  });
});
