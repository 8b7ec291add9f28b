import { describe, expect, it } from 'vitest';
import { KIND_REDUCE, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../model/run-record.js';
import type { SpeculationPolicy } from '../model/scenario.js';
import { testScenario, type TestScenario } from '../test-support/scenario.js';
import { capacityScheduler, createScheduler, fairScheduler, fifoScheduler } from '../sched/index.js';
import type { SchedulerFactory } from '../sched/types.js';
import { simulate } from './simulate.js';
import { attemptsOfKind } from '../test-support/attempt-rows.js';
import { checkRunInvariants } from './invariants.js';

function run(spec: TestScenario, reduces: boolean, policy: SpeculationPolicy = 'hadoop1', scheduler: SchedulerFactory<never> = fifoScheduler as SchedulerFactory<never>): RunRecord {
  const scenario = testScenario({ ...spec, settings: { network: 'isolated', ...spec.settings, speculation: { maps: false, reduces, policy } } });
  const record = simulate(scenario, createScheduler(scheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

const reduces = (record: RunRecord) => attemptsOfKind(record, KIND_REDUCE);

// n0 and n1 at speed 1, n2 at a quarter; no map slots but n0's, one reduce slot each, heartbeats at 0, 1, 2, …
// A map of work 1 on n0 (0 → 1), with no output; then three reduces of work 100, launched at 1 on n0, n1 and n2
// (heartbeats at 1 in node order): nothing to copy, they compute at once.
const straggler: TestScenario = {
  nodes: [{ mapSlots: 1 }, { mapSlots: 0 }, { mapSlots: 0, speed: 0.25 }],
  jobs: [{ maps: [{ work: 1, outputBytes: 0 }], reduces: [{ work: 100 }, { work: 100 }, { work: 100 }] }],
};

describe('speculative execution of reduces (Hadoop 1)', () => {
  it('backs up the straggling reduce once a reduce slot is free and it lags, and kills it when the backup wins', () => {
    // Without: the reduce on n2 takes 400 s (1 → 401).
    expect(run(straggler, false).jobs[0].end).toBe(401);
    // With: n0 and n1 finish at 101 (rates 1/100). The reduce on n2 has run 100 s (≥ 60) at a rate of 1/400, under
    // the mean of the three rates (0.0075) by more than their standard deviation (0.0035): n0, heartbeating first at
    // 101, backs it up; the backup ends at 201 and the attempt on n2 is killed then.
    const record = run(straggler, true);
    expect(reduces(record)).toEqual([
      [0, 0, 1, 101, STATUS_SUCCEEDED],
      [1, 1, 1, 101, STATUS_SUCCEEDED],
      [2, 2, 1, 201, STATUS_KILLED],
      [2, 0, 101, 201, STATUS_SUCCEEDED],
    ]);
    expect(record.jobs[0].end).toBe(201);
  });

  it('backs up no reduce whose rate is the others\', nor one that has run under the lag', () => {
    // All three at speed 1: nothing is backed up.
    const even: TestScenario = { ...straggler, nodes: [{ mapSlots: 1 }, { mapSlots: 0 }, { mapSlots: 0 }] };
    expect(reduces(run(even, true)).map((row) => row[4])).toEqual([STATUS_SUCCEEDED, STATUS_SUCCEEDED, STATUS_SUCCEEDED]);
    // Reduces of 30: at 31 the straggler (120 s) has run 30 s; at 61 it passes the lag and n0 backs it up, 61 → 91.
    const short: TestScenario = { ...straggler, jobs: [{ maps: [{ work: 1, outputBytes: 0 }], reduces: [{ work: 30 }, { work: 30 }, { work: 30 }] }] };
    expect(reduces(run(short, true)).slice(2)).toEqual([
      [2, 2, 1, 91, STATUS_KILLED],
      [2, 0, 61, 91, STATUS_SUCCEEDED],
    ]);
  });

  it("takes a reduce still copying at its copy's progress, as Hadoop 1 does, and so backs it up", () => {
    // A fourth node and a fourth reduce of work 1 that copies 1,994 of the map's 2,000 B at 10 B/s (1 → 200.4); the
    // others copy 2 B in 0.2 s, n0's and n1's end at 101.2 (rates 1/100.2), the straggler's is due at 401.2. At
    // n0's heartbeat at 102 the copying reduce, reported at a third of the share it has copied over its time
    // (about 1/600 a second), is under the mean of the four rates (0.0060) by more than their standard deviation
    // (0.0040), and the straggler (1/400.2) is not: Hadoop 1's rule backs up the copying reduce, the flaw LATE's
    // paper points out in it. Its backup copies from the start and is killed when the first ends.
    const copying: TestScenario = {
      nodes: [...straggler.nodes, { mapSlots: 0 }],
      jobs: [
        {
          maps: [{ work: 1, outputBytes: 2000 }],
          reduces: [
            { work: 100, shuffleShare: 0.001 },
            { work: 100, shuffleShare: 0.001 },
            { work: 100, shuffleShare: 0.001 },
            { work: 1, shuffleShare: 0.997 },
          ],
        },
      ],
    };
    expect(reduces(run(copying, true))).toEqual([
      [0, 0, 1, 101.2, STATUS_SUCCEEDED],
      [1, 1, 1, 101.2, STATUS_SUCCEEDED],
      [2, 2, 1, 301.2, STATUS_KILLED],
      [3, 3, 1, 201.4, STATUS_SUCCEEDED],
      [3, 0, 102, 201.4, STATUS_KILLED],
      [2, 1, 201, 301.2, STATUS_SUCCEEDED],
    ]);
  });

  it('backs up under the Fair and Capacity Schedulers, which offer a reduce slot to a job with a reduce to back up', () => {
    expect(run(straggler, true, 'hadoop1', fairScheduler as SchedulerFactory<never>).jobs[0].end).toBe(201);
    expect(run(straggler, true, 'hadoop1', capacityScheduler as SchedulerFactory<never>).jobs[0].end).toBe(201);
  });

  it('copies the whole share again: a backup of a reduce whose input is on the network fetches it from the start', () => {
    // The map writes 1,000 B on n0; each reduce copies a third (333.3 B). At the default fetch rate the copy is quick,
    // and the straggler's compute is what lags. Its backup's bytes in are the same share, copied again.
    const withInput: TestScenario = { ...straggler, jobs: [{ maps: [{ work: 1, outputBytes: 1000 }], reduces: straggler.jobs[0].reduces }] };
    const record = run(withInput, true);
    const a = record.attempts;
    const rows = [...Array(a.count).keys()].filter((i) => a.kind[i] === KIND_REDUCE && a.task[i] === 2);
    expect(rows).toHaveLength(2);
    const won = rows.find((i) => a.status[i] === STATUS_SUCCEEDED)!;
    expect(a.node[won]).toBe(0);
    expect(a.bytesIn[won]).toBeCloseTo(1000 / 3, 6);
  });
});

describe("speculative execution of reduces by YARN's DefaultSpeculator and by LATE", () => {
  it('backs up the straggling reduce under each rule', () => {
    // YARN: the AM scans every second once no reduce waits; at 101 the first reduces have ended (mean 100 s), and the
    // straggler, expected at 401, would end later than a new attempt (at 201): it asks for the backup, which n0 takes.
    expect(reduces(run(straggler, true, 'yarn')).slice(2)).toEqual([
      [2, 2, 1, 201, STATUS_KILLED],
      [2, 0, 101, 201, STATUS_SUCCEEDED],
    ]);
    // LATE weighs only running reduces: at 101 the straggler runs alone, at its own 25th percentile, and is kept.
    expect(reduces(run(straggler, true, 'late')).slice(2)).toEqual([[2, 2, 1, 401, STATUS_SUCCEEDED]]);
    // With reduce 1 of work 300 still running at 101 (rate 1/300), the straggler's 1/400 is under their 25th
    // percentile (0.00271), and its 300 s left are the longest: n0, which has done work, backs it up.
    const uneven: TestScenario = { ...straggler, jobs: [{ maps: [{ work: 1, outputBytes: 0 }], reduces: [{ work: 100 }, { work: 300 }, { work: 100 }] }] };
    expect(reduces(run(uneven, true, 'late')).slice(2)).toEqual([
      [2, 2, 1, 201, STATUS_KILLED],
      [2, 0, 101, 201, STATUS_SUCCEEDED],
    ]);
  });
});
