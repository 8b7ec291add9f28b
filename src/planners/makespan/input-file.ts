/**
 * The makespan planning input as a file (YAML or JSON):
 *
 *   cluster: { mapSlots: 30, reduceSlots: 30 }          # optional nodes: 15
 *   jobs:
 *     - { id: J1, mapSlots: 30, reduceSlots: 30, mapDuration: 4, reduceDuration: 5 }
 *     - { id: J2, mapTasks: [9, 9, 9], reduceTasks: [10] }
 *
 * A job's `mapSlots`/`reduceSlots` are the slots it used when its durations
 * were measured; with per-task durations they default to the number of tasks
 * (one wave). Durations are numbers (any time unit, seconds in the docs) or
 * strings with a unit such as "5 min". Every problem is reported at once,
 * with its line, column and field path.
 */
import { z } from 'zod';
import { idSchema } from '../../input/id-schema.js';
import { jsonSchemaText } from '../../input/json-schema-text.js';
import { parseLocatedText } from '../../input/located-text.js';
import { durationSchema } from '../../input/quantity-schemas.js';
import { checkWithSchema, type PathProblem, type SchemaResult } from '../../input/schema-problems.js';
import { MAX_SLOTS, problemErrors, type MakespanJob, type MakespanProblem } from './problem.js';

const slots = z.number().int().min(1).max(MAX_SLOTS);

const jobSchema = z.strictObject({
  id: idSchema(),
  mapSlots: slots.optional().describe('Map slots the job used when its map duration was measured; default: its number of map tasks.'),
  reduceSlots: slots.optional().describe('Reduce slots the job used when its reduce duration was measured; default: its number of reduce tasks.'),
  mapDuration: durationSchema.optional().describe('Map stage duration on mapSlots slots.'),
  reduceDuration: durationSchema.optional().describe('Reduce stage duration on reduceSlots slots.'),
  mapTasks: z.array(durationSchema).min(1).optional().describe('Duration of each map task, instead of mapDuration.'),
  reduceTasks: z.array(durationSchema).min(1).optional().describe('Duration of each reduce task, instead of reduceDuration.'),
});

export const makespanFileSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  cluster: z.strictObject({
    mapSlots: slots.describe('Map slots of the cluster.'),
    reduceSlots: slots.describe('Reduce slots of the cluster.'),
    nodes: slots.optional().describe('Nodes the slots are spread over, equally (pools and slot splits in whole nodes).'),
  }),
  jobs: z.array(jobSchema).min(1),
});

export type MakespanFile = z.input<typeof makespanFileSchema>;

/** The JSON Schema as written to docs/makespan.schema.json. */
export function makespanJsonSchemaText(): string {
  return jsonSchemaText(
    makespanFileSchema,
    'mrsched makespan problem',
    'A batch of MapReduce jobs on a cluster of map and reduce slots, for mrsched plan makespan. See docs/algorithms/makespan.md.',
  );
}

/** A makespan problem file's text, checked; throws an InputError naming `source` with every problem, located. */
export function parseMakespanText(text: string, source: string): MakespanProblem {
  return parseLocatedText(text, source, 'a makespan problem (a mapping with cluster and jobs)', checkMakespanFile);
}

/** Check a parsed value as a makespan problem file; fill in slot counts left to their tasks. */
export function checkMakespanFile(raw: unknown): SchemaResult<MakespanProblem> {
  const parsed = checkWithSchema(makespanFileSchema, raw);
  if (!parsed.ok) return parsed;
  const problems: PathProblem[] = [];
  const jobs = parsed.value.jobs.map((job, i): MakespanJob => {
    const slotsOf = (kind: 'map' | 'reduce'): number => {
      const given = job[`${kind}Slots`];
      const tasks = job[`${kind}Tasks`];
      if (given !== undefined) return given;
      if (tasks !== undefined) return tasks.length;
      if (job[`${kind}Duration`] !== undefined) {
        problems.push({
          path: ['jobs', i, `${kind}Slots`],
          expected: `the ${kind} slots the job used when its ${kind}Duration was measured`,
          found: 'nothing (the field is missing)',
        });
      }
      return 1;
    };
    return { ...job, mapSlots: slotsOf('map'), reduceSlots: slotsOf('reduce') };
  });
  const problem: MakespanProblem = { cluster: parsed.value.cluster, jobs };
  // concat, not push(...): a batch of 10^5 bad jobs has as many problems, too many to spread.
  const all = problems.concat(problemErrors(problem));
  return all.length > 0 ? { ok: false, problems: all } : { ok: true, value: problem };
}
