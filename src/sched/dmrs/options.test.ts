import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { dmrsMapOnlyScheduler, dmrsScheduler } from './index.js';
import { replanInterval } from './options.js';

const heartbeat = { heartbeatInterval: 3 };

describe('DMRS scheduler options', () => {
  it('default to learned estimates, the greedy LP, 1 s per HiGHS solve and re-plans ten heartbeat intervals apart', () => {
    const defaults = parseSchedulerOptions(dmrsScheduler, { dmrs: {} });
    expect(defaults).toEqual({ estimates: 'learned', lp: 'greedy', lpTimeLimit: 1 });
    expect(replanInterval(defaults, heartbeat)).toBe(30);
    const given = parseSchedulerOptions(dmrsScheduler, { dmrs: { estimates: 'oracle', lp: 'cuts', lpTimeLimit: 5, replanInterval: '1 min' } });
    expect(given).toEqual({ estimates: 'oracle', lp: 'cuts', lpTimeLimit: 5, replanInterval: 60 });
    expect(replanInterval(given, heartbeat)).toBe(60);
  });

  it('name each bad field under the scheduler’s own key, unknown options included', () => {
    const options = { estimates: 'psychic', lp: 'ellipsoid', lpTimeLimit: 0, replanInterval: -2, horizon: 5 };
    const error = inputErrorOf(() => parseSchedulerOptions(dmrsMapOnlyScheduler, { 'dmrs-map-only': options }));
    expect(error.problems.map((p) => `${p.path}: ${p.found}`)).toEqual([
      "schedulerOptions.dmrs-map-only.estimates: 'psychic'",
      "schedulerOptions.dmrs-map-only.lp: 'ellipsoid'",
      'schedulerOptions.dmrs-map-only.lpTimeLimit: 0',
      'schedulerOptions.dmrs-map-only.replanInterval: -2',
      "schedulerOptions.dmrs-map-only.horizon: unknown option 'horizon'",
    ]);
    expect(error.problems[1].expected).toMatch(/^'greedy' .* or 'cuts'/);
  });
});
