import { describe, expect, it } from 'vitest';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const cli = cliSession();

const run = cli.run;

const SMALL = ['experiment', 'reduce-placement', '--jobs', '3000', '--replications', '2', '--rho', '0.3,0.6'];

describe('mrsched experiment reduce-placement', () => {
  it('prints both readings: costs and savings per load, thresholds only where K is finite', async () => {
    const text = await run(...SMALL);
    expect(text).toContain('Reading 1: one processor-sharing map server');
    expect(text).toContain('K = 100');
    expect(text).toContain('Reading 2: ρ = the fraction of reduce slots in use');
    expect(text).toContain('K unlimited (no thresholds)');
    expect(text).toMatch(/thresholds vs greedy/);
    expect(text.match(/rhc vs greedy/g)).toHaveLength(2);
  });

  it('gives the same JSON for the same seeds, and savings that match the costs', async () => {
    const first = await run(...SMALL, '--reading', '2', '--format', 'json');
    expect(await run(...SMALL, '--reading', '2', '--format', 'json')).toBe(first);
    const { readings } = JSON.parse(first);
    expect(readings).toHaveLength(1);
    expect(readings[0].model.maxInService).toBeNull();
    expect(readings[0].seeds).toEqual([1, 2]);
    for (const load of readings[0].loads) {
      const byName = Object.fromEntries(load.placements.map((p: { placement: string }) => [p.placement, p]));
      expect(Object.keys(byName)).toEqual(['random', 'greedy', 'rhc']);
      const { random, rhc } = byName;
      const savings = rhc.costs.map((cost: number, r: number) => (random.costs[r] - cost) / random.costs[r]);
      expect(rhc.savingVsRandom.mean).toBeCloseTo((savings[0] + savings[1]) / 2, 12);
    }
    expect(JSON.parse(await run(...SMALL, '--reading', '2', '--seed', '5', '--format', 'json')).readings[0].seeds).toEqual([5, 6]);
  });

  it('runs thresholds with a K given for reading 2', async () => {
    const { readings } = JSON.parse(await run(...SMALL, '--reading', '2', '--max-in-service', '50', '--format', 'json'));
    expect(readings[0].model.maxInService).toBe(50);
    expect(readings[0].loads[0].placements.map((p: { placement: string }) => p.placement)).toContain('thresholds');
  });
});

describe('mrsched experiment reduce-placement: user mistakes exit 2', () => {
  it.each([
    [['--rho', '0.2,1'], "expected loads between 0 and 1 (exclusive) separated by commas, found '0.2,1'"],
    [['--rho', 'high'], "found 'high'"],
    [['--reading', '3'], 'Allowed choices are 1, 2, both'],
    [['--max-in-service', '0'], 'expected a whole number from 1 to 1,414'],
    [['--max-in-service', '5000'], 'expected a whole number from 1 to 1,414'],
    [['--slots', '5'], 'expected a whole number from 10'],
    [['--window', '0'], 'expected a whole number from 1'],
    [['--jobs', '-4'], 'expected a whole number from 1'],
  ])('%j', async (args, message) => {
    expect(await main(['experiment', 'reduce-placement', ...args])).toBe(2);
    expect(cli.err).toContain(message);
  });
});
