/**
 * The instance file of `mrsched plan reduce-thresholds` (YAML or JSON): K
 * sequential jobs and the law of their demand (§III-A of "Improving
 * ReduceTask Data Locality for Sequential MapReduce Jobs"):
 *
 *   {"K": 2, "reducers": {"values": [1, 2, 3], "weights": [0.2, 0.3, 0.5]},
 *    "perReducerData": {"values": [1, 5], "weights": [0.5, 0.5]}}
 *
 * `perReducerData` is the law of Y = X/R, independent of R (the paper's
 * analysis); `data` instead is the law of a job's X, independent of R, each
 * reducer fetching X/R (the paper's experiment). A law is values with
 * weights summing to 1, or {"uniform": [low, high]}. Every problem is
 * reported at once with its line and field.
 */
import { z } from 'zod';
import { jsonSchemaText } from '../../input/json-schema-text.js';
import { parseLocatedText } from '../../input/located-text.js';
import { checkWithSchema, type PathProblem, type SchemaResult } from '../../input/schema-problems.js';
import { independentShareLaw, splitDataLaw, type DemandLaw } from './demand-law.js';
import { discreteShare, uniformShare, type ShareDistribution } from './share-distribution.js';
import { MAX_THRESHOLD_VALUES, thresholdCount } from './thresholds.js';

/** Far beyond any job, small enough that a mistaken file fails fast. */
export const THRESHOLD_FILE_LIMITS = { values: 100_000, reducers: 1_000_000 } as const;

/** How far from 1 the weights of a law may sum (they are often written as decimals). */
const WEIGHT_SUM_TOLERANCE = 1e-9;

const weights = z
  .array(z.number().nonnegative({ error: 'a weight ≥ 0' }))
  .min(1, { error: 'at least one weight' })
  .max(THRESHOLD_FILE_LIMITS.values)
  .describe('The probability of each value, in the same order; they sum to 1.');
const amount = z.number().nonnegative({ error: 'an amount of data ≥ 0' });

/** One object rather than a union of two, so a mistake in either form gets its own message. */
const dataLaw = z
  .strictObject({
    values: z.array(amount).min(1, { error: 'at least one value' }).max(THRESHOLD_FILE_LIMITS.values).optional().describe('The values (with weights), or give uniform.'),
    weights: weights.optional(),
    uniform: z.tuple([amount, amount], { error: 'a pair [low, high]' }).optional().describe('[low, high]: uniform on the interval, instead of values and weights.'),
  })
  .describe('A law: values with weights summing to 1, or uniform: [low, high].');

export const thresholdFileSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  K: z
    .number()
    .int({ error: 'a whole number of jobs ≥ 1' })
    .min(1, { error: 'a whole number of jobs ≥ 1' })
    .describe('K, the jobs placed one after another, none leaving (the paper bounds it by r ≥ K·r̄ reduce slots).'),
  reducers: z
    .strictObject({
      values: z
        .array(z.number().int({ error: 'a whole number of reducers ≥ 1' }).min(1, { error: 'a whole number of reducers ≥ 1' }).max(THRESHOLD_FILE_LIMITS.reducers))
        .min(1, { error: 'at least one value' })
        .max(THRESHOLD_FILE_LIMITS.values),
      weights,
    })
    .describe("R, a job's number of reducers: its values and their probabilities."),
  perReducerData: dataLaw.optional().describe('Y = X/R, the data each reducer fetches, independent of R (the paper’s analysis). Give this or data.'),
  data: dataLaw.optional().describe('X, a job’s intermediate data, independent of R; each reducer fetches X/R (the paper’s experiment). Give this or perReducerData.'),
});

/** The JSON Schema as written to docs/reduce-thresholds.schema.json. */
export function thresholdJsonSchemaText(): string {
  return jsonSchemaText(
    thresholdFileSchema,
    'mrsched reduce thresholds instance',
    'K sequential jobs and the law of their reducers and data, for mrsched plan reduce-thresholds. See docs/algorithms/reduce-placement.md.',
  );
}

