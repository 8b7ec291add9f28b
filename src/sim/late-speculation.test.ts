import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackupRule } from './backup-rule.js';
import { LateSpeculation } from './late-speculation.js';
import { interpolatedQuantile } from '../util/interpolated-quantile.js';
import { NODES, SpeculationJob, step, type Step } from '../test-support/speculation-job.js';

/**
 * A job told of each step as the job tracker tells its rule, and the rule's
 * answer at each node set beside LATE's rule applied literally: every
 * running task's rate, their 25th percentile, and of the tasks running alone
 * elsewhere under it the longest time left (ties: the lower task). An end
 * that moves is another at each time (`shift`).
 */
function replay(steps: readonly Step[], shift: number): void {
  const job = new SpeculationJob(shift);
  const { log, attempt, backup, avoided } = job;
  const rule: BackupRule = new LateSpeculation(job.columns, job.context);
  let tail = false;
  for (const s of steps) {
    if (s.kind === 'time') job.now += s.by;
    else {
      if (s.kind === 'tail') tail = true;
      if (!job.apply(s, [rule])) continue;
    }
    if (!tail) continue;
    for (let node = 0; node < NODES; node++) expect(rule.find(node)).toBe(literalFind(node));
  }

  function literalFind(node: number): number {
    const { now } = job;
    const tasks = job.running();
    const rateOf = (a: number) => {
      const end = job.expectedEnd(a);
      return 1 / Math.max((Number.isNaN(end) ? now : end) - log.start[a], 1e-3);
    };
    const rates = tasks.map((task) => Math.max(rateOf(attempt[task]), backup[task] >= 0 ? rateOf(backup[task]) : 0));
    if (rates.length === 0) return -1;
    const threshold = interpolatedQuantile([...rates].sort((x, y) => x - y), 0.25);
    let best = -1;
    let bestLeft = -Infinity;
    tasks.forEach((task, k) => {
      if (backup[task] >= 0 || log.node[attempt[task]] === node || avoided.has(`${task}/${node}`) || rates[k] >= threshold) return;
      const end = job.expectedEnd(attempt[task]);
      const left = Number.isNaN(end) ? 0 : end - now;
      if (left > bestLeft || (left === bestLeft && task < best)) {
        best = task;
        bestLeft = left;
      }
    });
    return best;
  }
}

describe("LATE's rule, its running tasks kept", () => {
  it('backs up the task LATE applied literally would, at every node and after every change', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 80, size: 'max' }), fc.integer({ min: 1, max: 97 }), replay), { numRuns: 1000 });
  });
});
