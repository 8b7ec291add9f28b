import { describe, expect, it } from 'vitest';
import type { JobPlan } from './job-plan.js';
import { RunningAttempts, type RunningAttempt } from './running-attempts.js';

// The job plan is only read by `remove`, which these tests do not call.
const attempt = (task: number, estimatedEnd: number): RunningAttempt => ({ job: {} as JobPlan, kind: 'map', task, estimatedEnd });

describe('RunningAttempts', () => {
  it('notices an attempt overdue by more than the tolerance, forgets ended ones, and follows moved deadlines', () => {
    const running = new RunningAttempts(2, 3);
    const a = attempt(0, 10);
    const b = attempt(1, 20);
    running.add(0, a);
    running.add(1, b);
    // a is due by 10 + 3.
    expect(running.anyOverdue(13)).toBe(false);
    expect(running.anyOverdue(14)).toBe(true);
    // Node 0 failed: a no longer runs; b is due by 23.
    running.clear(0);
    expect(running.anyOverdue(14)).toBe(false);
    expect(running.anyOverdue(24)).toBe(true);
    // Seen overdue at 24, b is expected by 27, so due by 30.
    expect(running.expectedEnd(b, 24)).toBe(27);
    expect(running.anyOverdue(25)).toBe(false);
    expect(running.anyOverdue(31)).toBe(true);
    // An attempt added later, due first, takes the place of a popped entry.
    running.add(0, attempt(2, 5));
    expect(running.anyOverdue(9)).toBe(true);
    expect(running.on(0).map((x) => x.task)).toEqual([2]);
  });
});
