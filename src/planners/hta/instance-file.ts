/**
 * The HTA instance file (YAML or JSON): servers, tasks with their replica
 * servers, wLoc, and wRem as a number, {base, perRemote} or a table
 * [w0, w1, …]. Every problem names its line, column and field path.
 */
import { z } from 'zod';
import { InputError } from '../../model/input-error.js';
import { parseLocatedText } from '../../model/load-scenario.js';
import { checkSchema } from '../../model/scenario-file.js';
import { htaInstance, specProblems, type HtaInstance, type HtaInstanceSpec } from './hta-instance.js';
import type { RemoteCost } from './remote-cost.js';

/** Far beyond any cluster, small enough that a mistaken file fails fast instead of exhausting memory. */
export const INSTANCE_LIMITS = { servers: 1_000_000, tasks: 10_000_000, replicas: 1_000 } as const;

const id = z.string().min(1, { error: 'a non-empty id' });
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

export function remoteCostOf(value: z.infer<typeof remoteCostSchema>): RemoteCost {
  if (typeof value === 'number') return { kind: 'constant', value };
  if (Array.isArray(value)) return { kind: 'table', values: value };
  return { kind: 'linear', base: value.base, perRemote: value.perRemote };
}

/**
 * An instance from file text; an InputError naming `source` with every
 * problem found, located. Valid JSON that passes every check is read with
 * JSON.parse alone: the YAML parser keeps a node per value to locate
 * problems, which for a million tasks costs a minute and gigabytes, so it
 * runs only when there is something to locate (or the text is YAML). One
 * difference: a key repeated in one JSON object is an error for the YAML
 * parser, while JSON.parse keeps its last value.
 */
export function parseInstanceText(text: string, source: string): HtaInstance {
  const quick = parseJson(text);
  if (quick !== undefined) {
    const checked = checkSchema(instanceFileSchema, quick);
    if (checked.ok) {
      const spec = specOf(checked.value);
      if (specProblems(spec).length === 0) return htaInstance(spec, source);
    }
  }
  const { raw, locateAll } = parseLocatedText(text, source, 'an instance (a mapping with servers, tasks, wLoc, wRem)');
  const checked = checkSchema(instanceFileSchema, raw);
  if (!checked.ok) throw new InputError(source, locateAll(checked.problems));
  const spec = specOf(checked.value);
  const problems = specProblems(spec);
  if (problems.length > 0) throw new InputError(source, locateAll(problems));
  return htaInstance(spec, source);
}

function specOf(value: z.infer<typeof instanceFileSchema>): HtaInstanceSpec {
  return { ...value, wRem: remoteCostOf(value.wRem) };
}

/** The value of JSON text, or undefined when it is not JSON (YAML, or broken: the located parse reports it). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
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
