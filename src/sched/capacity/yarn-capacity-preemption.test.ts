import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../input/load-scenario.js';
import { KIND_MAP, STATUS_KILLED, type RunRecord } from '../../model/run-record.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import { createScheduler } from '../create-scheduler.js';
import { capacityScheduler } from './index.js';

/**
 * Two queues of half the cluster each. A node of 2 GB holds the AMs (1 GB
 * each); two nodes of 4 GB hold the tasks. Queue a's job takes all 8 GB of
 * them with maps of 1 GB and 200 s; queue b's job of 4 such maps comes at
 * 10 s, 1 GB (its AM) into its 5 GB guarantee. A user may take twice its
 * queue's guarantee (userLimitFactor 2), so one job can fill the cluster.
 * `withoutAmNode`: no node of the AMs' own, big's AM and 7 maps fill both
 * task nodes, and late's AM (with 3 maps) waits for room.
 */
function scenario(capacity: string, poolA = '', withoutAmNode = false) {
  const [bigMaps, lateMaps] = withoutAmNode ? [7, 3] : [8, 4];
  return parseScenarioText(
    `
cluster:
  racks:
    - id: r1
      nodes:
${withoutAmNode ? '' : '        - { id: am, memory: 2 GB, vcores: 2 }\n'}        - { id: n1, memory: 4 GB, vcores: 4 }
        - { id: n2, memory: 4 GB, vcores: 4 }
pools:
  - { id: a, capacity: 50, userLimitFactor: 2${poolA} }
  - { id: b, capacity: 50, userLimitFactor: 2 }
jobs:
  - { id: big, pool: a, maps: ${bigMaps}, mapTime: 200 s, mapContainer: { memory: 1 GB, vcores: 1 } }
  - { id: late, pool: b, submit: 10 s, maps: ${lateMaps}, mapTime: 200 s, mapContainer: { memory: 1 GB, vcores: 1 } }
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 }
schedulerOptions:
  capacity: { nodeLocalityDelay: -1${capacity} }
`,
    'capacity-preemption.yaml',
  );
}

/** When late's AM started. */
function lateAmStart(record: RunRecord): number {
  return record.applicationMasters!.find((am) => record.scenario.jobs[am.job].id === 'late')!.start;
}

function run(text: ReturnType<typeof scenario>): RunRecord {
  const record = simulate(text, createScheduler(capacityScheduler, text), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** Start times of a job's map attempts, sorted, and the end times of its killed ones. */
function maps(record: RunRecord, jobId: string): { starts: number[]; killedAt: number[] } {
  const job = record.scenario.jobs.findIndex((j) => j.id === jobId);
  const a = record.attempts;
  const starts: number[] = [];
  const killedAt: number[] = [];
  for (let i = 0; i < a.count; i++) {
    if (a.job[i] !== job || a.kind[i] !== KIND_MAP) continue;
    starts.push(a.start[i]);
    if (a.status[i] === STATUS_KILLED) killedAt.push(a.end[i]);
  }
  return { starts: starts.sort((x, y) => x - y), killedAt: killedAt.sort((x, y) => x - y) };
}

describe("YARN's proportional capacity preemption in the cluster", () => {
  it('is off by default: the late queue waits for the first queue’s maps to end', () => {
    const record = run(scenario(''));
    expect(maps(record, 'big').killedAt).toEqual([]);
    expect(maps(record, 'late').starts[0]).toBeGreaterThanOrEqual(200);
  });

  it('gives the late queue its guarantee back, a container at a time, each killed 15 s after it was first picked', () => {
    const record = run(scenario(', preemption: true'));
    // A tenth of the 10 GB cluster per round, and a fifth of that taken back: one 1 GB container per check, the same one
    // (big's latest started map) until it is killed. The late job is the policy's from 12 s (its AM set up), so big's maps are
    // picked at 12, 30, 48 and 66 s and killed 15 s later, 4 in all: b's 5 GB guarantee less its AM.
    expect(maps(record, 'big').killedAt).toEqual([27, 45, 63, 81]);
    expect(maps(record, 'late').starts).toEqual([27, 45, 63, 81]);
  });

  it('kills at once with no wait before the kill: at the node’s next heartbeat after the check', () => {
    const record = run(scenario(', preemption: true, maxWaitBeforeKill: 0'));
    expect(maps(record, 'big').killedAt).toEqual([15, 21, 27, 33]);
    expect(maps(record, 'late').starts).toEqual([15, 21, 27, 33]);
  });

  it('makes room for a waiting AM: its container counts in its queue’s demand', () => {
    // A round may take a fifth of the 8 GB: the default tenth is less than one 1 GB container, and would take none.
    const record = run(scenario(', preemption: true, totalPreemptionPerRound: 0.2', '', true));
    // The first check after late's arrival (12 s) picks big's latest map, killed 15 s later; late's AM takes its room.
    expect(maps(record, 'big').killedAt[0]).toBe(27);
    expect(lateAmStart(record)).toBe(27);
    expect(lateAmStart(run(scenario('', '', true)))).toBeGreaterThanOrEqual(200);
  });

  it('takes nothing from a queue that does not allow preemption from it', () => {
    const record = run(scenario(', preemption: true', ', allowPreemptionFrom: false'));
    expect(maps(record, 'big').killedAt).toEqual([]);
    expect(maps(record, 'late').starts[0]).toBeGreaterThanOrEqual(200);
  });
});
