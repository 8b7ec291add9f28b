import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const twoByTwo = fileURLToPath(new URL('../../examples/classes/rasooli-down-2x2.yaml', import.meta.url));

const cli = cliSession();

async function plan(...args: string[]): Promise<string> {
  cli.clearOutput();
  expect(await main(['plan', 'classes', ...args])).toBe(0);
  return cli.out;
}

describe('mrsched plan classes', () => {
  it('prints λ*, δ, the suggested classes by resource and the status as JSON: the 2×2 example', async () => {
    // λ* = 50/49; R1 runs only C2, R2 both (see src/planners/adaptive/class-allocation.slow.test.ts for the arithmetic).
    const result = JSON.parse(await plan(twoByTwo, '--format', 'json'));
    expect(Object.keys(result)).toEqual(['lambda', 'delta', 'suggested', 'status']);
    expect(result.lambda).toBeCloseTo(50 / 49, 12);
    expect(cli.out).toMatch(/"lambda": 1\.0204/);
    expect(result.delta).toEqual([
      [expect.closeTo(0, 9), expect.closeTo(0.5, 9)],
      [expect.closeTo(1, 9), expect.closeTo(0.5, 9)],
    ]);
    expect(result.suggested).toEqual({ R1: ['C2'], R2: ['C1', 'C2'] });
    expect(result.status).toBe('optimal');
  });

  it('prints a table by default: λ*, the load it stands for, SC_j and δ', async () => {
    const text = await plan(twoByTwo);
    expect(text).toContain('status  optimal');
    // 100 / (50/49) = 98 %.
    expect(text).toContain('λ*      1.020408 (every arrival rate can grow by this factor; least maximum load 98 %)');
    expect(text).toMatch(/R1\s+C2\n/);
    expect(text).toMatch(/R2\s+C1 C2\n/);
    expect(text).toMatch(/C2\s+2\.45\s+1\s+0\.5\n/);
  });

  it('reports a problem where no class has arrivals as unbounded, with nothing suggested', async () => {
    const path = cli.file('idle.json', JSON.stringify({ resources: ['R1'], classes: [{ id: 'C1', arrivalRate: 0, rates: [2] }] }));
    expect(JSON.parse(await plan(path, '--format', 'json'))).toEqual({ lambda: null, delta: null, suggested: { R1: [] }, status: 'unbounded' });
    expect(await plan(path)).toContain('no class has arrivals');
  });
});

describe('mrsched plan classes: bad class files exit 2 naming the field', () => {
  it.each([
    ['unknown resource', 'resources: [R1, R2]\nclasses:\n  - {id: C1, arrivalRate: 1, rates: {R1: 1, R3: 2}}\n', ":3:45: classes[0].rates.R3: expected a resource listed in resources ('R1', 'R2'), found 'R3'"],
    ['negative rate', 'resources: [R1]\nclasses:\n  - {id: C1, arrivalRate: 1, rates: [-4]}\n', ':3:38: classes[0].rates[0]: expected a number ≥ 0, found -4'],
    ['rates of the wrong length', 'resources: [R1, R2]\nclasses:\n  - {id: C1, arrivalRate: 1, rates: [1, 2, 3]}\n', ':3:37: classes[0].rates: expected one rate per resource (2), found 3 rates'],
    ['duplicate class ids', 'resources: [R1]\nclasses:\n  - {id: C1, arrivalRate: 1, rates: [1]}\n  - {id: C1, arrivalRate: 2, rates: [1]}\n', ":4:10: classes[1].id: expected a unique class id, found 'C1' again"],
    ['duplicate resource ids', 'resources: [R1, R1]\nclasses:\n  - {id: C1, arrivalRate: 1, rates: [1, 1]}\n', ":1:17: resources[1]: expected a unique resource id, found 'R1' again"],
    ['empty classes', 'resources: [R1]\nclasses: []\n', ':2:10: classes: expected at least one class, found a list of 0'],
    ['a missing arrival rate', 'resources: [R1]\nclasses:\n  - {id: C1, rates: [1]}\n', ':3:5: classes[0].arrivalRate: expected a number, found nothing (the field is missing)'],
  ])('%s', async (_, text, message) => {
    const path = cli.file('bad.yaml', text);
    expect(await main(['plan', 'classes', path])).toBe(2);
    expect(cli.err).toContain(`${path}${message}`);
    expect(cli.err).not.toMatch(/\n\s+at /);
  });

  it.each([
    [['plan', 'classes', '/nonexistent/classes.json'], 'no such file'],
    [['plan', 'classes'], "missing required argument 'file'"],
    [['plan', 'classes', 'x.json', '--format', 'csv'], 'Allowed choices are table, json'],
  ])('%j', async (args, message) => {
    expect(await main(args)).toBe(2);
    expect(cli.err).toContain(message);
  });
});
