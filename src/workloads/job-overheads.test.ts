import { describe, expect, it } from 'vitest';
import { jobOverheads, overheadFields, overheadModeProblem, OverheadGaps } from './job-overheads.js';

const TIMES = { submit: 1_000, firstTaskStart: 7_218, lastTaskEnd: 25_611, end: 30_689 };
const WORDS = { setup: { from: 'submitted', to: 'first start' }, commit: { from: 'last end', to: 'ended' } };

describe('jobOverheads', () => {
  it('setup = first task start − submission, commit = end − last task end, in seconds from ms', () => {
    expect(jobOverheads(TIMES)).toEqual({ setup: 6.218, commit: 5.078 });
  });

  it('a missing time leaves its gap unrecorded, times out of order leave it negative, a huge one beyond the model; the other gap stands', () => {
    expect(jobOverheads({ ...TIMES, submit: null })).toEqual({ setup: 'unrecorded', commit: 5.078 });
    expect(jobOverheads({ ...TIMES, end: 25_000 })).toEqual({ setup: 6.218, commit: 'negative' });
    // A gap past the model's time range (a corrupt time) is left out, not refused.
    expect(jobOverheads({ ...TIMES, end: 25_611 + 2 ** 34 * 1000 }).commit).toBe('beyond-model');
    // Equal times are a gap of 0, recorded.
    expect(jobOverheads({ ...TIMES, end: 25_611 }).commit).toBe(0);
  });
});

describe('overheadFields', () => {
  it('gives the recorded gaps under recorded, nothing under none', () => {
    expect(overheadFields({ setup: 6.218, commit: 'unrecorded' }, 'recorded')).toEqual({ setup: 6.218 });
    expect(overheadFields({ setup: 6.218, commit: 5.078 }, 'none')).toEqual({});
  });
});

describe('overheadModeProblem', () => {
  it('takes recorded and none, and names anything else at the option', () => {
    expect(overheadModeProblem('recorded')).toBeUndefined();
    expect(overheadModeProblem('none')).toBeUndefined();
    expect(overheadModeProblem(3)).toEqual({ path: 'overheads', expected: 'recorded or none', found: '3' });
  });
});

describe('OverheadGaps', () => {
  it('notes the rule, then each gap and reason some job lacks, with five of its ids and the count', () => {
    const gaps = new OverheadGaps();
    for (let j = 1; j <= 6; j++) gaps.add(`j${j}`, { setup: 'unrecorded', commit: 1 });
    gaps.add('j7', { setup: 2, commit: 'negative' });
    const notes = gaps.notes('recorded', WORDS);
    expect(notes).toEqual([
      "job setup and commit from the trace (overheads recorded): each job's setup = first start − submitted, commit = ended − last end, in seconds; its tasks may start once its setup is over, and it ends its commit after its last task (taking no slot)",
      '6 jobs without a setup (the trace lacks submitted or first start): settings.jobSetup applies: j1, j2, j3, j4, j5, … (6 in all)',
      '1 job without a commit (ended is before last end): settings.jobCommit applies: j7',
    ]);
  });

  it('under none, one note and no list: no job sets either gap', () => {
    const gaps = new OverheadGaps();
    gaps.add('j1', { setup: 'unrecorded', commit: 'unrecorded' });
    expect(gaps.notes('none', WORDS)).toHaveLength(1);
    expect(gaps.notes('none', WORDS)[0]).toMatch(/^job setup and commit not set \(overheads none\)/);
  });
});
