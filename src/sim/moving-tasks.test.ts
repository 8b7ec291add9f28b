import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MovingTasks, type MovingChoice } from './moving-tasks.js';

/** Tasks whose rate and end the test sets, read as the tracker would read them (task t's alone attempt is 100 + t). */
function tracked(count: number) {
  const rate = new Float64Array(count);
  const end = new Float64Array(count);
  const moving = new MovingTasks(count, (task, into) => {
    into.rate = rate[task];
    into.attempt = 100 + task;
    into.end = end[task];
  });
  const best = (threshold: number, eligible: (task: number) => boolean = () => true): number => {
    const choice: MovingChoice = { task: -1, end: -Infinity };
    moving.bestUnder(threshold, (task, attempt) => attempt === 100 + task && eligible(task), choice);
    return choice.task;
  };
  return { rate, end, moving, best };
}

/** Three tasks at rates 0.1, 0.2 and 0.3, sampled. */
function threeSampled() {
  const job = tracked(3);
  job.rate.set([0.1, 0.2, 0.3]);
  job.end.set([50, 40, 30]);
  [0, 1, 2].forEach((task) => job.moving.join(task));
  job.moving.sampleAll();
  return job;
}

describe('tasks whose end moves, at their rates as last reported', () => {
  it('keeps each rate as sampled until they are all sampled again, and its statistics with it', () => {
    const { rate, moving } = threeSampled();
    rate[0] = 0.05;
    expect(moving.rateOf(0)).toBe(0.1);
    expect(moving.rates.sum).toBeCloseTo(0.6, 12);
    moving.sampleAll();
    expect(moving.rateOf(0)).toBe(0.05);
    expect(moving.rates.sum).toBeCloseTo(0.55, 12);
    expect(moving.rates.count).toBe(3);
  });

  it('leaves statistics of exactly nothing when the last task leaves, whatever rounding removing their rates left', () => {
    const { moving } = threeSampled();
    moving.leave(0);
    moving.leave(1);
    // 0.1 + 0.2 + 0.3 - 0.1 - 0.2 is not 0.3 in floating point: what is left of the sums is not the last rate's.
    expect(moving.rates.sum).not.toBe(0.3);
    moving.leave(2);
    expect([moving.rates.count, moving.rates.sum, moving.rates.sumSquares]).toEqual([0, 0, 0]);
  });

  it('gives, of the tasks under the threshold that are eligible, the one expected to end last, ties to the lower task', () => {
    const { rate, end, moving, best } = tracked(5);
    rate.set([0.1, 0.1, 0.5, 0.1, 0.1]);
    end.set([80, 90, 200, 90, 10]);
    [0, 1, 2, 3, 4].forEach((task) => moving.join(task));
    moving.sampleAll();
    // Task 2 ends last but runs fast; 1 and 3 tie at 90, the lower wins.
    expect(best(0.3)).toBe(1);
    expect(best(0.3, (task) => task !== 1)).toBe(3);
    expect(best(0.05)).toBe(-1);
    expect(best(Infinity)).toBe(2);
  });

  it('forgets a task that leaves, and counts one that joins between samples at its rate as it joined', () => {
    const { rate, end, moving, best } = tracked(4);
    rate.set([0.1, 0.2, 0, 0]);
    end.set([70, 60, 0, 0]);
    moving.join(0);
    moving.join(1);
    moving.sampleAll();
    moving.leave(0);
    expect(moving.size).toBe(1);
    expect(best(1)).toBe(1);
    rate[2] = 0.05;
    end[2] = 100;
    moving.join(2);
    expect(best(0.15)).toBe(2);
    expect(moving.rates.count).toBe(2);
    expect(moving.rates.sum).toBeCloseTo(0.25, 12);
    // Joining again (its attempts changed) samples it again, in place of its entry.
    rate[1] = 0.01;
    end[1] = 500;
    moving.join(1);
    expect(best(0.15)).toBe(1);
    expect(moving.rates.sum).toBeCloseTo(0.06, 12);
  });

  it('with `any`, gives the first eligible task found, and keeps its answers as tasks join again and again before any sample', () => {
    const { rate, end, moving } = tracked(3);
    rate.set([0.1, 0.1, 0.9]);
    end.set([10, 20, 30]);
    for (let round = 0; round < 100; round++) [0, 1, 2].forEach((task) => moving.join(task));
    expect(moving.size).toBe(3);
    expect(moving.rates.count).toBe(3);
    const choice: MovingChoice = { task: -1, end: -Infinity };
    moving.bestUnder(0.5, () => true, choice);
    expect(choice.task).toBe(1);
    moving.bestUnder(0.5, (task) => task === 0, choice, true);
    expect(choice.task).toBe(0);
    moving.bestUnder(0.05, () => true, choice, true);
    expect(choice.task).toBe(-1);
  });

  it('passes over a task whose sampled attempt is not running alone', () => {
    const count = 2;
    const moving = new MovingTasks(count, (task, into) => {
      into.rate = 0.1;
      into.attempt = task === 0 ? -1 : 7;
      into.end = task === 0 ? NaN : 20;
    });
    moving.join(0);
    moving.join(1);
    const choice: MovingChoice = { task: -1, end: -Infinity };
    moving.bestUnder(1, () => true, choice);
    expect(choice).toEqual({ task: 1, end: 20 });
  });

  it('orders a sample by rate, ties by task, whether it holds a few tasks or many', () => {
    const task = fc.record({ rate: fc.constantFrom(0.01, 0.02, 0.03, 0.05, 0.1), end: fc.integer({ min: 0, max: 20 }), eligible: fc.boolean() });
    fc.assert(
      fc.property(fc.array(task, { minLength: 1, maxLength: 130, size: 'max' }), fc.constantFrom(0.015, 0.04, 0.2), (tasks, threshold) => {
        const { rate, end, moving } = tracked(tasks.length);
        // Joined in reverse, so that the list's order is not the tasks'.
        for (let t = tasks.length - 1; t >= 0; t--) {
          rate[t] = tasks[t].rate;
          end[t] = tasks[t].end;
          moving.join(t);
        }
        moving.sampleAll();
        const under = tasks.map((_, t) => t).filter((t) => tasks[t].rate < threshold && tasks[t].eligible);
        const first = [...under].sort((a, b) => tasks[a].rate - tasks[b].rate || a - b)[0] ?? -1;
        const last = [...under].sort((a, b) => tasks[b].end - tasks[a].end || a - b)[0] ?? -1;
        const choose = (any: boolean) => {
          const choice: MovingChoice = { task: -1, end: -Infinity };
          moving.bestUnder(threshold, (t) => tasks[t].eligible, choice, any);
          return choice.task;
        };
        expect(choose(true)).toBe(first);
        expect(choose(false)).toBe(last);
      }),
    );
  });
});
