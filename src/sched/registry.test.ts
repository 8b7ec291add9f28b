import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { builtinSchedulers } from './index.js';

describe('SchedulerRegistry', () => {
  const registry = builtinSchedulers();

  it('offers the batch planners only for a batch: every job submitted at one time', () => {
    const batch = testScenario({ nodes: [{}], jobs: [{ submit: 0, maps: [{}] }, { submit: 0, maps: [{}] }] });
    const online = testScenario({ nodes: [{}], jobs: [{ submit: 0, maps: [{}] }, { submit: 30, maps: [{}] }] });
    expect(registry.namesFor(batch)).toEqual(registry.names());
    expect(registry.namesFor(online)).toEqual(registry.names().filter((name) => name !== 'uaas' && name !== 'mkjr'));
  });

  it('refuses a duplicate name, and names the known ones for an unknown one', () => {
    expect(() => registry.register(registry.get('fifo'))).toThrow(/already registered/);
    expect(() => registry.get('lottery', '--schedulers')).toThrow(/expected a scheduler name \(one of fifo, fair, capacity/);
  });
});
