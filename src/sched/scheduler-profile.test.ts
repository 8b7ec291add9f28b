import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../test-support/input-error.js';
import { NO_HISTORY } from '../model/execution-history.js';
import { builtinSchedulers } from './builtin-schedulers.js';
import { createPolicy } from './create-policy.js';
import { runConfiguration } from './run-configuration.js';
import { SchedulerRegistry } from './registry.js';
import { parseSchedulerChoice, parseSchedulerChoices } from './scheduler-choice.js';
import { needsLinearSolver, runName, schedulerProfile } from './scheduler-profile.js';
import { NO_OPTIONS } from './scheduler-options.js';
import type { SchedulerFactory } from './types.js';
import { testScenario } from '../test-support/scenario.js';

const registry = builtinSchedulers();
const profileOf = (name: string, schedulerOptions: Record<string, unknown> = {}, reg = registry) => schedulerProfile(reg, parseSchedulerChoice(reg, name), schedulerOptions);
const nameOf = (name: string, schedulerOptions: Record<string, unknown> = {}) => runName(registry, profileOf(name, schedulerOptions));

describe('schedulerProfile', () => {
  it('holds the placements in effect, and the options of every part parsed', () => {
    expect(profileOf('fair+greedy', { fair: { localityDelay: '2 s' } })).toEqual({
      jobOrder: 'fair',
      mapPlacement: 'delay',
      reducePlacement: 'greedy',
      options: {
        fair: expect.objectContaining({ localityDelay: 2, maxAssign: -1, schedulingPolicy: 'fair' }),
        delay: {},
        greedy: { tolerance: 0.01, weighting: 'hops' },
      },
    });
    expect(profileOf('dmrs')).toMatchObject({ jobOrder: 'dmrs', mapPlacement: null, reducePlacement: null });
  });

  it('names the run by the placements that differ from the job order’s own', () => {
    expect(nameOf('fifo+delay')).toBe('fifo+delay');
    // The scheduler's own placements change nothing: fifo+hadoop is fifo, fair+delay is fair.
    expect(nameOf('fifo+hadoop')).toBe('fifo');
    expect(nameOf('fair+delay+hadoop')).toBe('fair');
    expect(nameOf('fair+locality')).toBe('fair+locality');
    // Another job order with fair's placements: fifo with delay scheduling.
    const [swapped] = parseSchedulerChoices(registry, ['fair'], '--scheduler', { jobOrder: 'fifo' });
    expect(runName(registry, schedulerProfile(registry, swapped, {}))).toBe('fifo+delay');
  });

  it('takes the scenario’s schedulerOptions.placement where the name leaves a kind out, and where the job order can take it', () => {
    expect(nameOf('capacity', { placement: { map: 'delay' } })).toBe('capacity+delay');
    expect(nameOf('capacity+flow', { placement: { map: 'delay' } })).toBe('capacity+flow');
    expect(nameOf('dmrs', { placement: { reduce: 'greedy' } })).toBe('dmrs');
  });

  it('checks schedulerOptions.placement: known names, of the kind they are given for', () => {
    expect(inputErrorOf(() => profileOf('fifo', { placement: { map: 'hadoop', reduce: 'nearest' } })).problems).toEqual([
      { path: 'schedulerOptions.placement.map', expected: 'a map placement (one of locality, delay, flow)', found: "'hadoop'" },
      { path: 'schedulerOptions.placement.reduce', expected: 'a reduce placement (one of hadoop, random, greedy, rhc)', found: "'nearest'" },
    ]);
    expect(inputErrorOf(() => profileOf('fifo', { placement: { maps: 'delay' } })).problems[0]).toMatchObject({ path: 'schedulerOptions.placement', found: '{"maps":"delay"}' });
  });

  it('finds every problem of every part’s options at once, naming each field', () => {
    const error = inputErrorOf(() => profileOf('fair+greedy', { fair: { assignMultiple: 'yes' }, greedy: { tolerance: 2 }, flow: { wLoc: -1 } }));
    expect(error.source).toBe('schedulerOptions');
    // flow's options are not this run's: they are checked only by a run that uses flow, and by validate.
    expect(error.problems.map((p) => p.path)).toEqual(['schedulerOptions.fair.assignMultiple', 'schedulerOptions.greedy.tolerance']);
    expect(inputErrorOf(() => profileOf('fifo', { fiar: {} })).problems[0]).toMatchObject({ path: 'schedulerOptions.fiar', found: "'fiar' (did you mean 'fair'?)" });
  });

  it('says whether a run solves LPs, and a policy that does is refused without a solver', () => {
    expect(needsLinearSolver(registry, profileOf('fifo'))).toBe(false);
    expect(needsLinearSolver(registry, profileOf('adaptive'))).toBe(true);
    const lp: SchedulerFactory = { name: 'lp', summary: '', source: '', options: NO_OPTIONS, optionDescriptions: {}, needsLinearSolver: true, create: () => ({ name: 'lp', onHeartbeat: () => undefined }) };
    const withLp = new SchedulerRegistry([lp]);
    const scenario = testScenario({ nodes: [{}], jobs: [] });
    const refuse = () => {
      throw new Error('not asked');
    };
    const setup = { ...runConfiguration(scenario), solver: null, oracle: { mapWork: refuse, reduceWork: refuse, workload: refuse }, history: NO_HISTORY, random: refuse, explain: null };
    expect(() => createPolicy(withLp, profileOf('lp', {}, withLp), setup)).toThrow(/'lp' solves linear programs during the run: pass it a solver/);
  });
});
