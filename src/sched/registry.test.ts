import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { builtinSchedulers } from './index.js';
import { SchedulerRegistry } from './registry.js';
import type { SchedulerFactory } from './types.js';

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

  it('keeps placements apart from schedulers, and refuses duplicates, the reserved name and odd characters', () => {
    expect(registry.names()).toEqual(['fifo', 'fair', 'capacity', 'flow', 'uaas', 'mkjr', 'adaptive', 'dmrs', 'dmrs-identical', 'dmrs-map-only']);
    expect(registry.placements().map((p) => `${p.name}:${p.kind}`)).toEqual([
      'locality:map-placement',
      'delay:map-placement',
      'flow:map-placement',
      'hadoop:reduce-placement',
      'random:reduce-placement',
      'greedy:reduce-placement',
      'rhc:reduce-placement',
    ]);
    expect(() => registry.register(registry.placement('delay')!)).toThrow(/a placement named 'delay' is already registered/);
    const named = (name: string): SchedulerFactory => ({ name, summary: '', source: '', create: () => ({ name, onHeartbeat: () => undefined }) });
    expect(() => new SchedulerRegistry([named('placement')])).toThrow(/'placement' is reserved/);
    expect(() => new SchedulerRegistry([named('fifo+greedy')])).toThrow(/letters, digits/);
  });
});
