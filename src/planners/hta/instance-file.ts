/**
 * The HTA instance file (YAML or JSON): servers, tasks with their replica
 * servers, wLoc, and wRem as a number, {base, perRemote} or a table
 * [w0, w1, …]. Every problem names its line, column and field path.
 */
import { z } from 'zod';
import { idSchema } from '../../input/id-schema.js';
import { jsonSchemaText } from '../../input/json-schema-text.js';
import { parseLocatedText } from '../../input/located-text.js';
import { checkWithSchema, type SchemaResult } from '../../input/schema-problems.js';
import { htaInstance, specProblems, type HtaInstance, type HtaInstanceSpec } from './hta-instance.js';
import type { RemoteCost } from './remote-cost.js';

/** Far beyond any cluster, small enough that a mistaken file fails fast instead of exhausting memory. */
export const INSTANCE_LIMITS = { servers: 1_000_000, tasks: 10_000_000, replicas: 1_000 } as const;

const id = idSchema();
const cost = z.number().nonnegative({ error: 'a number ≥ 0' });

export const remoteCostSchema = z.union(
  [
    cost,
    z.strictObject({ base: cost, perRemote: cost }),
    z.array(cost).min(1, { error: 'a table with at least one value' }).max(INSTANCE_LIMITS.tasks + 1),
  ],
  { error: 'a number, {base, perRemote}, or a table [w0, w1, …]' },
);

export const instanceFileSchema = z.strictObject({
  servers: z.array(id).min(1, { error: 'at least one server' }).max(INSTANCE_LIMITS.servers),
  tasks: z
    .array(z.strictObject({ id, replicas: z.array(id).min(1, { error: 'at least one replica server' }).max(INSTANCE_LIMITS.replicas) }))
    .max(INSTANCE_LIMITS.tasks),
  wLoc: cost.default(1),
  wRem: remoteCostSchema,
});

/** The JSON Schema as written to docs/assign.schema.json. */
export function instanceJsonSchemaText(): string {
  return jsonSchemaText(
    instanceFileSchema,
    'mrsched task assignment instance',
    'Servers, map tasks with the servers holding their input, and the costs of local and remote tasks, for mrsched plan assign. See docs/algorithms/hta.md.',
  );
}

export function remoteCostOf(value: z.infer<typeof remoteCostSchema>): RemoteCost {
  if (typeof value === 'number') return { kind: 'constant', value };
  if (Array.isArray(value)) return { kind: 'table', values: value };
  return { kind: 'linear', base: value.base, perRemote: value.perRemote };
}

/** An instance from file text; an InputError naming `source` with every problem found, located. */
export function parseInstanceText(text: string, source: string): HtaInstance {
  const spec = parseLocatedText(text, source, 'an instance (a mapping with servers, tasks, wLoc, wRem)', checkInstanceFile);
  return htaInstance(spec, source);
}

/** Check a parsed value as an instance file. */
function checkInstanceFile(raw: unknown): SchemaResult<HtaInstanceSpec> {
  const checked = checkWithSchema(instanceFileSchema, raw);
  if (!checked.ok) return checked;
  const spec = { ...checked.value, wRem: remoteCostOf(checked.value.wRem) };
  const problems = specProblems(spec);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: spec };
}

/** The instance as a file parseInstanceText reads back: JSON, a task a line. */
export function instanceFileText(instance: HtaInstance): string {
  const { wRem } = instance;
  const cost = wRem.kind === 'constant' ? wRem.value : wRem.kind === 'linear' ? { base: wRem.base, perRemote: wRem.perRemote } : wRem.values;
  const tasks = instance.tasks.map((id, t) => {
    const replicas = Array.from(instance.replicaServers.subarray(instance.replicaStart[t], instance.replicaStart[t + 1]), (s) => instance.servers[s]);
    return '    ' + JSON.stringify({ id, replicas });
  });
  return [
    '{',
    `  "servers": ${JSON.stringify(instance.servers)},`,
    `  "wLoc": ${JSON.stringify(instance.wLoc)},`,
    `  "wRem": ${JSON.stringify(cost)},`,
    tasks.length === 0 ? '  "tasks": []' : `  "tasks": [\n${tasks.join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}
