/**
 * Reduces that cannot fetch output lost with a failed node report it, and
 * enough reports have the maps run again before the JobTracker notices the
 * node; too few leave it to the expiry. Each run is worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { KIND_MAP, KIND_REDUCE, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../model/run-record.js';
import { firstComePolicy } from '../test-support/first-come-policy.js';
import { testScenario } from '../test-support/scenario.js';
import { HADOOP1_FETCH_FAILURES, YARN_FETCH_FAILURES, type ReduceShuffle } from './fetch-failures.js';
import { checkRunInvariants } from './invariants.js';
import { simulate } from './simulate.js';

/** A map's attempts in launch order: [status, start, end]. */
function mapAttempts(run: RunRecord, task: number): [number, number, number][] {
  const a = run.attempts;
  const rows: [number, number, number][] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_MAP && a.task[i] === task) rows.push([a.status[i], a.start[i], a.end[i]]);
  return rows;
}

describe("Hadoop 1's reduce-side rule", () => {
  // Maps of 20 s: R = max(2, ⌈log2(⌊20 000 / 4 000⌋ + 1)⌉) = ⌈log2 6⌉ = 3 retries before the first report.
  const early: ReduceShuffle = { longestMap: 20, maps: 100, pendingCopies: 60 };

  it('reports after R failures, then after every second one', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((k) => HADOOP1_FETCH_FAILURES.reports(k, early))).toEqual([false, false, true, false, true, false, true]);
  });

  it('backs off 4 s, doubling, up to R failures, then half of mapred.reduce.copy.backoff', () => {
    expect([1, 2, 3, 4, 5].map((k) => HADOOP1_FETCH_FAILURES.backoff(k, early))).toEqual([4, 8, 16, 150, 150]);
  });

  it('halves R near the end of the shuffle (a quarter of the maps left), but keeps the report due at the full count', () => {
    const late: ReduceShuffle = { ...early, pendingCopies: 25 };
    // R = 3 halves to 1: a report at once, then every second failure; at the third failure R is whole again: a report.
    expect([1, 2, 3, 4, 5].map((k) => HADOOP1_FETCH_FAILURES.reports(k, late))).toEqual([true, false, true, false, true]);
  });

  it('counts at least two retries, and more for longer maps', () => {
    const retriesOf = (longestMap: number) => [1, 2, 3, 4, 5, 6, 7, 8].find((k) => HADOOP1_FETCH_FAILURES.reports(k, { ...early, longestMap }));
    expect(retriesOf(1)).toBe(2); // ⌊1 000 / 4 000⌋ + 1 = 1: no retry asked, two at least
    expect(retriesOf(60)).toBe(4); // ⌈log2 16⌉
    expect(retriesOf(300)).toBe(7); // ⌈log2 76⌉
  });
});

describe("YARN's reduce-side rule", () => {
  const any: ReduceShuffle = { longestMap: 20, maps: 10, pendingCopies: 5 };

  it('reports every failed connection, and penalises the host 10 s × 1.3^k, at most 60 s', () => {
    expect([1, 2, 3].every((k) => YARN_FETCH_FAILURES.reports(k, any))).toBe(true);
    expect([1, 2, 3, 10].map((k) => YARN_FETCH_FAILURES.backoff(k, any))).toEqual([13, 10 * 1.3 ** 2, 10 * 1.3 ** 3, 60]);
  });
});

describe('output lost with a node, found by fetch failures', () => {
  // Aligned heartbeats. n0 (two map slots, no reduce slot) runs m0 and m1, n1 m2, n2 m3: maps of 20 s writing
  // 100 B each, listed at 20 in that order. Slow-start 1: at 20, r0, r1 and r2 launch on n1, n2 and n3 and copy a
  // third each of the 400 B at 10 B/s. n0 fails at 25: each reduce has copied m0's output whole and half of m1's,
  // so each still needs m1's. Its first fetch from n0 times out at 25 + 180 = 205; with three maps of four copied
  // it is near the end of its shuffle, so R = 3 halves to 1 and it reports at once. Three reports, all three
  // running reduces: the JobTracker fails m1 at 205, which runs again on n1 from 205 to 225. m0, which every
  // reduce had, runs again only when the node's failure is noticed, at 25 + 600 = 625.
  const scenario = (reduces: number) =>
    testScenario({
      nodes: [{ mapSlots: 2, reduceSlots: 0 }, {}, {}, { mapSlots: 0 }],
      jobs: [{ maps: Array.from({ length: 4 }, () => ({ work: 20, outputBytes: 100 })), reduces: Array.from({ length: reduces }, () => ({ work: 1000 })) }],
      settings: { failures: [{ node: 0, at: 25, recoverAt: null }], trackerExpiry: 600 },
    });

  it('three reports from the running reduces have the map they need run again long before the expiry', () => {
    const run = simulate(scenario(3), firstComePolicy(), { alignHeartbeats: true });
    expect(run.jobs[0].status).toBe('succeeded');
    expect(mapAttempts(run, 1)).toEqual([
      [STATUS_KILLED, 0, 20],
      [STATUS_SUCCEEDED, 205, 225],
    ]);
    expect(mapAttempts(run, 0)).toEqual([
      [STATUS_KILLED, 0, 20],
      [STATUS_SUCCEEDED, 625, 645],
    ]);
    expect(checkRunInvariants(run)).toEqual([]);
  });

  it('two reports are not enough: the map waits for the expiry', () => {
    const run = simulate(scenario(2), firstComePolicy(), { alignHeartbeats: true });
    expect(run.jobs[0].status).toBe('succeeded');
    expect(mapAttempts(run, 1).map(([status, start]) => [status, start])).toEqual([
      [STATUS_KILLED, 0],
      [STATUS_SUCCEEDED, 625],
    ]);
    const a = run.attempts;
    for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_REDUCE) expect(a.end[i]).toBeGreaterThan(645);
    expect(checkRunInvariants(run)).toEqual([]);
  });
});
