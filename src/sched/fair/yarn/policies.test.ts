import { describe, expect, it } from 'vitest';
import { parseSchedulingPolicy, SCHEDULING_POLICIES } from './policies.js';
import type { SchedulingPolicyName } from './scheduling-policy.js';
import { resources } from './test-support/hadoop-units.js';

const NAMES: readonly SchedulingPolicyName[] = ['fair', 'drf', 'fifo'];

describe('the scheduling policies by name', () => {
  it.each([
    ['drf', 'drf'],
    ['fair', 'fair'],
    ['fifo', 'fifo'],
  ] as const)('reads %s as the %s policy (TestSchedulingPolicy.testParseSchedulingPolicy)', (text, name) => {
    expect(parseSchedulingPolicy(text)).toBe(name);
    expect(SCHEDULING_POLICIES[name].name).toBe(name);
  });

  it('reads names in any case, and refuses others (SchedulingPolicy.parse source)', () => {
    expect(parseSchedulingPolicy('DRF')).toBe('drf');
    expect(parseSchedulingPolicy('Fifo')).toBe('fifo');
    expect(parseSchedulingPolicy('capacity')).toBeUndefined();
  });

  it.each(NAMES)('%s divides an empty list without fault (TestEmptyQueues)', (name) => {
    expect(SCHEDULING_POLICIES[name].computeShares([], resources(0, 0))).toEqual([]);
  });

  it('allow child policies as Hadoop does: fair all but drf, drf all, fifo none (isChildPolicyAllowed)', () => {
    const allowed = NAMES.map((parent) => NAMES.filter((child) => SCHEDULING_POLICIES[parent].allowsChild(child)));
    expect(allowed).toEqual([['fair', 'fifo'], ['fair', 'drf', 'fifo'], []]);
  });
});
