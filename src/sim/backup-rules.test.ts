import { describe, expect, it } from 'vitest';
import { KIND_MAP, type RunRecord } from '../model/run-record.js';
import { testScenario } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import type { SchedulerFactory } from '../sched/types.js';
import { attemptsOfKind } from '../test-support/attempt-rows.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';
import type { BackupRule } from './backup-rule.js';
import type { BackupRuleFactory } from './backup-rules.js';

// n0 and n1 at speed 1, n2 at a quarter; one map slot each, heartbeats at 0, 1, 2, …; three maps of work 100 at 0.
const scenario = testScenario({
  nodes: [{ reduceSlots: 0 }, { reduceSlots: 0 }, { reduceSlots: 0, speed: 0.25 }],
  jobs: [{ id: 'straggling', maps: [{ work: 100 }, { work: 100 }, { work: 100 }] }],
  settings: { speculation: { maps: true, reduces: false, policy: 'hadoop1' } },
});

// One node of two map slots, one map: the other slot is free while the map runs.
const lone = testScenario({
  nodes: [{ mapSlots: 2, reduceSlots: 0 }],
  jobs: [{ id: 'lone', maps: [{ work: 100 }] }],
  settings: { speculation: { maps: true, reduces: false, policy: 'hadoop1' } },
});

function run(backupRules?: BackupRuleFactory, on = scenario): RunRecord {
  const record = simulate(on, createScheduler(fifoScheduler as SchedulerFactory<never>, on), { alignHeartbeats: true, ...(backupRules ? { backupRules } : {}) });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** A rule that may back up from `from` on, and finds what `find` gives. */
function rule(from: number, find: (node: number) => number, now: () => number): BackupRule {
  return {
    wakeAt: Infinity,
    mayBackUp: () => now() >= from,
    noHoldsUntil: () => from,
    find: (node) => (now() >= from ? find(node) : -1),
    changed: () => {},
    won: () => {},
    stopped: () => {},
    tailStarted: () => {},
    nextWake: () => (now() < from ? from : Infinity),
    woken: () => {},
  };
}

describe("a caller's backup rules (SimulateOptions.backupRules)", () => {
  it("take the place of Hadoop 1's: the slow node's map is backed up by the built-in rule, not by one that never backs up", () => {
    const backups = (record: RunRecord) => attemptsOfKind(record, KIND_MAP).length - 3;
    expect(backups(run())).toBe(1);
    expect(backups(run(({ context }) => rule(Infinity, () => -1, context.now)))).toBe(0);
  });

  it('back up what they find: map 2, from 10 s, on the first fast node free', () => {
    const record = run(({ context, columns }) => rule(10, (node) => (context.log.node[columns.attempt[2]] === node ? -1 : 2), context.now));
    const [first, backup] = attemptsOfKind(record, KIND_MAP).filter(([task]) => task === 2);
    expect(backup[1]).not.toBe(first[1]);
    expect(backup[2]).toBeGreaterThanOrEqual(10);
    expect(record.attempts.count).toBe(4);
  });

  it('are refused by name when they find a task no backup can go to', () => {
    expect(() => run(({ context }) => rule(10, () => 0, context.now), lone)).toThrow(
      "the backup rule of job 'lone' found map 0 to back up on node 'n0', but it runs on that node: a rule's find must give a map running alone on another node, or -1",
    );
    expect(() => run(({ context }) => rule(10, () => 7, context.now))).toThrow("found map 7 to back up on node 'n0', but the job has 3 maps");
    expect(() => run(({ context }) => rule(0, () => 1, context.now))).toThrow('but it is not running');
    // Both maps on n0 at 0; at 10 n1's first free slot backs map 0 up, and its second is offered it again.
    const pair = testScenario({
      nodes: [
        { mapSlots: 2, reduceSlots: 0 },
        { mapSlots: 2, reduceSlots: 0 },
      ],
      jobs: [{ id: 'pair', maps: [{ work: 100 }, { work: 100 }] }],
      settings: { speculation: { maps: true, reduces: false, policy: 'hadoop1' } },
    });
    expect(() => run(({ context }) => rule(10, () => 0, context.now), pair)).toThrow("found map 0 to back up on node 'n1', but it has a backup already");
  });
});