/** A checked instance: K and the law of a job's demand. */
export interface ThresholdInstance {
  readonly jobs: number;
  readonly law: DemandLaw;
}

/** An instance from file text; an InputError naming `source` with every problem, located. */
export function parseThresholdText(text: string, source: string): ThresholdInstance {
  return parseLocatedText(text, source, 'a thresholds instance (a mapping with K, reducers, and perReducerData or data)', checkThresholdFile);
}

type LawField = z.output<typeof dataLaw>;

/** Check a parsed value as an instance file. */
export function checkThresholdFile(raw: unknown): SchemaResult<ThresholdInstance> {
  const parsed = checkWithSchema(thresholdFileSchema, raw);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  const problems: PathProblem[] = [];
  checkWeights(file.reducers, ['reducers'], problems);
  const given = (['perReducerData', 'data'] as const).filter((field) => file[field] !== undefined);
  if (given.length !== 1) {
    problems.push({
      path: [given.length === 0 ? 'perReducerData' : 'data'],
      expected: 'one law of data: perReducerData (Y = X/R, independent of R) or data (X, independent of R)',
      found: given.length === 0 ? 'neither' : 'both',
    });
  }
  for (const field of given) lawProblems(file[field]!, field, problems);
  const maxReducers = Math.max(...file.reducers.values.filter((_, i) => file.reducers.weights[i] > 0));
  if (thresholdCount(file.K, maxReducers) > MAX_THRESHOLD_VALUES) {
    problems.push({
      path: ['K'],
      expected: `K whose thresholds, r̄·K(K−1)/2 with r̄ = ${maxReducers}, number at most ${MAX_THRESHOLD_VALUES.toLocaleString('en')}`,
      found: `${file.K} (${thresholdCount(file.K, maxReducers).toLocaleString('en')} thresholds)`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const reducers = file.reducers.values.map((count, i) => ({ count, probability: file.reducers.weights[i] }));
  const law = file.perReducerData !== undefined ? independentShareLaw(reducers, shareOf(file.perReducerData)) : splitDataLaw(reducers, shareOf(file.data!));
  return { ok: true, value: { jobs: file.K, law } };
}

/** A law is values with weights, or uniform with low ≤ high, not both. */
function lawProblems(law: LawField, field: string, problems: PathProblem[]): void {
  if (law.uniform !== undefined) {
    if (law.values !== undefined || law.weights !== undefined) {
      problems.push({ path: [field, 'uniform'], expected: 'uniform, or values with weights, not both', found: 'both' });
    } else if (law.uniform[0] > law.uniform[1]) {
      problems.push({ path: [field, 'uniform'], expected: '[low, high] with low ≤ high', found: `[${law.uniform.join(', ')}]` });
    }
    return;
  }
  const { values, weights } = law;
  if (values === undefined || weights === undefined) {
    const missing = values === undefined ? 'values' : 'weights';
    problems.push({ path: [field, missing], expected: `the law's ${missing} (values with weights, or uniform: [low, high])`, found: 'nothing (the field is missing)' });
    return;
  }
  checkWeights({ values, weights }, [field], problems);
}

/** As many weights as values, each value once, the weights summing to 1. */
function checkWeights(law: { values: readonly number[]; weights: readonly number[] }, path: PathProblem['path'], problems: PathProblem[]): void {
  if (law.weights.length !== law.values.length) {
    problems.push({ path: [...path, 'weights'], expected: `one weight per value (${law.values.length})`, found: `a list of ${law.weights.length}` });
    return;
  }
  const seen = new Set<number>();
  law.values.forEach((value, i) => {
    if (seen.has(value)) problems.push({ path: [...path, 'values', i], expected: 'each value once (add their weights)', found: `${value} again` });
    seen.add(value);
  });
  const sum = law.weights.reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) problems.push({ path: [...path, 'weights'], expected: 'weights summing to 1', found: `weights summing to ${sum}` });
}

/** The law's distribution, once lawProblems has found none. */
function shareOf(law: LawField): ShareDistribution {
  return law.uniform !== undefined ? uniformShare(law.uniform[0], law.uniform[1]) : discreteShare(law.values!, law.weights!);
}
