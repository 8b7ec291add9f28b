import { describe, expect, it } from 'vitest';
import { conformanceScenario } from '../experiment/conformance-scenarios.js';
import { runScenario } from '../experiment/run-scenario.js';
import type { RunRecord } from '../model/index.js';
import { Random } from '../util/random.js';
import { orderBy } from '../util/radix-sort.js';
import { attemptEnds } from './attempt-end.js';
import { attemptOrder, recordedEndOrder } from './attempt-order.js';
import { buildRun } from './test-support/run-builder.js';

const byEnd = (run: RunRecord) => Array.from(attemptOrder(run, attemptEnds(run)).byEnd);
const sorted = (run: RunRecord) => Array.from(orderBy(attemptEnds(run)));

describe('the attempts by end', () => {
  // Rows 0 and 3 end at 4, row 3 first; row 1 at 2; row 2 still runs when the run stops at 6, when row 4 ends.
  const run = buildRun({
    jobs: [{ submit: 0, end: 6, maps: [1, 1, 1, 1, 1] }],
    attempts: [
      { job: 0, task: 0, start: 0, end: 4 },
      { job: 0, task: 1, start: 0, end: 2 },
      { job: 0, task: 2, start: 1, end: NaN },
      { job: 0, task: 3, start: 1, end: 4 },
      { job: 0, task: 4, start: 2, end: 6 },
    ],
  });
  const recorded = (ended: number[]): RunRecord => ({ ...run, attempts: { ...run.attempts, ended: Int32Array.from(ended) } });

  it('come from the record of the order attempts ended in as a stable sort orders them: equal ends by row, those still running at the end', () => {
    const record = recorded([1, 3, 0, 4]);
    expect(Array.from(recordedEndOrder(record, attemptEnds(record))!)).toEqual([1, 0, 3, 2, 4]);
    expect(byEnd(record)).toEqual([1, 0, 3, 2, 4]);
  });

  it('are sorted when there is no record, or one that does not fit (ends going down, a row left out or listed twice, or none such)', () => {
    for (const ended of [[1, 0, 4, 3], [1, 3, 4], [1, 3, 3, 4], [1, 3, 0, 4, 9]]) expect(recordedEndOrder(recorded(ended), attemptEnds(run))).toBeNull();
    for (const ended of [undefined, [1, 0, 4, 3], [1, 3, 4], [1, 3, 3, 4]]) {
      expect(byEnd(ended === undefined ? run : recorded(ended))).toEqual([1, 0, 3, 2, 4]);
    }
  });

  it('are what a sort gives on simulated runs with failures, speculation, preemption and YARN mode', () => {
    const random = new Random(7);
    for (let index = 0; index < 30; index++) {
      const scenario = conformanceScenario(random, `order #${index}`);
      for (const scheduler of ['fifo', 'fair']) {
        const { run: simulated } = runScenario(scenario, scheduler);
        const order = recordedEndOrder(simulated, attemptEnds(simulated));
        expect(order).not.toBeNull();
        expect(Array.from(order!)).toEqual(sorted(simulated));
      }
    }
  });
});
