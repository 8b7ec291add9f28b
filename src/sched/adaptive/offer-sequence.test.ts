import { describe, expect, it } from 'vitest';
import { offerSequence, type UserSlots, type WaitingJob } from './offer-sequence.js';

/** A waiting job named `name` of user `user`, suggested in both classifications unless told otherwise. */
function waiting(name: string, user: number, arrival: number, suggested: Partial<Pick<WaitingJob<string>, 'minShareSuggested' | 'fairnessSuggested'>> = {}): WaitingJob<string> {
  return { job: name, user, arrival, minShareSuggested: true, fairnessSuggested: true, ...suggested };
}

// The users of the paper's Exp1 (Table 1): min shares 50/20/40/30/0/0, priorities 3/2/3/2/1/2.
const exp1: UserSlots[] = [[3, 50], [2, 20], [3, 40], [2, 30], [1, 0], [2, 0]].map(([priority, minShare]) => ({ priority, minShare, assigned: 0 }));

describe('offerSequence', () => {
  it('ranks Exp1 by priority × remaining min share, then the users without one by fairness', () => {
    // Min-share stage: U1 3×50 = 150, U3 3×40 = 120, U4 2×30 = 60, U2 2×20 = 40.
    // Fairness stage: U5 (0 − 0)/1 = 0 and U6 (0 − 0)/2 = 0 tie; the higher priority, U6, first.
    const jobs = exp1.map((_, u) => waiting(`U${u + 1}`, u, u));
    expect(offerSequence(exp1, jobs)).toEqual(['U1', 'U3', 'U4', 'U2', 'U6', 'U5']);
  });

  it('serves a user whose product has shrunk after one with a smaller min share', () => {
    // U1 holds 40 of its 50: 3 × 10 = 30; U2 holds none of its 20: 2 × 20 = 40.
    const users: UserSlots[] = [
      { priority: 3, minShare: 50, assigned: 40 },
      { priority: 2, minShare: 20, assigned: 0 },
    ];
    expect(offerSequence(users, [waiting('a', 0, 0), waiting('b', 1, 1)])).toEqual(['b', 'a']);
  });

  it('ranks the fairness stage by the smallest (held − min share) / priority', () => {
    // A (10 − 4)/2 = 3, B (5 − 0)/1 = 5, C (2 − 0)/1 = 2: C, A, B.
    const users: UserSlots[] = [
      { priority: 2, minShare: 4, assigned: 10 },
      { priority: 1, minShare: 0, assigned: 5 },
      { priority: 1, minShare: 0, assigned: 2 },
    ];
    expect(offerSequence(users, [waiting('a', 0, 0), waiting('b', 1, 1), waiting('c', 2, 2)])).toEqual(['c', 'a', 'b']);
  });

  it("offers a user's jobs in arrival order, each once", () => {
    const users: UserSlots[] = [{ priority: 1, minShare: 3, assigned: 0 }];
    expect(offerSequence(users, [waiting('first', 0, 0), waiting('second', 0, 5), waiting('third', 0, 7)])).toEqual(['first', 'second', 'third']);
  });

  it('takes a job not suggested in SC¹ out of the min-share stage, into the fairness stage when it is in SC²', () => {
    // U1 is below its min share but its job is suggested only in the fairness
    // classification: U2's job (suggested in SC¹) comes first, then U1's in
    // the fairness stage, where U1 (0 − 50)/3 ranks before U3 (0 − 0)/1.
    const users = exp1.slice(0, 2).concat([{ priority: 1, minShare: 0, assigned: 0 }]);
    const jobs = [waiting('u1', 0, 0, { minShareSuggested: false }), waiting('u2', 1, 1), waiting('u3', 2, 2)];
    expect(offerSequence(users, jobs)).toEqual(['u2', 'u1', 'u3']);
  });

  it('falls back to unsuggested jobs only after every suggested one, min-share stage first', () => {
    // Suggested: only U5's job (fairness stage). Fallback min-share stage: U1
    // (3 × 50) before U2 (2 × 20); fallback fairness stage: U6.
    const users = exp1;
    const off = { minShareSuggested: false, fairnessSuggested: false };
    const jobs = [waiting('u6', 5, 0, off), waiting('u2', 1, 1, off), waiting('u1', 0, 2, off), waiting('u5', 4, 3)];
    expect(offerSequence(users, jobs)).toEqual(['u5', 'u1', 'u2', 'u6']);
  });

  it('breaks equal products by priority, then by the earlier job', () => {
    // Both 2 × 3 = 6 = 3 × 2: the priority-3 user first. Two priority-1 users
    // with equal needs: the one whose job arrived first.
    const users: UserSlots[] = [
      { priority: 2, minShare: 3, assigned: 0 },
      { priority: 3, minShare: 2, assigned: 0 },
      { priority: 1, minShare: 1, assigned: 0 },
      { priority: 1, minShare: 1, assigned: 0 },
    ];
    const jobs = [waiting('p2', 0, 0), waiting('p3', 1, 1), waiting('late', 2, 9), waiting('early', 3, 4)];
    expect(offerSequence(users, jobs)).toEqual(['p3', 'p2', 'early', 'late']);
  });

  it('gives nothing to offer when nothing waits', () => {
    expect(offerSequence(exp1, [])).toEqual([]);
  });
});
