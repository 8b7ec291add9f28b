/**
 * The class problem file (YAML or JSON) of `mrsched plan classes`:
 *
 *   resources: [R1, R2]
 *   classes:
 *     - { id: C1, arrivalRate: 2.45, rates: [9, 5] }       # one rate per resource, in order
 *     - { id: C2, arrivalRate: 2.45, rates: { R1: 2, R2: 1 } }   # or by resource id (missing: 0)
 *
 * Every problem names its line, column and field path.
 */
import { z } from 'zod';
import { idSchema } from '../../input/id-schema.js';
import { jsonSchemaText } from '../../input/json-schema-text.js';
import { parseLocatedText } from '../../input/located-text.js';
import { known } from '../../input/problem-path.js';
import { checkWithSchema, type PathProblem, type SchemaResult } from '../../input/schema-problems.js';
import { classProblemErrors, type ClassProblem } from './class-problem.js';

/** Far beyond any cluster's classes and resources; an LP of more pairs would take minutes. */
export const CLASS_FILE_LIMITS = { resources: 10_000, classes: 10_000, pairs: 100_000 } as const;

const id = idSchema();
const rate = z.number().nonnegative({ error: 'a number ≥ 0' });

export const classFileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  resources: z.array(id).min(1, { error: 'at least one resource' }).max(CLASS_FILE_LIMITS.resources).describe('Resource ids, in the order of the rate lists.'),
  classes: z
    .array(
      z.strictObject({
        id,
        arrivalRate: rate.describe('α: jobs of the class arriving per unit of time.'),
        rates: z
          .union([z.array(rate).max(CLASS_FILE_LIMITS.resources), z.record(z.string(), rate)], {
            error: 'a list of rates, one per resource, or a mapping from resource id to rate',
          })
          .describe('μ: jobs of the class a whole resource completes per unit of time, one per resource in order, or by resource id (a resource left out: 0, the class does not run there).'),
      }),
    )
    .min(1, { error: 'at least one class' })
    .max(CLASS_FILE_LIMITS.classes),
});

/** The JSON Schema as written to docs/classes.schema.json. */
export function classFileJsonSchemaText(): string {
  return jsonSchemaText(
    classFileSchema,
    'mrsched class problem',
    'Resources, and job classes with arrival and execution rates, for mrsched plan classes (the LP of the Rasooli–Down adaptive scheduler). See docs/algorithms/adaptive.md.',
  );
}

/** A class problem from file text; an InputError naming `source` with every problem found, located. */
export function parseClassFileText(text: string, source: string): ClassProblem {
  return parseLocatedText(text, source, 'a class problem (a mapping with resources and classes)', checkClassFile);
}

function checkClassFile(raw: unknown): SchemaResult<ClassProblem> {
  const checked = checkWithSchema(classFileSchema, raw);
  if (!checked.ok) return checked;
  const { resources, classes } = checked.value;
  const problems: PathProblem[] = [];
  const index = new Map(resources.map((r, j) => [r, j]));
  // A mapping's rates in the order of the resources; a key that is no resource is a problem.
  const ratesByResource = (byId: Record<string, number>, i: number): number[] => {
    const rates = resources.map(() => 0);
    for (const [resource, value] of Object.entries(byId)) {
      const j = index.get(resource);
      if (j !== undefined) rates[j] = value;
      else problems.push({ path: ['classes', i, 'rates', resource], expected: `a resource listed in resources${known(index.keys())}`, found: `'${resource}'`, atKey: true });
    }
    return rates;
  };
  const problem: ClassProblem = {
    resources,
    classes: classes.map((c, i) => ({ id: c.id, arrivalRate: c.arrivalRate, rates: Array.isArray(c.rates) ? c.rates : ratesByResource(c.rates, i) })),
  };
  if (resources.length * classes.length > CLASS_FILE_LIMITS.pairs) {
    problems.push({
      path: ['classes'],
      expected: `at most ${CLASS_FILE_LIMITS.pairs.toLocaleString('en')} classes × resources`,
      found: `${classes.length} classes on ${resources.length} resources`,
    });
  }
  const all = problems.concat(classProblemErrors(problem));
  return all.length > 0 ? { ok: false, problems: all } : { ok: true, value: problem };
}
