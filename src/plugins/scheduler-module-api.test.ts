import { describe, expect, it } from 'vitest';
import registerExample from '../../examples/schedulers/lifo.js';
import { SCHEDULER_MODULE_API } from './scheduler-module-api.js';

describe('the scheduler module API', () => {
  it('hands a module the parts, zod and the errors, and not the rest of the package', () => {
    expect(Object.keys(SCHEDULER_MODULE_API)).toEqual(expect.arrayContaining(['composePolicy', 'LocalityPlacement', 'InputError', 'z', 'durationSchema']));
    expect(Object.keys(SCHEDULER_MODULE_API)).not.toContain('runScenario');
    expect(Object.isFrozen(SCHEDULER_MODULE_API)).toBe(true);
  });

  it('is all the example module needs: its factories declare their options with the API’s zod', () => {
    const [lifo, spread] = registerExample(SCHEDULER_MODULE_API);
    expect(lifo.options.safeParse({}).success).toBe(true);
    expect(spread.options.parse({})).toEqual({ maxSkips: 3 });
    expect(spread.options.safeParse({ maxSkips: -1 }).success).toBe(false);
  });
});
