import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../test-support/input-error.js';
import { testScenario } from '../test-support/scenario.js';
import { simulate } from '../sim/simulate.js';
import { ComposedPolicy } from './composed-policy.js';
import { builtinSchedulers } from './index.js';
import { QueueOrder } from './queue-order.js';
import { SchedulerRegistry } from './registry.js';
import { createPolicy, selectScheduler } from './selection.js';
import type { MapPlacement, SchedulerFactory } from './types.js';

const registry = builtinSchedulers();
const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{}] }] });
const withPlacement = (placement: unknown) => testScenario({ nodes: [{}], jobs: [{ maps: [{}] }], schedulerOptions: { placement } as never });

describe('selectScheduler', () => {
  it('swaps in the placements named after +, and names the run by the ones that differ from the scheduler’s own', () => {
    const selection = selectScheduler(registry, 'fifo+delay', scenario);
    expect([selection.name, selection.scheduler.name, selection.mapPlacement?.name, selection.reducePlacement]).toEqual(['fifo+delay', 'fifo', 'delay', null]);
    // The scheduler's own placements change nothing: fifo+hadoop is fifo, fair+delay is fair.
    expect(selectScheduler(registry, 'fifo+hadoop', scenario)).toMatchObject({ name: 'fifo', reducePlacement: null });
    expect(selectScheduler(registry, 'fair+delay+hadoop', scenario)).toMatchObject({ name: 'fair', mapPlacement: null, reducePlacement: null });
    expect(selectScheduler(registry, 'fair+locality', scenario).name).toBe('fair+locality');
  });

  it('takes the scenario’s schedulerOptions.placement where the name leaves a kind out', () => {
    expect(selectScheduler(registry, 'capacity', withPlacement({ map: 'delay' })).name).toBe('capacity+delay');
    expect(selectScheduler(registry, 'capacity+flow', withPlacement({ map: 'delay' })).name).toBe('capacity+flow');
  });

  it('names every mistake: an unknown placement, two of one kind, a kind the scheduler places its own way', () => {
    expect(inputErrorOf(() => selectScheduler(registry, 'fifo+lottery+delay+flow', scenario, '--scheduler')).problems).toEqual([
      { path: '', expected: expect.stringMatching(/^a placement after '\+' \(one of locality \(map\), delay \(map\)/), found: "'lottery' in 'fifo+lottery+delay+flow'" },
      { path: '', expected: 'one map placement', found: "'delay' and 'flow' in 'fifo+lottery+delay+flow'" },
    ]);
    const own: SchedulerFactory = { name: 'own', summary: '', source: '', create: () => ({ name: 'own', onHeartbeat: () => undefined }) };
    const mine = new SchedulerRegistry([...registry.list(), ...registry.placements(), own]);
    expect(inputErrorOf(() => selectScheduler(mine, 'own+hadoop', scenario)).problems).toEqual([
      { path: '', expected: "no reduce placement: 'own' places its reduces its own way", found: "'hadoop' in 'own+hadoop'" },
    ]);
    // From the scenario, a placement applies only where it can.
    expect(selectScheduler(mine, 'own', withPlacement({ reduce: 'hadoop' })).name).toBe('own');
  });

  it('checks schedulerOptions.placement: known names, of the kind they are given for', () => {
    expect(inputErrorOf(() => selectScheduler(registry, 'fifo', withPlacement({ map: 'hadoop', reduce: 'nearest' }))).problems).toEqual([
      { path: 'schedulerOptions.placement.map', expected: 'a map placement (one of locality, delay, flow)', found: "'hadoop'" },
      { path: 'schedulerOptions.placement.reduce', expected: 'a reduce placement (one of hadoop, random, greedy, rhc)', found: "'nearest'" },
    ]);
    expect(inputErrorOf(() => selectScheduler(registry, 'fifo', withPlacement({ maps: 'delay' }))).problems[0]).toMatchObject({
      path: 'schedulerOptions.placement',
      found: '{"maps":"delay"}',
    });
  });

  it('refuses to build a scheduler that solves LPs without a solver', () => {
    const lp: SchedulerFactory = { name: 'lp', summary: '', source: '', needsLinearSolver: true, create: () => ({ name: 'lp', onHeartbeat: () => undefined }) };
    const selection = selectScheduler(new SchedulerRegistry([lp]), 'lp', scenario);
    expect(() => createPolicy(selection, scenario)).toThrow(/'lp' solves linear programs during the run: pass it a solver/);
  });
});

describe('ComposedPolicy', () => {
  it('stops a placement that claims a launch it did not make, which would loop the order forever', () => {
    const liar: MapPlacement = { place: () => true };
    const policy = new ComposedPolicy('liar', new QueueOrder(1), liar, { place: () => false });
    expect(() => simulate(scenario, policy)).toThrow(/scheduler 'liar' made an invalid decision: its map placement took an offer for job 'j0' and launched nothing/);
  });
});
