import { describe, expect, it } from 'vitest';
import { attemptRows } from '../test-support/attempt-rows.js';
import { STATUS_FAILED } from '../model/run-record.js';
import { NO_TASK_FAILURES, YARN_CONTAINER_DEFAULTS, type FailureCause, type Settings } from '../model/scenario.js';
import { testScenario, type TestJob, type TestNode } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { simulate } from './simulate.js';
import { checkRunInvariants } from './invariants.js';
import { readFileSync } from 'node:fs';
import { parseScenarioText } from '../input/load-scenario.js';
import { lostWorkMetrics } from '../metrics/lost-work.js';

const cause = (probability: number, where: Partial<FailureCause> = {}): FailureCause => ({ probability, kind: null, node: null, job: null, ...where });

function run(nodes: readonly TestNode[], jobs: readonly TestJob[], causes: readonly FailureCause[], settings: Partial<Settings> = {}, taskFailures = {}) {
  const scenario = testScenario({ nodes, jobs, settings: { ...settings, taskFailures: { ...NO_TASK_FAILURES, causes, ...taskFailures } } });
  return simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
}

describe('task attempt failures (settings.taskFailures)', () => {
  it('retries a failing map on other nodes, then fails its job at the fourth failure, saying why', () => {
    // Every attempt of the job fails somewhere in its 10 s compute; the task is not run again on a node it failed on.
    const record = run(
      Array.from({ length: 5 }, () => ({ reduceSlots: 0 })),
      [{ maps: [{ work: 10 }] }],
      [cause(1, { job: 0 })],
    );
    const attempts = attemptRows(record);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(new Set(attempts.map((a) => a.node)).size).toBe(4);
    for (const a of attempts) {
      expect(a.end).toBeGreaterThanOrEqual(a.start);
      expect(a.end).toBeLessThan(a.start + 10);
    }
    // Each retry starts at the heartbeat after the failure (aligned heartbeats at whole seconds).
    for (let i = 1; i < attempts.length; i++) expect(attempts[i].start).toBe(Math.ceil(attempts[i - 1].end));
    expect(record.jobs[0]).toMatchObject({ status: 'failed', end: attempts[3].end });
    expect(record.jobs[0].failure).toBe('map 0 failed on 4 attempts, the most allowed (taskFailures.maxMapAttempts); its last attempt failed in its compute');
  });

  it('runs a failed task again on a node it failed on once it has failed on every node', () => {
    // Two nodes, a map that always fails, five attempts allowed: n0, n1, then either again.
    const record = run([{ reduceSlots: 0 }, { reduceSlots: 0 }], [{ maps: [{ work: 4 }] }], [cause(1)], {}, { maxMapAttempts: 5, maxFailuresPerTracker: 10 });
    const nodes = attemptRows(record).map((a) => a.node);
    expect(nodes).toHaveLength(5);
    expect(new Set(nodes.slice(0, 2)).size).toBe(2);
    expect(record.jobs[0].status).toBe('failed');
  });

  it('blacklists a node for a job after four of its failures there (mapred.max.tracker.failures) and finishes on the others', () => {
    // Eight nodes of one map slot; n7 fails every attempt; 40 maps of 5 s.
    const record = run(
      Array.from({ length: 8 }, () => ({ reduceSlots: 0 })),
      [{ maps: Array.from({ length: 40 }, () => ({ work: 5 })) }],
      [cause(1, { node: 7 })],
    );
    const attempts = attemptRows(record);
    const onBad = attempts.filter((a) => a.node === 7);
    expect(onBad).toHaveLength(4);
    expect(onBad.every((a) => a.status === 'failed')).toBe(true);
    // After the fourth failure there, no attempt starts on n7.
    expect(attempts.filter((a) => a.node === 7 && a.start > onBad[3].end)).toHaveLength(0);
    expect(record.jobs[0].status).toBe('succeeded');
    expect(attempts.filter((a) => a.status === 'succeeded')).toHaveLength(40);
  });

  it('takes a node out of the cluster after four jobs that blacklisted it succeed, and back once their faults leave the window', () => {
    // Jobs one after another on eight nodes; n7 fails everything. Each job blacklists n7 after 4 failures and succeeds:
    // the fourth success is the fourth fault, 4 - 4/8 > 0.5 × 4/8, so n7 is blacklisted for the cluster and the fifth
    // job never tries it. The window is 1,000 s: by the last job, the faults have left it and n7 is tried again.
    const job = (submit: number): TestJob => ({ submit, maps: Array.from({ length: 24 }, () => ({ work: 5 })) });
    const record = run(
      Array.from({ length: 8 }, () => ({ reduceSlots: 0 })),
      [job(0), job(100), job(200), job(300), job(400), job(2000)],
      [cause(1, { node: 7 })],
      {},
      { blacklistWindow: 1000 },
    );
    const attempts = attemptRows(record);
    const triedOnBad = (j: number) => attempts.filter((a) => a.job === j && a.node === 7).length;
    expect([0, 1, 2, 3].map(triedOnBad)).toEqual([4, 4, 4, 4]);
    expect(record.jobs.slice(0, 4).every((j) => j.status === 'succeeded' && j.end! < 100 * (record.jobs.indexOf(j) + 1))).toBe(true);
    expect(triedOnBad(4)).toBe(0);
    expect(triedOnBad(5)).toBe(4);
    expect(record.jobs.every((j) => j.status === 'succeeded')).toBe(true);
  });

  it('in YARN mode blacklists a node for a job after three failures there (mapreduce.job.maxtaskfailures.per.tracker)', () => {
    const yarn = { amMaxAttempts: 2, maxAmShare: 1, reduceRampUpLimit: 0.5, ...YARN_CONTAINER_DEFAULTS };
    const nodes = Array.from({ length: 8 }, () => ({ mapSlots: 1, reduceSlots: 1, totalSlots: 1, slotModel: 'unified' as const }));
    const scenario = testScenario({ nodes, jobs: [{ maps: Array.from({ length: 40 }, () => ({ work: 5 })) }], settings: { yarn } });
    const failures = { ...NO_TASK_FAILURES, causes: [cause(1, { node: 7 })], maxFailuresPerTracker: 3 };
    const withFailures = { ...scenario, settings: { ...scenario.settings, taskFailures: failures } };
    const record = simulate(withFailures, createScheduler(fifoScheduler, withFailures), { alignHeartbeats: true });
    const onBad = attemptRows(record).filter((a) => a.node === 7 && a.kind === 'map');
    expect(onBad).toHaveLength(3);
    expect(record.jobs[0].status).toBe('succeeded');
  });

  it('fails a reduce in its compute after its shuffle, and runs it again', () => {
    // Reduces fail one time in two; with the seed's draws, some do, and every job still succeeds within 4 attempts.
    const record = run(
      Array.from({ length: 4 }, () => ({ mapSlots: 2, reduceSlots: 2 })),
      Array.from({ length: 6 }, (_, j) => ({ submit: 10 * j, maps: [{ work: 3 }, { work: 3 }], reduces: [{ work: 6 }, { work: 6 }] })),
      [cause(0.5, { kind: 'reduce' })],
    );
    const failed = attemptRows(record).filter((a) => a.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((a) => a.kind === 'reduce')).toBe(true);
    for (const job of record.jobs) {
      if (job.status === 'failed') expect(job.failure).toMatch(/^reduce \d failed on 4 attempts/);
    }
    const a = record.attempts;
    // A failed reduce copied its share first: it ran at least its shuffle.
    for (let i = 0; i < a.count; i++) if (a.status[i] === STATUS_FAILED) expect(a.end[i]).toBeGreaterThan(a.start[i]);
    // Each reduce that failed ran again after its failure, and one attempt of it succeeded (its job did).
    const all = attemptRows(record);
    for (const f of failed) {
      if (record.jobs[f.job].status !== 'succeeded') continue;
      expect(all.some((r) => r.job === f.job && r.kind === 'reduce' && r.task === f.task && r.start >= f.end && r.status === 'succeeded')).toBe(true);
    }
    expect(record.jobs.some((job) => job.status === 'succeeded')).toBe(true);
  });

  it('draws nothing and changes nothing without a cause', () => {
    const jobs = [{ maps: Array.from({ length: 6 }, () => ({ work: 2 })), reduces: [{ work: 3 }] }];
    const nodes = [{ mapSlots: 2 }, { mapSlots: 2 }];
    const off = run(nodes, jobs, []);
    const never = run(nodes, jobs, [cause(0)]);
    expect(attemptRows(never)).toEqual(attemptRows(off));
  });
});

