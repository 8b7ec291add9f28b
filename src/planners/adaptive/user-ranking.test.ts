import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairnessOrder, minShareOrder, type UserStanding } from './user-ranking.js';

/** Exp1 of the paper (Tables 1–2): min shares and priorities of User1..User6, nobody holding a slot yet. */
const exp1: UserStanding[] = [
  { priority: 3, minShare: 50, assigned: 0, earliestArrival: 4 }, // User1: J4 first
  { priority: 2, minShare: 20, assigned: 0, earliestArrival: 1 }, // User2: J1
  { priority: 3, minShare: 40, assigned: 0, earliestArrival: 2 }, // User3: J2
  { priority: 2, minShare: 30, assigned: 0, earliestArrival: 6 }, // User4: J6
  { priority: 1, minShare: 0, assigned: 0, earliestArrival: 7 }, // User5: J7
  { priority: 2, minShare: 0, assigned: 0, earliestArrival: 3 }, // User6: J3
];
const name = (u: number) => `U${u + 1}`;

describe('the min-share stage', () => {
  it('ranks Exp1 as U1 (3 × 50 = 150), U3 (3 × 40 = 120), U4 (2 × 30 = 60), U2 (2 × 20 = 40); U5 and U6 have no min share', () => {
    expect(minShareOrder(exp1).map(name)).toEqual(['U1', 'U3', 'U4', 'U2']);
  });

  it('lets a lower-priority user with a small min share overtake once the high-priority user is partly served', () => {
    // U1 holding 40 of 50: 3 × 10 = 30 < U2's 2 × 20 = 40 and U4's 60; U3 still 120.
    const served = exp1.map((user, u) => (u === 0 ? { ...user, assigned: 40 } : user));
    expect(minShareOrder(served).map(name)).toEqual(['U3', 'U4', 'U2', 'U1']);
  });

  it('drops users at or above their min share', () => {
    const full = exp1.map((user, u) => (u === 2 ? { ...user, assigned: 40 } : u === 3 ? { ...user, assigned: 45 } : user));
    expect(minShareOrder(full).map(name)).toEqual(['U1', 'U2']);
  });

  it('breaks a tie of products by priority, then by the earliest eligible job, then by order', () => {
    // 3 × 20 = 2 × 30 = 60: priority 3 first; two equal users: earlier job first; all equal: given order.
    const users: UserStanding[] = [
      { priority: 2, minShare: 30, assigned: 0, earliestArrival: 0 },
      { priority: 3, minShare: 20, assigned: 0, earliestArrival: 9 },
      { priority: 2, minShare: 31, assigned: 1, earliestArrival: 5 },
      { priority: 2, minShare: 30, assigned: 0, earliestArrival: 5 },
    ];
    expect(minShareOrder(users)).toEqual([1, 0, 2, 3]);
  });

  it('on any users: the first has the largest product, and serving it a slot never raises its product', () => {
    const standing = fc.record({
      priority: fc.integer({ min: 1, max: 5 }),
      minShare: fc.integer({ min: 0, max: 50 }),
      assigned: fc.integer({ min: 0, max: 60 }),
      earliestArrival: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(standing, { maxLength: 8 }), (users) => {
        const order = minShareOrder(users);
        const need = (u: number) => users[u].priority * (users[u].minShare - users[u].assigned);
        expect(order.length).toBe(users.filter((u) => u.assigned < u.minShare).length);
        order.forEach((u, k) => k > 0 && expect(need(order[k - 1])).toBeGreaterThanOrEqual(need(u)));
      }),
    );
  });
});

describe('the fairness stage', () => {
  it('ranks by slots beyond the min share per unit of priority, smallest first', () => {
    // (assigned − min share) / priority: U1 (55 − 50)/3 = 5/3, U2 (24 − 20)/2 = 2, U3 (40 − 40)/3 = 0,
    // U5 (3 − 0)/1 = 3, U6 (2 − 0)/2 = 1; U4 (30 − 30)/2 = 0 ties U3: U3 has priority 3.
    const users = exp1.map((user, u) => ({ ...user, assigned: [55, 24, 40, 30, 3, 2][u] }));
    expect(fairnessOrder(users).map(name)).toEqual(['U3', 'U4', 'U6', 'U1', 'U2', 'U5']);
  });
});
