import { describe, expect, it } from 'vitest';
import { KIND_MAP, type RunRecord } from '../model/run-record.js';
import type { Variability } from '../model/scenario.js';
import { testScenario, type TestScenario } from '../test-support/scenario.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { simulate } from './simulate.js';
import { checkRunInvariants } from './invariants.js';

function run(spec: TestScenario, variability: Variability, seed = 1): RunRecord {
  const scenario = testScenario({ ...spec, settings: { ...spec.settings, variability, seed } });
  const record = simulate(scenario, createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** Each map attempt's duration. */
function durations(record: RunRecord): number[] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => i)
    .filter((i) => a.kind[i] === KIND_MAP)
    .map((i) => a.end[i] - a.start[i]);
}

// One node of one map slot, 400 maps of work 10 one after another.
const queue: TestScenario = { nodes: [{ reduceSlots: 0 }], jobs: [{ maps: Array.from({ length: 400 }, () => ({ work: 10 })) }] };

describe('run-time variance (settings.variability)', () => {
  it("scales each attempt's compute time by a lognormal factor of median 1, drawn from the seed", () => {
    const plain = durations(run(queue, { attemptSigma: 0, slowdowns: [], drawnSlowdowns: null }));
    expect(new Set(plain)).toEqual(new Set([10]));
    const noisy = durations(run(queue, { attemptSigma: 0.5, slowdowns: [], drawnSlowdowns: null }));
    const logs = noisy.map((d) => Math.log(d / 10));
    const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
    // 400 draws: the log-mean within 4 standard errors of 0, the log-sd within 15% of 0.5.
    expect(Math.abs(mean)).toBeLessThan((4 * 0.5) / Math.sqrt(400));
    expect(sd).toBeGreaterThan(0.425);
    expect(sd).toBeLessThan(0.575);
    // The same seed, the same draws; another seed, others.
    expect(durations(run(queue, { attemptSigma: 0.5, slowdowns: [], drawnSlowdowns: null }))).toEqual(noisy);
    expect(durations(run(queue, { attemptSigma: 0.5, slowdowns: [], drawnSlowdowns: null }, 2))).not.toEqual(noisy);
  });

  it('slows the computing of the tasks on a node while its slowdown lasts', () => {
    // Two nodes, two maps of work 20 at 0; n1 computes at a quarter from 10 to 30: 10 done by 10, 5 by 30, 5 more: 35.
    const spec: TestScenario = { nodes: [{ reduceSlots: 0 }, { reduceSlots: 0 }], jobs: [{ maps: [{ work: 20 }, { work: 20 }] }] };
    const record = run(spec, { attemptSigma: 0, slowdowns: [{ node: 1, from: 10, to: 30, factor: 0.25 }], drawnSlowdowns: null });
    const a = record.attempts;
    expect(Array.from({ length: a.count }, (_, i) => [a.node[i], a.end[i]]).sort()).toEqual([
      [0, 20],
      [1, 35],
    ]);
  });

  it('draws slowdowns on every node from the seed, the same whenever they are asked for', () => {
    // Ten nodes, 200 maps of work 10 each (20 waves); slowdowns of a quarter speed, 6 an hour of 2 minutes on average: a fifth of the time.
    const spec: TestScenario = { nodes: Array.from({ length: 10 }, () => ({ reduceSlots: 0 })), jobs: [{ maps: Array.from({ length: 200 }, () => ({ work: 10 })) }] };
    const drawn = { attemptSigma: 0, slowdowns: [], drawnSlowdowns: { perNodeHour: 6, meanDuration: 120, factor: 0.25 } };
    const slowed = durations(run(spec, drawn));
    // Some maps computed through a slowdown (longer than 10 s, at most 40 s), most did not.
    const longer = slowed.filter((d) => d > 10 + 1e-9);
    expect(longer.length).toBeGreaterThan(0);
    expect(longer.length).toBeLessThan(slowed.length / 2);
    expect(Math.max(...slowed)).toBeLessThanOrEqual(40 + 1e-9);
    expect(durations(run(spec, drawn))).toEqual(slowed);
    expect(durations(run(spec, drawn, 2))).not.toEqual(slowed);
  });

  it('refuses a slowdown of a node the cluster does not have, or one that ends before it starts', () => {
    const text = (slowdown: string) => `cluster: { generate: { racks: 1, nodesPerRack: 2 } }\njobs: [{ id: j, maps: 1, mapTime: 1 }]\nsettings:\n  variability:\n    slowdowns: [${slowdown}]\n`;
    expect(() => parseScenarioText(text('{ node: rack9-n01, from: 0, to: 10, factor: 0.5 }'), 'slow.yaml')).toThrow(/settings\.variability\.slowdowns\[0\]\.node.*a node id of the cluster/s);
    expect(() => parseScenarioText(text('{ node: rack1-n01, from: 10, to: 5, factor: 0.5 }'), 'slow.yaml')).toThrow(/to later than from/);
    expect(() => parseScenarioText(text('{ node: rack1-n01, from: 0, to: 5, factor: 2 }'), 'slow.yaml')).toThrow(/factor/);
  });
});
