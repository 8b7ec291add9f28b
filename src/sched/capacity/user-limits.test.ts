import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isUserOverLimit, userLimit } from './user-limits.js';

const base = { capacity: 10, occupied: 0, activeUsers: 1, minimumUserLimitPercent: 100, userLimitFactor: 1 };

describe('user limit (Hadoop 1 assignSlotsToJob)', () => {
  it('splits the queue capacity among the active users, down to minimumUserLimitPercent', () => {
    // Under capacity: current = 10. 25 %, 2 users: max(⌈10/2⌉, ⌈2.5⌉) = 5; 3 users: max(4, 3) = 4;
    // 5 users: max(2, 3) = 3 — the minimum percent stops the split.
    const limit = (activeUsers: number) => userLimit({ ...base, activeUsers, minimumUserLimitPercent: 25 });
    expect([limit(1), limit(2), limit(3), limit(5)]).toEqual([10, 5, 4, 3]);
  });

  it('measures against usage + 1 once the queue is at or over its capacity', () => {
    // capacity 10, factor 3 (ceiling 30), 2 users at 50 %: occupied 9 → 9 + 1 ≤ 10 → current 10 → 5;
    // occupied 10 → current 11 → ⌈5.5⌉ = 6; occupied 15 → current 16 → 8.
    const limit = (occupied: number) =>
      userLimit({ ...base, occupied, activeUsers: 2, minimumUserLimitPercent: 50, userLimitFactor: 3 });
    expect([limit(9), limit(10), limit(15)]).toEqual([5, 6, 8]);
  });

  it('never lets one user pass userLimitFactor × capacity', () => {
    // One user over capacity: current = occupied + 1, but the ceiling is ⌊10 × 1.5⌋ = 15.
    expect(userLimit({ ...base, occupied: 12, userLimitFactor: 1.5 })).toBe(13);
    expect(userLimit({ ...base, occupied: 20, userLimitFactor: 1.5 })).toBe(15);
    expect(userLimit({ ...base, occupied: 20 })).toBe(10);
  });

  it('treats a queue guaranteed less than one slot as guaranteed one', () => {
    expect(userLimit({ ...base, capacity: 0 })).toBe(1);
    expect(userLimit({ ...base, capacity: 0, occupied: 3, userLimitFactor: 4 })).toBe(4);
  });

  it('is at least one slot, where Hadoop would starve the queue (factor below 1 on a tiny queue)', () => {
    // ⌊1 × 0.5⌋ = 0 in Hadoop.
    expect(userLimit({ ...base, capacity: 1, userLimitFactor: 0.5 })).toBe(1);
  });

  it('counts no active user as one', () => {
    expect(userLimit({ ...base, activeUsers: 0 })).toBe(10);
  });

  it('puts a user over the limit when one more slot would pass it', () => {
    expect(isUserOverLimit(4, 5)).toBe(false);
    expect(isUserOverLimit(5, 5)).toBe(true);
  });

  it('stays within [1, ⌊max(capacity, 1) × factor⌋]; at 100 % it is the current capacity up to there', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        (capacity, occupied, activeUsers, minimumUserLimitPercent, userLimitFactor) => {
          const limit = userLimit({ capacity, occupied, activeUsers, minimumUserLimitPercent, userLimitFactor });
          const ceiling = Math.max(1, Math.floor(Math.max(capacity, 1) * userLimitFactor + 1e-9));
          expect(limit).toBeGreaterThanOrEqual(1);
          expect(limit).toBeLessThanOrEqual(ceiling);
          if (minimumUserLimitPercent === 100) {
            expect(limit).toBe(Math.min(ceiling, Math.max(capacity, 1, occupied + 1)));
          }
        },
      ),
    );
  });
});
