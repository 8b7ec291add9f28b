import { describe, expect, it } from 'vitest';
import { KIND_MAP, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../model/run-record.js';
import { testScenario, type TestScenario } from '../test-support/scenario.js';
import { capacityScheduler, createScheduler, fairScheduler, fifoScheduler } from '../sched/index.js';
import type { SchedulerFactory } from '../sched/types.js';
import { simulate } from './simulate.js';
import { attemptsOfKind } from '../test-support/attempt-rows.js';
import { checkRunInvariants } from './invariants.js';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { BackupRule } from './backup-rule.js';
import { Hadoop1Speculation } from './hadoop1-speculation.js';
import { NODES, SpeculationJob, step, type Step } from '../test-support/speculation-job.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { completionTimeMetrics } from '../metrics/completion-times.js';

function run(spec: TestScenario, maps: boolean, scheduler: SchedulerFactory<never> = fifoScheduler as SchedulerFactory<never>): RunRecord {
  const scenario = testScenario({ ...spec, settings: { ...spec.settings, speculation: { maps, reduces: false, policy: 'hadoop1' } } });
  const record = simulate(scenario, createScheduler(scheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

const maps = (record: RunRecord) => attemptsOfKind(record, KIND_MAP);

// n0 and n1 at speed 1, n2 at a quarter; one map slot each, heartbeats at 0, 1, 2, …; three maps of work 100 at 0.
const straggler: TestScenario = {
  nodes: [{ reduceSlots: 0 }, { reduceSlots: 0 }, { reduceSlots: 0, speed: 0.25 }],
  jobs: [{ maps: [{ work: 100 }, { work: 100 }, { work: 100 }] }],
};

describe('speculative execution of maps (Hadoop 1)', () => {
  it('backs up the straggler once a slot is free and it lags, and kills it when the backup wins', () => {
    // Without: the map on n2 takes 400 s.
    expect(run(straggler, false).jobs[0].end).toBe(400);
    // With: n0 and n1 finish at 100 (rates 1/100). The map on n2 has run 100 s (≥ 60) at a rate of 1/400,
    // under the mean of the three rates (0.0075) by more than their standard deviation (0.0035): n0, heartbeating
    // first at 100, backs it up; the backup ends at 200 and the attempt on n2 is killed then.
    const record = run(straggler, true);
    expect(maps(record)).toEqual([
      [0, 0, 0, 100, STATUS_SUCCEEDED],
      [1, 1, 0, 100, STATUS_SUCCEEDED],
      [2, 2, 0, 200, STATUS_KILLED],
      [2, 0, 100, 200, STATUS_SUCCEEDED],
    ]);
    expect(record.jobs[0].end).toBe(200);
  });

  it('backs up nothing that runs at the pace of the others, or before the lag', () => {
    // Four nodes at speed 1, seven maps of 100: three start at 100 on the nodes the first ones freed, the
    // fourth node stays free. Every map progresses at 1/100 a second, finished or running: no rate is under
    // the mean, and nothing is backed up.
    const even: TestScenario = { nodes: Array.from({ length: 4 }, () => ({ reduceSlots: 0 })), jobs: [{ maps: Array.from({ length: 7 }, () => ({ work: 100 })) }] };
    expect(maps(run(even, true)).map(([, , , , status]) => status)).toEqual(Array.from({ length: 7 }, () => STATUS_SUCCEEDED));
    // Maps of 30 and a straggler of 30 on n2 (120 s): at 30 the straggler has run under 60 s; at 60 it may be
    // backed up: the backup on n0 runs 60 → 90 and wins.
    const short: TestScenario = { ...straggler, jobs: [{ maps: [{ work: 30 }, { work: 30 }, { work: 30 }] }] };
    expect(maps(run(short, true)).slice(2)).toEqual([
      [2, 2, 0, 90, STATUS_KILLED],
      [2, 0, 60, 90, STATUS_SUCCEEDED],
    ]);
  });

  it("backs up under the Fair Scheduler once delay scheduling allows any locality, as Hadoop's obtainNewMapTask does", () => {
    // The job's last maps ran node-local (no input): offered a slot at 100, 101 and 102 it waits out the node
    // and rack delays (1.5 s each at 1 s heartbeats); at 103 any map may run: the backup, 103 → 203.
    expect(run(straggler, true, fairScheduler as SchedulerFactory<never>).jobs[0].end).toBe(203);
  });

  it('backs up a map on a node that failed unnoticed: it no longer progresses', () => {
    // Four nodes at speed 1, three maps of 100 at 0 on n0, n1, n2; n2 fails at 10, noticed at 610. At 60 its map
    // has passed the lag at a rate of 0, under the mean of 1/100, 1/100 and 0 by more than their deviation: n3,
    // idle, backs it up at its heartbeat at 60, 60 → 160, and the job ends then, not after the failure is noticed.
    const failed: TestScenario = {
      nodes: Array.from({ length: 4 }, () => ({ reduceSlots: 0 })),
      jobs: [{ maps: [{ work: 100 }, { work: 100 }, { work: 100 }] }],
      settings: { failures: [{ node: 2, at: 10, recoverAt: null }], trackerExpiry: 600 },
    };
    expect(run(failed, false).jobs[0].end).toBe(710);
    const record = run(failed, true);
    expect(maps(record).slice(2)).toEqual([
      [2, 2, 0, 160, STATUS_KILLED],
      [2, 3, 60, 160, STATUS_SUCCEEDED],
    ]);
    expect(record.jobs[0].end).toBe(160);
  });

  it("backs up under the Capacity Scheduler, whose queues offer slots to a job with a map to back up (Hadoop 1's hasSpeculativeMaps)", () => {
    expect(run(straggler, true, capacityScheduler as SchedulerFactory<never>).jobs[0].end).toBe(200);
  });
});

describe('the slow-nodes example (four nodes of forty at a quarter speed)', () => {
  const path = 'examples/slow-nodes.yaml';
  const text = readFileSync(path, 'utf8');
  const meanJobTime = (source: string): number => {
    const scenario = parseScenarioText(source, path);
    const record = simulate(scenario, createScheduler(fifoScheduler as SchedulerFactory<never>, scenario));
    expect(checkRunInvariants(record)).toEqual([]);
    return completionTimeMetrics(record).meanCompletionTime!;
  };
  const fast = meanJobTime(text.replaceAll('speed: 0.25', 'speed: 1'));

  it('takes twice as long without speculation: each job waits for its maps on the slow nodes', () => {
    expect(meanJobTime(text.replace('  seed: 1', '  seed: 1\n  speculation: { maps: false }')) / fast).toBeGreaterThan(1.9);
  });

  it('is within 1.4× of the cluster without slow nodes with the default settings (speculation on)', () => {
    expect(meanJobTime(text) / fast).toBeLessThan(1.4);
  });
});

/**
 * The job tracker's wakes of one rule (`BackupWakes`): from the job's tail
 * on, after each thing it is told it is asked when it next wants waking, and
 * woken then, unless a sooner wake replaced that one.
 */
class RuleWakes {
  private readonly queued: number[] = [];

  constructor(
    private readonly rule: BackupRule,
    private readonly job: SpeculationJob,
  ) {}

  ask(): void {
    const { rule } = this;
    const at = rule.nextWake();
    if (at < rule.wakeAt || rule.wakeAt <= this.job.now) {
      rule.wakeAt = at;
      if (at < Infinity) this.queued.push(at);
    }
  }

  /** Time passes to `until`: the wakes due by then come in order; returns the times the rule was woken at. */
  pass(until: number): number[] {
    const woken: number[] = [];
    for (;;) {
      this.queued.sort((a, b) => a - b);
      if (this.queued.length === 0 || this.queued[0] > until) break;
      this.job.now = this.queued.shift()!;
      if (this.rule.wakeAt !== this.job.now) continue;
      this.rule.woken();
      woken.push(this.job.now);
      this.ask();
    }
    this.job.now = until;
    return woken;
  }
}

/** What a rule in its job's tail answers now: when it next wants waking, and whether the job may back up (and until when a no holds), and the task it would back up on each node. */
function answers(rule: BackupRule, job: SpeculationJob): { wake: number; backups: unknown[] } {
  const may = rule.mayBackUp(job.backups, job.running().length);
  return { wake: rule.nextWake(), backups: [may, may ? null : rule.noHoldsUntil(), ...Array.from({ length: NODES }, (_, node) => rule.find(node))] };
}

/**
 * A rule asked everything after every step, its wakes as the job tracker
 * gives them, against, at each step of the job's tail, a rule told the same
 * things at the same times (woken when the first was) and asked nothing
 * before: what a rule keeps from one question to the next must never turn
 * an answer to a policy, nor put a wake off. It may bring one on: a task
 * that wins at the rate it ran at leaves the kept wake as it was, and the
 * wake, come for nothing, does nothing.
 */
function askedAtEveryStep(steps: readonly Step[], shift: number): void {
  const job = new SpeculationJob(shift);
  const rule = new Hadoop1Speculation(job.columns, job.context);
  const wakes = new RuleWakes(rule, job);
  /** The times the rule was woken at, by the step they came in. */
  const wokenAt: number[][] = [];
  let tail = false;
  steps.forEach((s, k) => {
    wokenAt.push([]);
    if (s.kind === 'time') wokenAt[k] = wakes.pass(job.now + s.by);
    else {
      if (s.kind === 'tail') tail = true;
      job.apply(s, [rule]);
    }
    if (!tail) return;
    wakes.ask();
    const kept = answers(rule, job);
    const fresh = askedOnlyNow(steps.slice(0, k + 1), wokenAt, shift);
    expect(kept.backups, `after step ${k}`).toEqual(fresh.backups);
    expect(kept.wake, `the wake after step ${k}`).toBeLessThanOrEqual(fresh.wake);
  });
}

/** The answers of a rule told `steps`, woken at `wokenAt`, and asked nothing until now. */
function askedOnlyNow(steps: readonly Step[], wokenAt: readonly number[][], shift: number): ReturnType<typeof answers> {
  const job = new SpeculationJob(shift);
  const rule = new Hadoop1Speculation(job.columns, job.context);
  steps.forEach((s, k) => {
    if (s.kind !== 'time') job.apply(s, [rule]);
    else {
      const until = job.now + s.by;
      for (const at of wokenAt[k]) {
        job.now = at;
        rule.woken();
      }
      job.now = until;
    }
  });
  return answers(rule, job);
}

describe("Hadoop 1's rule, its answers kept between questions", () => {
  it('answers as a rule told the same and asked nothing before, after every step', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 60, size: 'max' }), fc.integer({ min: 1, max: 97 }), askedAtEveryStep), { numRuns: 3000 });
  });
});
