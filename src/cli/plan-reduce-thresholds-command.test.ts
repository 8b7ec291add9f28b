import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { cliSession } from '../test-support/cli-session.js';
import { main } from './program.js';

const remark2 = fileURLToPath(new URL('../../examples/reduce-placement/remark-2.json', import.meta.url));
const paper = fileURLToPath(new URL('../../examples/reduce-placement/paper-experiment.json', import.meta.url));

const cli = cliSession();

const run = cli.run;

describe('mrsched plan reduce-thresholds', () => {
  it('prints the Remark 2 thresholds: row 1 is (3.0, 2.4, 1.5), row 2 empty', async () => {
    // q_{i,1} = P[R ≥ i]·E[Y] with E[Y] = 3: (1, 0.8, 0.5)·3.
    const json = JSON.parse(await run('plan', 'reduce-thresholds', remark2, '--format', 'json'));
    expect(json.K).toBe(2);
    expect(json.maxReducers).toBe(3);
    expect(json.thresholds).toHaveLength(2);
    expect(json.thresholds[0].map((q: number) => Math.round(q * 1e9) / 1e9)).toEqual([3, 2.4, 1.5]);
    expect(json.thresholds[1]).toEqual([]);
    const text = await run('plan', 'reduce-thresholds', remark2);
    expect(text).toMatch(/\n1\s+3\s+3, 2\.4, 1\.5\n/);
    expect(text).toMatch(/\n2\s+0\s+— \(greedy\)\n/);
  });

  it("gives the experiment's law K rows of (K − n)·10 thresholds, the table showing ten of each", async () => {
    const json = JSON.parse(await run('plan', 'reduce-thresholds', paper, '--format', 'json'));
    expect(json.thresholds.map((row: number[]) => row.length)).toEqual(Array.from({ length: 100 }, (_, n) => (99 - n) * 10));
    expect(await run('plan', 'reduce-thresholds', paper)).toContain('… 980 more');
  });
});

describe('mrsched plan reduce-thresholds: user mistakes exit 2 naming the field', () => {
  it.each([
    ['K < 1', '{"K": 0, "reducers": {"values": [1], "weights": [1]}, "perReducerData": {"values": [1], "weights": [1]}}', 'K: expected a whole number of jobs ≥ 1, found 0'],
    [
      'weights not summing to 1',
      '{"K": 2, "reducers": {"values": [1, 2], "weights": [0.5, 0.4]}, "perReducerData": {"values": [1], "weights": [1]}}',
      'reducers.weights: expected weights summing to 1, found weights summing to 0.9',
    ],
    [
      'negative data',
      '{"K": 2, "reducers": {"values": [1], "weights": [1]}, "data": {"values": [-3], "weights": [1]}}',
      'data.values[0]: expected an amount of data ≥ 0, found -3',
    ],
    ['no data law', '{"K": 2, "reducers": {"values": [1], "weights": [1]}}', 'found neither'],
    ['not a mapping', '[]', 'expected a mapping (an object), found a list of 0'],
  ])('%s', async (_, text, message) => {
    const path = cli.file('bad.json', text);
    expect(await main(['plan', 'reduce-thresholds', path])).toBe(2);
    expect(cli.err).toContain(`${path}:1:`);
    expect(cli.err).toContain(message);
    expect(cli.err).not.toMatch(/\n\s+at /);
  });

  it('names a file it cannot read', async () => {
    expect(await main(['plan', 'reduce-thresholds', '/nonexistent/instance.json'])).toBe(2);
    expect(cli.err).toContain('no such file');
  });
});
