import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { expectSchemaFileInStep } from '../../test-support/schema-file.js';
import { parseThresholdText, thresholdJsonSchemaText } from './threshold-file.js';
import { reduceThresholds } from './thresholds.js';

/** Each problem as `line path: expected … found …`. */
function problemsOf(text: string): string[] {
  return inputErrorOf(() => parseThresholdText(text, 'i.yaml')).problems.map((p) => `${p.line ?? '-'} ${p.path}: expected ${p.expected}, found ${p.found}`);
}

const REMARK_2 = '{"K": 2, "reducers": {"values": [1, 2, 3], "weights": [0.2, 0.3, 0.5]}, "perReducerData": {"values": [1, 5], "weights": [0.5, 0.5]}}';

describe('thresholds instance files', () => {
  it('reads the issue’s instance: K = 2, r̄ = 3, Y independent of R', () => {
    const instance = parseThresholdText(REMARK_2, 'r2.json');
    expect(instance.jobs).toBe(2);
    expect(instance.law.maxReducers).toBe(3);
    expect(instance.law.share(2).mean).toBe(3);
  });

  it('reads data as X independent of R, each reducer fetching X/R, and uniform laws', () => {
    const instance = parseThresholdText('K: 2\nreducers: {values: [1, 2], weights: [0.5, 0.5]}\ndata: {uniform: [2, 10]}\n', 'u.yaml');
    expect(instance.law.share(1).mean).toBe(6);
    expect(instance.law.share(2).mean).toBe(3);
    // Remark 2 with Y | R: q_{i,1} = Σ_{r ≥ i} P[R = r]·E[Y | R = r] = (0.5·6 + 0.5·3, 0.5·3).
    expect([...reduceThresholds(instance.jobs, instance.law)[0]]).toEqual([4.5, 1.5]);
  });

  it('locates what breaks the model: K < 1, weights not summing to 1, negative data, repeated values', () => {
    expect(problemsOf('K: 0\nreducers: {values: [1], weights: [1]}\nperReducerData: {values: [-1], weights: [1]}\n')).toEqual([
      '1 K: expected a whole number of jobs ≥ 1, found 0',
      '3 perReducerData.values[0]: expected an amount of data ≥ 0, found -1',
    ]);
    expect(problemsOf('K: 2\nreducers: {values: [1, 2, 2], weights: [0.5, 0.4, 0.05]}\ndata: {values: [3], weights: [1.5]}\n')).toEqual([
      '2 reducers.values[2]: expected each value once (add their weights), found 2 again',
      '2 reducers.weights: expected weights summing to 1, found weights summing to 0.9500000000000001',
      '3 data.weights: expected weights summing to 1, found weights summing to 1.5',
    ]);
    expect(problemsOf('K: 2\nreducers: {values: [0.5], weights: [1]}\nperReducerData: {uniform: [1]}\n')).toEqual([
      '2 reducers.values[0]: expected a whole number of reducers ≥ 1, found 0.5',
      '3 perReducerData.uniform: expected a pair [low, high], found a list of 1',
    ]);
  });

  it('wants exactly one law of data, each in one form, and K small enough to compute', () => {
    expect(problemsOf('K: 2\nreducers: {values: [1], weights: [1]}\n')).toEqual([
      '1 perReducerData: expected one law of data: perReducerData (Y = X/R, independent of R) or data (X, independent of R), found neither',
    ]);
    expect(problemsOf('K: 2\nreducers: {values: [1], weights: [1]}\ndata: {uniform: [9, 1], weights: [1]}\n')).toEqual([
      '3 data.uniform: expected uniform, or values with weights, not both, found both',
    ]);
    expect(problemsOf('K: 2\nreducers: {values: [1], weights: [1, 0]}\ndata: {values: [2]}\n')).toEqual([
      '2 reducers.weights: expected one weight per value (1), found a list of 2',
      "3 data.weights: expected the law's weights (values with weights, or uniform: [low, high]), found nothing (the field is missing)",
    ]);
    expect(problemsOf('K: 100000\nreducers: {values: [10], weights: [1]}\ndata: {uniform: [1, 2]}\n')).toEqual([
      '1 K: expected K whose thresholds, r̄·K(K−1)/2 with r̄ = 10, number at most 10,000,000, found 100000 (49,999,500,000 thresholds)',
    ]);
  });

  it('refuses empty and non-mapping documents with what it expected', () => {
    expect(inputErrorOf(() => parseThresholdText('', 'e.json')).problems[0].found).toBe('an empty document');
    expect(inputErrorOf(() => parseThresholdText('7', 'n.json')).problems[0].expected).toBe('a mapping (an object)');
  });
});

describe('docs/reduce-thresholds.schema.json', () => {
  it('is generated from the input schema (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('reduce-thresholds.schema.json', thresholdJsonSchemaText());
  });
});
