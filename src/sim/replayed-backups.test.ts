import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { KIND_MAP, KIND_REDUCE, type AttemptTable, type RunRecord } from '../model/run-record.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { createScheduler, fairScheduler, fifoScheduler } from '../sched/index.js';
import type { SchedulerFactory } from '../sched/types.js';
import { completionTimeMetrics } from '../metrics/completion-times.js';
import { checkRunInvariants } from './invariants.js';
import { simulate, type SimulateOptions } from './index.js';
import { recordedBackups, ReplayedBackups } from './replayed-backups.js';

/** An attempt table of the given rows (job, kind, task, start, end); the other columns are not read. */
function table(rows: [number, number, number, number, number][]): AttemptTable {
  const column = <T extends Int32Array | Float64Array | Uint8Array>(make: new (n: number) => T, pick: (row: (typeof rows)[number]) => number): T => {
    const out = new make(rows.length);
    rows.forEach((row, k) => (out[k] = pick(row)));
    return out;
  };
  const zeros = new Int32Array(rows.length);
  return {
    count: rows.length,
    job: column(Int32Array, (r) => r[0]),
    kind: column(Uint8Array, (r) => r[1]),
    task: column(Int32Array, (r) => r[2]),
    start: column(Float64Array, (r) => r[3]),
    end: column(Float64Array, (r) => r[4]),
    attempt: zeros,
    node: zeros,
    status: new Uint8Array(rows.length),
    locality: new Uint8Array(rows.length),
    bytesIn: new Float64Array(rows.length),
    networkBytes: new Float64Array(rows.length),
    byteHops: new Float64Array(rows.length),
  };
}

describe('recordedBackups', () => {
  it('takes the attempts that started while the one before them ran, by job and kind, not the retries after a failure', () => {
    const backups = recordedBackups(
      table([
        [0, KIND_MAP, 0, 0, 100], // first attempts
        [0, KIND_MAP, 1, 0, 30],
        [1, KIND_REDUCE, 0, 5, NaN], // still running when the run stopped
        [0, KIND_MAP, 1, 30, 90], // a retry, started as the first ended
        [0, KIND_MAP, 0, 70, 120], // a backup of map 0
        [1, KIND_REDUCE, 0, 80, 95], // a backup of a reduce that never ended
        [0, KIND_MAP, 1, 95, 99], // after the retry ended: a retry again
      ]),
    );
    expect([...backups.entries()]).toEqual([
      [2 * 0 + KIND_MAP, { times: [70], tasks: [0] }],
      [2 * 1 + KIND_REDUCE, { times: [80], tasks: [0] }],
    ]);
  });
});

describe('a replay of the slow-nodes example\'s backups', () => {
  const path = 'examples/slow-nodes.yaml';
  const scenario = parseScenarioText(readFileSync(path, 'utf8'), path);
  const run = (scheduler: SchedulerFactory<never>, options: SimulateOptions = {}): RunRecord => {
    const record = simulate(scenario, createScheduler(scheduler, scenario), options);
    expect(checkRunInvariants(record)).toEqual([]);
    return record;
  };
  const backedUp = (record: RunRecord): string[] =>
    [...recordedBackups(record.attempts).entries()].flatMap(([site, { tasks }]) => tasks.map((task) => `${site}/${task}`)).sort();

  const mean = (record: RunRecord) => completionTimeMetrics(record).meanCompletionTime!;

  it('under fifo backs up every task the recorded run did, and its jobs end about when they did', () => {
    const recorded = run(fifoScheduler as SchedulerFactory<never>);
    const replay = new ReplayedBackups(recorded.attempts);
    expect(replay.recorded).toBeGreaterThan(20);
    const replayed = run(fifoScheduler as SchedulerFactory<never>, { backupRules: replay.rules });
    expect(replay.launched).toBe(replay.recorded);
    expect(backedUp(replayed)).toEqual(backedUp(recorded));
    expect(Math.abs(mean(replayed) / mean(recorded) - 1)).toBeLessThan(0.05);
  });

  it('under fair, whose offers come in another order, backs up nearly all of them (it is not an exact re-run)', () => {
    const recorded = run(fairScheduler as SchedulerFactory<never>);
    const replay = new ReplayedBackups(recorded.attempts);
    const replayed = run(fairScheduler as SchedulerFactory<never>, { backupRules: replay.rules });
    expect(replay.launched).toBeGreaterThan(0.95 * replay.recorded);
    expect(replay.launched).toBeLessThanOrEqual(replay.recorded);
    const again = new Set(backedUp(replayed));
    expect(backedUp(recorded).filter((task) => again.has(task)).length).toBe(replay.launched);
    expect(Math.abs(mean(replayed) / mean(recorded) - 1)).toBeLessThan(0.05);
  });

  it('of a run without backups backs up nothing, and leaves the stragglers as they were', () => {
    const off = parseScenarioText(readFileSync(path, 'utf8').replace('  seed: 1', '  seed: 1\n  speculation: { maps: false, reduces: false }'), path);
    const withoutBackups = simulate(off, createScheduler(fifoScheduler as SchedulerFactory<never>, off));
    const replay = new ReplayedBackups(withoutBackups.attempts);
    const replayed = run(fifoScheduler as SchedulerFactory<never>, { backupRules: replay.rules });
    expect(replay.recorded).toBe(0);
    expect(replay.launched).toBe(0);
    expect(completionTimeMetrics(replayed).meanCompletionTime).toBeCloseTo(completionTimeMetrics(withoutBackups).meanCompletionTime!, 6);
  });
});
