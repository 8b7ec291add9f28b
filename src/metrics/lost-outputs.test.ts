import { describe, expect, it } from 'vitest';
import type { NodeFailure, RunRecord } from '../model/index.js';
import { attemptEnds } from './attempt-end.js';
import { lostMapOutputs } from './lost-outputs.js';
import { buildRun, type AttemptRow } from './test-support/run-builder.js';

function lost(attempts: AttemptRow[], failures: NodeFailure[]): { attempt: number[]; at: number[] } {
  const run: RunRecord = buildRun({ nodes: [{}, {}], jobs: [{ submit: 0, end: 20, maps: [1, 1] }], attempts, failures });
  const found = lostMapOutputs(run, attemptEnds(run));
  return { attempt: [...found.attempt], at: [...found.at] };
}

describe('lostMapOutputs', () => {
  it('reads a killed map whose node failed after it ended, before the task ran again, as a lost success', () => {
    // attempt 0 ended at 4 (recorded killed), node 0 failed at 6, the task re-ran at 7 → lost at 6
    const rows: AttemptRow[] = [
      { job: 0, node: 0, start: 0, end: 4, status: 'killed' },
      { job: 0, node: 1, attempt: 1, start: 7, end: 9 },
    ];
    expect(lost(rows, [{ node: 0, at: 6, recoverAt: null }])).toEqual({ attempt: [0], at: [6] });
  });

  it('takes the first failure of the node after the attempt ended, and allows no re-run at all', () => {
    const rows: AttemptRow[] = [{ job: 0, node: 0, start: 0, end: 4, status: 'killed' }];
    const failures = [
      { node: 0, at: 9, recoverAt: null },
      { node: 0, at: 2, recoverAt: 3 },
      { node: 0, at: 5, recoverAt: 8 },
    ];
    expect(lost(rows, failures)).toEqual({ attempt: [0], at: [5] });
  });

  it('leaves a killed map alone when the task ran again before the failure (preemption, say)', () => {
    const rows: AttemptRow[] = [
      { job: 0, node: 0, start: 0, end: 4, status: 'killed' },
      { job: 0, node: 1, attempt: 1, start: 5, end: 9 },
    ];
    expect(lost(rows, [{ node: 0, at: 6, recoverAt: null }])).toEqual({ attempt: [], at: [] });
  });

  it('leaves alone failed attempts, other nodes, failures before the end, and other tasks', () => {
    const rows: AttemptRow[] = [
      { job: 0, node: 0, start: 0, end: 4, status: 'failed' },
      { job: 0, task: 1, node: 1, start: 0, end: 4, status: 'killed' }, // node 1 never fails
      { job: 0, node: 0, attempt: 1, start: 0, end: 8, status: 'killed' }, // ended after the failure at 6
    ];
    expect(lost(rows, [{ node: 0, at: 6, recoverAt: null }])).toEqual({ attempt: [], at: [] });
  });
});
