import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../test-support/input-error.js';
import { builtinSchedulers } from './builtin-schedulers.js';
import { SchedulerRegistry } from './registry.js';
import { checkedSwaps, parseSchedulerChoice, parseSchedulerChoices } from './scheduler-choice.js';
import { NO_OPTIONS } from './scheduler-options.js';
import type { SchedulerFactory } from './types.js';

const registry = builtinSchedulers();
const own: SchedulerFactory = { name: 'own', summary: '', source: '', options: NO_OPTIONS, optionDescriptions: {}, create: () => ({ name: 'own', onHeartbeat: () => undefined }) };
const mine = new SchedulerRegistry([...registry.list(), ...registry.placements(), own]);

describe('parseSchedulerChoice', () => {
  it('reads a scheduler and the placements named after +, by kind', () => {
    expect(parseSchedulerChoice(registry, 'fifo+delay')).toEqual({ scheduler: 'fifo', jobOrder: 'fifo', mapPlacement: 'delay', reducePlacement: null });
    expect(parseSchedulerChoice(registry, 'fair+greedy+locality')).toEqual({ scheduler: 'fair', jobOrder: 'fair', mapPlacement: 'locality', reducePlacement: 'greedy' });
  });

  it('names every mistake of a name: an unknown placement, two of one kind, a kind the scheduler places its own way', () => {
    expect(inputErrorOf(() => parseSchedulerChoice(registry, 'fifo+lottery+delay+flow', '--scheduler')).problems).toEqual([
      { path: '', expected: expect.stringMatching(/^a placement after '\+' \(one of locality \(map\), delay \(map\)/), found: "'lottery' in 'fifo+lottery+delay+flow'" },
      { path: '', expected: 'one map placement', found: "'delay' and 'flow' in 'fifo+lottery+delay+flow'" },
    ]);
    expect(inputErrorOf(() => parseSchedulerChoice(mine, 'own+hadoop')).problems).toEqual([
      { path: '', expected: "no reduce placement: 'own' places its reduces its own way", found: "'hadoop' in 'own+hadoop'" },
    ]);
  });

  it('names every mistake of every name at once, each at its place when asked', () => {
    const error = inputErrorOf(() => parseSchedulerChoices(registry, ['fiar', 'fifo', 'capacity+dealy'], 'spec.yaml', {}, (i) => `schedulers[${i}]`));
    expect(error.source).toBe('spec.yaml');
    expect(error.problems).toEqual([
      { path: 'schedulers[0]', expected: expect.stringMatching(/^a scheduler name \(one of fifo, fair/), found: "'fiar' (did you mean 'fair'?)" },
      { path: 'schedulers[2]', expected: expect.stringMatching(/^a placement after '\+'/), found: "'dealy' in 'capacity+dealy' (did you mean 'delay'?)" },
    ]);
  });

  it('applies the flags: placements in place of the scheduler’s own, and another scheduler’s job order with the placements kept', () => {
    const [fair, capacity] = parseSchedulerChoices(registry, ['fair', 'capacity'], '--schedulers', { jobOrder: 'fifo', reducePlacement: 'greedy' });
    expect(fair).toEqual({ scheduler: 'fair', jobOrder: 'fifo', mapPlacement: null, reducePlacement: 'greedy' });
    expect(capacity).toEqual({ scheduler: 'capacity', jobOrder: 'fifo', mapPlacement: null, reducePlacement: 'greedy' });
    expect(inputErrorOf(() => parseSchedulerChoices(registry, ['fair+locality'], '--scheduler', { mapPlacement: 'flow' })).problems).toEqual([
      { path: '', expected: 'one map placement', found: "'locality' in 'fair+locality' and 'flow' from --map-placement" },
    ]);
  });

  it('refuses a job order that places a kind its own way under a scheduler whose placements of that kind are kept', () => {
    expect(inputErrorOf(() => parseSchedulerChoices(registry, ['fair'], '--scheduler', { jobOrder: 'dmrs' })).problems).toEqual([
      { path: '', expected: "no map placement: 'dmrs' places its maps its own way", found: "'delay' of 'fair' with --job-order dmrs" },
      { path: '', expected: "no reduce placement: 'dmrs' places its reduces its own way", found: "'hadoop' of 'fair' with --job-order dmrs" },
    ]);
    // A scheduler that places its own tasks keeps nothing: the job order's placements are the run's.
    expect(parseSchedulerChoices(registry, ['dmrs'], '--scheduler', { jobOrder: 'fifo' })).toEqual([{ scheduler: 'dmrs', jobOrder: 'fifo', mapPlacement: null, reducePlacement: null }]);
  });
});

describe('checkedSwaps', () => {
  it('refuses an unknown job order and a placement of the wrong kind, naming the flag', () => {
    const jobOrder = inputErrorOf(() => checkedSwaps(registry, { jobOrder: 'lottery' }));
    expect([jobOrder.source, jobOrder.problems[0].found]).toEqual(['--job-order', "'lottery'"]);
    expect(inputErrorOf(() => checkedSwaps(registry, { reducePlacement: 'delay' })).problems).toEqual([
      { path: '', expected: 'a reduce placement (one of hadoop, random, greedy, rhc)', found: "'delay'" },
    ]);
  });
});
