/**
 * The DMRS instance file (YAML or JSON):
 *
 *   {"machines": [{"id": "m1", "speed": 2}, {"id": "m2", "speed": 1}],
 *    "jobs": [{"id": "J1", "weight": 1, "release": 0, "maps": [4, 4, 2], "reduces": [3]}]}
 *
 * Task sizes are data sizes: a task of size d takes d / speed on a machine.
 * `weight` defaults to 1, `release` to 0, `reduces` to none; every job has at
 * least one map. Machines listed first win ties between equally fast ones.
 * Every problem is reported at once, with its line, column and field path.
 */
import { z } from 'zod';
import { idSchema } from '../../input/id-schema.js';
import { jsonSchemaText } from '../../input/json-schema-text.js';
import { parseLocatedText } from '../../input/located-text.js';
import { checkWithSchema, type SchemaResult } from '../../input/schema-problems.js';
import { instanceProblems, type DmrsInstance } from './dmrs-instance.js';

/** Far beyond what the planners plan in reasonable time, small enough that a mistaken file fails fast. */
export const DMRS_FILE_LIMITS = { machines: 100_000, jobs: 1_000_000, tasksPerJob: 100_000 } as const;

const id = idSchema();
const size = z.number().nonnegative({ error: 'a data size ≥ 0' });

export const dmrsFileSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  machines: z
    .array(
      z.strictObject({
        id,
        speed: z.number().positive({ error: 'a speed > 0' }).describe('Data processed per unit of time: a task of size d takes d / speed.'),
      }),
    )
    .min(1, { error: 'at least one machine' })
    .max(DMRS_FILE_LIMITS.machines)
    .describe('The machines, one task at a time each; the first listed wins ties between equally fast machines.'),
  jobs: z
    .array(
      z.strictObject({
        id,
        weight: z.number().nonnegative().default(1).describe('Weight in Σ weight × completion time.'),
        release: z.number().nonnegative().default(0).describe('No map of the job starts before this time.'),
        maps: z
          .array(size)
          .min(1, { error: 'at least one map task (a MapReduce job has maps)' })
          .max(DMRS_FILE_LIMITS.tasksPerJob)
          .describe('Data size of each map task.'),
        reduces: z.array(size).max(DMRS_FILE_LIMITS.tasksPerJob).default([]).describe('Data size of each reduce task; they start after all the maps end.'),
      }),
    )
    .min(1, { error: 'at least one job' })
    .max(DMRS_FILE_LIMITS.jobs),
});

/** The JSON Schema as written to docs/dmrs.schema.json. */
export function dmrsJsonSchemaText(): string {
  return jsonSchemaText(
    dmrsFileSchema,
    'mrsched DMRS instance',
    'Machines of different speeds and weighted MapReduce jobs with release times and task data sizes, for mrsched plan dmrs. See docs/algorithms/dmrs.md.',
  );
}

/** An instance from file text; an InputError naming `source` with every problem found, located. */
export function parseDmrsText(text: string, source: string): DmrsInstance {
  return parseLocatedText(text, source, 'a DMRS instance (a mapping with machines and jobs)', checkDmrsFile);
}

function checkDmrsFile(raw: unknown): SchemaResult<DmrsInstance> {
  const checked = checkWithSchema(dmrsFileSchema, raw);
  if (!checked.ok) return checked;
  const instance: DmrsInstance = { machines: checked.value.machines, jobs: checked.value.jobs };
  const problems = instanceProblems(instance);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: instance };
}
