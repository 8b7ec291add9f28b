import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { builtinSchedulers } from '../sched/index.js';
import { suitedSchedulers } from './suited-schedulers.js';

describe('suitedSchedulers', () => {
  const registry = builtinSchedulers();

  it('offers the batch planners only for a batch: every job submitted at one time', () => {
    const batch = testScenario({ nodes: [{}], jobs: [{ submit: 0, maps: [{}] }, { submit: 0, maps: [{}] }] });
    const online = testScenario({ nodes: [{}], jobs: [{ submit: 0, maps: [{}] }, { submit: 30, maps: [{}] }] });
    expect(suitedSchedulers(registry, batch)).toEqual(registry.names());
    expect(suitedSchedulers(registry, online)).toEqual(registry.names().filter((name) => name !== 'uaas' && name !== 'mkjr'));
  });
});
