import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { testScenario } from '../../test-support/scenario.js';
import { dmrsOptions } from './options.js';

const withOptions = (name: string, options: unknown) => testScenario({ nodes: [{}], jobs: [], settings: { heartbeatInterval: 3 }, schedulerOptions: { [name]: options } });

describe('DMRS scheduler options', () => {
  it('default to learned estimates, the greedy LP, 1 s per HiGHS solve and re-plans ten heartbeat intervals apart', () => {
    expect(dmrsOptions(withOptions('dmrs', {}), 'dmrs')).toEqual({ estimates: 'learned', lp: 'greedy', lpTimeLimit: 1, replanInterval: 30 });
    expect(dmrsOptions(withOptions('dmrs', { estimates: 'oracle', lp: 'cuts', lpTimeLimit: 5, replanInterval: '1 min' }), 'dmrs')).toEqual({
      estimates: 'oracle',
      lp: 'cuts',
      lpTimeLimit: 5,
      replanInterval: 60,
    });
  });

  it('name each bad field under the scheduler’s own key, unknown options included', () => {
    const error = inputErrorOf(() => dmrsOptions(withOptions('dmrs-map-only', { estimates: 'psychic', lp: 'ellipsoid', lpTimeLimit: 0, replanInterval: -2, horizon: 5 }), 'dmrs-map-only'));
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
