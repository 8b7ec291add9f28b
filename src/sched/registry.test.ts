import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { builtinSchedulers } from './builtin-schedulers.js';
import { SchedulerRegistry } from './registry.js';
import { NO_OPTIONS } from './scheduler-options.js';
import type { MapPlacementFactory, SchedulerFactory } from './types.js';

describe('SchedulerRegistry', () => {
  const registry = builtinSchedulers();

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
    const named = (name: string): SchedulerFactory => ({ name, summary: '', source: '', options: NO_OPTIONS, optionDescriptions: {}, create: () => ({ name, onHeartbeat: () => undefined }) });
    expect(() => new SchedulerRegistry([named('placement')])).toThrow(/'placement' is reserved/);
    expect(() => new SchedulerRegistry([named('fifo+greedy')])).toThrow(/letters, digits/);
  });

  it('makes a copy with one factory in place of the one of its name, or added', () => {
    const own: SchedulerFactory = { ...registry.get('fifo'), summary: 'mine' };
    const copy = registry.with(own);
    expect([copy.get('fifo').summary, registry.get('fifo').summary === 'mine', copy.names()]).toEqual(['mine', false, registry.names()]);
    expect(registry.with({ ...own, name: 'mine' }).names()).toEqual([...registry.names(), 'mine']);
  });

  it('lets a scheduler and a placement share a name only with one options schema, as they read the same options', () => {
    const flow = registry.placement('flow') as MapPlacementFactory;
    expect(() => new SchedulerRegistry([registry.get('flow'), flow])).not.toThrow();
    const other: MapPlacementFactory = { ...flow, options: z.strictObject({}) };
    expect(() => new SchedulerRegistry([registry.get('flow'), other])).toThrow(/must share one options schema/);
  });
});