describe('the flaky-node example (one node of twenty fails four attempts in five)', () => {
  const path = 'examples/flaky-node.yaml';
  const text = readFileSync(path, 'utf8');
  const runOf = (source: string) => {
    const scenario = parseScenarioText(source, path);
    const record = simulate(scenario, createScheduler(fifoScheduler, scenario));
    expect(checkRunInvariants(record)).toEqual([]);
    const bad = scenario.cluster.nodes.findIndex((node) => node.id === 'rack1-n01');
    const onBad = attemptRows(record).filter((a) => a.node === bad);
    return { record, onBad, lostWork: lostWorkMetrics(record.attempts).lostWork };
  };

  it('has every job succeed, and no job use the node once four jobs that blacklisted it have succeeded', () => {
    const { record, onBad } = runOf(text);
    expect(record.jobs.every((job) => job.status === 'succeeded')).toBe(true);
    const jobsThere = new Set(onBad.map((a) => a.job));
    // The last job to use the node is followed by at least ten that never do.
    expect(Math.max(...jobsThere)).toBeLessThan(record.jobs.length - 10);
    expect(onBad.filter((a) => a.status === 'failed').length).toBeGreaterThan(onBad.length / 2);
  });

  it('loses less work with the blacklists than without them', () => {
    const withoutBlacklists = text.replace('  taskFailures:\n', '  taskFailures:\n    maxFailuresPerTracker: 100\n');
    expect(withoutBlacklists).not.toBe(text);
    const without = runOf(withoutBlacklists);
    expect(new Set(without.onBad.map((a) => a.job)).size).toBe(without.record.jobs.length);
    expect(runOf(text).lostWork).toBeLessThan(0.6 * without.lostWork);
  });
});
