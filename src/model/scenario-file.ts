/**
 * The scenario file format: what a person writes (YAML or JSON). This zod
 * schema is the one definition of the format: it checks each field's type
 * and range, rejects unknown fields, converts quantities with units to base
 * units (bytes, bytes/s, seconds) and fills plain defaults. Checks that span
 * fields (references, duplicate ids, exclusive options) live beside each
 * section's resolution (resolve-cluster.ts, resolve-jobs.ts, …, run from
 * resolve-scenario.ts); docs/scenario-format.md explains every field, and
 * docs/scenario.schema.json is generated from this schema.
 */
import { z } from 'zod';
import { JOB_PRIORITIES } from './workload.js';
import {
  BANDWIDTH_PATTERN,
  DURATION_PATTERN,
  SIZE_PATTERN,
  parseBandwidth,
  parseDuration,
  parseSize,
} from './units.js';

// ---------------------------------------------------------------- quantities

function quantity(
  pattern: string,
  parse: (text: string) => number | null,
  what: string,
  example: string,
  base: string,
  round: boolean,
) {
  return z
    .union(
      [
        z.number().nonnegative({ error: `${what}: a number of ${base} ≥ 0, or a string like '${example}'` }),
        z.string().regex(new RegExp(pattern), { error: `${what} like '${example}'` }),
      ],
      { error: `${what}: a number of ${base}, or a string like '${example}'` },
    )
    .transform((value) => {
      const parsed = typeof value === 'number' ? value : (parse(value) ?? Number.NaN);
      return round ? Math.round(parsed) : parsed;
    });
}

/** Bytes: a number, or a string like "64 MB" (binary units). */
export const sizeSchema = quantity(SIZE_PATTERN, parseSize, 'a size', '64 MB', 'bytes', true).meta({
  id: 'Size',
  description: 'Bytes: a number, or a string with a binary unit such as "64 MB" (64·2^20 bytes).',
});
const positiveSize = sizeSchema.pipe(z.number().positive({ error: 'a size > 0' }));

/** Bytes per second: a number, or a string like "1 Gbps" or "100 MB/s". */
export const bandwidthSchema = quantity(BANDWIDTH_PATTERN, parseBandwidth, 'a bandwidth', '1 Gbps', 'bytes/s', false).meta({
  id: 'Bandwidth',
  description: 'Bytes per second: a number, or a string such as "1 Gbps" (decimal bits) or "100 MB/s" (binary bytes).',
});
const positiveBandwidth = bandwidthSchema.pipe(z.number().positive({ error: 'a bandwidth > 0' }));

/** Seconds: a number, or a string like "5 min", "30s", "250ms". */
export const durationSchema = quantity(DURATION_PATTERN, parseDuration, 'a duration', '5 min', 'seconds', false).meta({
  id: 'Duration',
  description: 'Seconds: a number, or a string such as "5 min", "2h", "30s", "250ms".',
});
const positiveDuration = durationSchema.pipe(z.number().positive({ error: 'a duration > 0' }));

// ------------------------------------------------------------- distributions

/**
 * A random quantity: a constant, or a distribution object. `value` checks
 * one value of the quantity (≥ 0) and `positive` one that must be > 0.
 */
function distributionOf<V extends z.ZodType<number>, P extends z.ZodType<number>>(value: V, positive: P, what: string) {
  return z.union([value, distributionForms(value, positive)], {
    error: `${what}: a constant, or a distribution like { dist: exponential, mean: 30 }`,
  });
}

/** The distribution objects over values checked by `value` (≥ 0) and `positive` (> 0). */
function distributionForms<V extends z.ZodType<number>, P extends z.ZodType<number>>(value: V, positive: P) {
  return z.discriminatedUnion(
    'dist',
    [
      z
        .strictObject({ dist: z.literal('uniform'), min: value, max: value })
        .refine((d) => (d as { min: number }).min <= (d as { max: number }).max, { error: 'max ≥ min', path: ['max'] }),
      z.strictObject({ dist: z.literal('exponential'), mean: positive }),
      z.strictObject({ dist: z.literal('normal'), mean: positive, sd: value }),
      z
        .strictObject({
          dist: z.literal('lognormal'),
          mu: z.number().optional(),
          median: positive.optional(),
          sigma: z.number().nonnegative(),
        })
        .refine((d) => (d.mu === undefined) !== (d.median === undefined), {
          error: 'exactly one of mu and median',
        }),
      z
        .strictObject({
          dist: z.literal('choice'),
          values: z.array(value).min(1),
          weights: z.array(z.number().nonnegative()).optional(),
        })
        .refine((d) => d.weights === undefined || d.weights.length === d.values.length, {
          error: 'one weight per value',
          path: ['weights'],
        })
        .refine((d) => d.weights === undefined || d.weights.some((w) => w > 0), {
          error: 'at least one positive weight',
          path: ['weights'],
        }),
    ],
    { error: 'one of the distributions uniform, exponential, normal, lognormal, choice' },
  );
}

/** Seconds, constant or random. */
export const durationDistribution = distributionOf(durationSchema, positiveDuration, 'a duration').meta({
  id: 'DurationDistribution',
  description: 'Seconds, constant or drawn from a distribution.',
});
/** Bytes, constant or random. */
export const sizeDistribution = distributionOf(sizeSchema, positiveSize, 'a size').meta({
  id: 'SizeDistribution',
  description: 'Bytes, constant or drawn from a distribution.',
});
/** A random count (draws are rounded to whole numbers). */
const countDistribution = distributionForms(z.number().nonnegative(), z.number().positive()).meta({
  id: 'CountDistribution',
  description: 'A count drawn from a distribution and rounded to a whole number.',
});

/** Any random quantity after parsing: base units throughout. */
export type Distribution = z.output<typeof durationDistribution>;

// ------------------------------------------------------------------- cluster

const id = z.string({ error: 'an id (a non-empty string)' }).min(1, { error: 'a non-empty id' });

const nodeSettings = {
  mapSlots: z.number().int().min(1).optional().describe('Map slots per node (Hadoop 1 split slots). Default 2.'),
  reduceSlots: z.number().int().min(0).optional().describe('Reduce slots per node. Default 2.'),
  containers: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Unified slots (YARN containers) that maps and reduces share; replaces mapSlots/reduceSlots.'),
  speed: z.number().positive().optional().describe('Relative compute speed. Default 1.'),
  speeds: z
    .array(z.number().positive())
    .min(1)
    .optional()
    .describe("Speeds to draw each node's speed from (seeded), instead of one speed."),
  diskReadRate: positiveBandwidth.optional().describe('Local disk read rate. Default "100 MB/s".'),
  bandwidth: positiveBandwidth.optional().describe("Bandwidth of the node's link to its rack switch. Default \"1 Gbps\"."),
};

const nodeEntrySchema = z.strictObject({
  id: id.optional().describe('Node id; generated as <rack>-n01, <rack>-n02, … when absent.'),
  count: z.number().int().min(1).optional().describe('How many nodes this entry stands for. Default 1.'),
  ...nodeSettings,
});

const rackSchema = z.strictObject({
  id: id.optional().describe('Rack id (also its switch id); rack1, rack2, … when absent.'),
  switch: id.optional().describe('The switch this rack switch hangs off. Default "core", the root.'),
  uplinkBandwidth: positiveBandwidth.optional().describe('Bandwidth of the rack switch uplink. Default "10 Gbps".'),
  nodes: z
    .union([z.number().int().min(1), z.array(nodeEntrySchema).min(1)], {
      error: 'a node count, or a list of nodes',
    })
    .describe('A node count, or a list of node entries.'),
  ...nodeSettings,
});

const switchSchema = z.strictObject({
  id,
  parent: id.optional().describe('Parent switch. Default "core".'),
  uplinkBandwidth: positiveBandwidth.optional().describe('Bandwidth of the link to the parent. Default "10 Gbps".'),
});

const generateSchema = z.strictObject({
  racks: z.number().int().min(1).describe('Number of racks, named rack1, rack2, …'),
  nodesPerRack: z.number().int().min(1),
  uplinkBandwidth: positiveBandwidth.optional().describe('Rack uplink bandwidth. Default "10 Gbps".'),
  ...nodeSettings,
});

const clusterSchema = z.strictObject({
  defaults: z.strictObject(nodeSettings).optional().describe('Settings for every node unless a rack or node sets its own.'),
  switches: z.array(switchSchema).optional().describe('Switches above the rack switches; the root "core" is implicit.'),
  racks: z.array(rackSchema).min(1).optional(),
  generate: generateSchema.optional().describe('Shorthand for identical racks of identical nodes.'),
});

// ------------------------------------------------------------------- storage

const fileSchema = z.strictObject({
  id,
  size: positiveSize,
  replication: z.number().int().min(1).optional().describe('Replicas per block; default storage.replication.'),
  replicas: z
    .array(z.array(id).min(1))
    .optional()
    .describe('Node ids holding each block, one list per block; placed by the rack-aware policy when absent.'),
});

const storageSchema = z.strictObject({
  blockSize: positiveSize.prefault('128 MB').describe('HDFS block size.'),
  replication: z.number().int().min(1).default(3).describe('Replicas per block.'),
  files: z.array(fileSchema).optional(),
});

// ------------------------------------------------------------ users and pools

const slotShareSchema = z
  .union(
    [
      z.number().int().nonnegative(),
      z.strictObject({ map: z.number().int().nonnegative().default(0), reduce: z.number().int().nonnegative().default(0) }),
    ],
    { error: 'a slot count, or { map, reduce }' },
  )
  .transform((share) => (typeof share === 'number' ? { map: share, reduce: share } : share));

const userSchema = z.strictObject({
  id,
  priority: z.number().positive().default(1).describe('Larger is more important.'),
  minShare: slotShareSchema.prefault(0).describe('Slots owed to the user while it has demand.'),
  pool: id.optional().describe("The pool of this user's jobs that name none."),
});

const percent = z.number().min(0).max(100);

const poolSchema = z.strictObject({
  id,
  weight: z.number().positive().default(1),
  minShare: slotShareSchema.prefault(0),
  maxRunningJobs: z.number().int().min(1).optional().describe('Unlimited when absent.'),
  schedulingMode: z.enum(['fifo', 'fair']).default('fair'),
  capacity: percent.optional().describe('Guaranteed percent of the slots; pools without one share what is left.'),
  maxCapacity: z.number().gt(0).max(100).default(100),
  minimumUserLimitPercent: z.number().gt(0).max(100).default(100),
  userLimitFactor: z.number().positive().default(1),
});

// ---------------------------------------------------------------------- jobs

const mapTaskSchema = z.strictObject({
  inputBytes: sizeSchema.default(0),
  replicas: z.array(id).min(1).optional(),
  work: durationSchema.describe('Compute work, seconds at speed 1.'),
  outputBytes: sizeSchema.default(0),
});

const reduceTaskSchema = z.strictObject({
  shuffleShare: z.number().min(0).max(1).describe("Fraction of every map's output this reduce fetches."),
  work: durationSchema,
});

const count = (min: number) =>
  z.union([z.number().int().min(min), countDistribution], {
    error: `a whole number ≥ ${min}, or a distribution of counts`,
  });

/** The shape of a job: its tasks and their sizes. Every field optional, so that a profile can hold part of it. */
const jobShape = {
  maps: count(1).optional().describe('Number of maps (without input, unless inputBytes is also given).'),
  inputBytes: sizeDistribution.optional().describe('Job input: one map per block, the last one partial.'),
  input: id.optional().describe('A file of storage.files: one map per block.'),
  mapTasks: z.array(mapTaskSchema).min(1).optional().describe('Explicit map tasks.'),
  mapTime: durationDistribution.optional().describe('Compute work per map, seconds at speed 1.'),
  mapOutputBytes: sizeDistribution.optional().describe('Output bytes per map.'),
  mapOutputRatio: z.number().nonnegative().optional().describe("Map output as a multiple of the map's input."),
  shuffleBytes: sizeDistribution.optional().describe("Job's total map output, shared by its maps in proportion to input."),
  reduces: count(0).optional().describe('Number of reduces. Default 0 (map-only).'),
  reduceTime: durationDistribution.optional().describe('Compute work per reduce, seconds at speed 1.'),
  reduceTasks: z.array(reduceTaskSchema).min(1).optional().describe('Explicit reduce tasks.'),
  outputBytes: sizeDistribution.optional().describe('Job output (informational: not simulated).'),
};

const priority = z.enum(JOB_PRIORITIES);

const jobSchema = z.strictObject({
  id,
  profile: id.optional().describe('A profile whose fields this job starts from.'),
  user: id.default('default'),
  pool: id.optional().describe("Default: the user's pool, else a pool named after the user."),
  submit: durationSchema.default(0),
  weight: z.number().positive().default(1),
  priority: priority.default('NORMAL'),
  ...jobShape,
});

const jobStreamSchema = z.strictObject({
  count: z.number().int().min(1).describe('Jobs in the stream.'),
  profile: id.optional(),
  profiles: z
    .array(z.strictObject({ name: id, weight: z.number().positive().default(1) }))
    .min(1)
    .optional()
    .describe('Profiles drawn for each job with these weights.'),
  users: z.array(id).min(1).default(['default']).describe('Users given to the jobs in turn (round robin).'),
  pool: id.optional(),
  weight: z.number().positive().default(1),
  priority: priority.default('NORMAL'),
  start: durationSchema.default(0).describe('Time the stream starts; the first job arrives one interarrival later.'),
  interarrival: durationDistribution.describe('Time between submissions.'),
  idPrefix: z.string().optional().describe('Job ids are the prefix and a running number.'),
  ...jobShape,
});

// ------------------------------------------------------------------ settings

const failureSchema = z
  .strictObject({
    node: id,
    at: durationSchema,
    recoverAt: durationSchema.optional(),
  })
  .refine((f) => f.recoverAt === undefined || f.recoverAt > f.at, {
    error: 'recoverAt later than at',
    path: ['recoverAt'],
  });

const settingsSchema = z.strictObject({
  heartbeatInterval: positiveDuration.prefault(3),
  outOfBandHeartbeat: z.boolean().default(false),
  slowStart: z.number().min(0).max(1).default(0.05),
  seed: z.number().int().min(-0x80000000).max(0x7fffffff).default(1),
  failures: z.array(failureSchema).default([]),
});

// ---------------------------------------------------------------- whole file

export const scenarioFileSchema = z.strictObject({
  $schema: z.string().optional().describe('Where editors find this schema; ignored.'),
  name: z.string().optional(),
  description: z.string().optional(),
  cluster: clusterSchema,
  storage: storageSchema.prefault({}),
  users: z.array(userSchema).default([]),
  pools: z.array(poolSchema).default([]),
  profiles: z.record(id, z.strictObject(jobShape)).default({}).describe('Reusable job shapes by name.'),
  jobs: z.array(jobSchema).default([]),
  jobStreams: z.array(jobStreamSchema).default([]).describe('Generated jobs.'),
  settings: settingsSchema.prefault({}),
  schedulerOptions: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .default({})
    .describe('Options per scheduler name, passed to that scheduler.'),
});

/** A scenario file as written: quantities may carry units, defaults may be left out. */
export type ScenarioFile = z.input<typeof scenarioFileSchema>;
/** A scenario file after the schema: base units, plain defaults filled in. */
export type ParsedScenarioFile = z.output<typeof scenarioFileSchema>;

/** The names of the job-shape fields (the ones a profile may hold). */
export const JOB_SHAPE_FIELDS = Object.keys(jobShape) as readonly (keyof typeof jobShape)[];

/** The JSON Schema of the scenario file (what one may write), for editors and docs. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const { $schema, ...schema } = z.toJSONSchema(scenarioFileSchema, { io: 'input', unrepresentable: 'any' });
  return {
    $schema,
    title: 'mrsched scenario',
    description: 'A cluster, its storage, users, pools and jobs, and simulation settings. See docs/scenario-format.md.',
    ...schema,
  };
}

/** The JSON Schema as written to docs/scenario.schema.json. */
export function scenarioJsonSchemaText(): string {
  return JSON.stringify(scenarioJsonSchema(), null, 2) + '\n';
}

// -------------------------------------------------------- issues to problems

/** A problem located by a path of keys and indices (lines are added later, from the file). */
export interface PathProblem {
  readonly path: readonly (string | number)[];
  readonly expected: string;
  readonly found: string;
  /** Point at the key rather than the value (for unknown fields). */
  readonly atKey?: boolean;
}

type Issue = z.core.$ZodIssue;

/** Check a parsed YAML/JSON value against the schema. */
export function parseScenarioFile(
  raw: unknown,
): { ok: true; value: ParsedScenarioFile } | { ok: false; problems: PathProblem[] } {
  return checkSchema(scenarioFileSchema, raw);
}

/** Check a parsed value against any schema, with problems worded as for scenario files (other input files use this). */
export function checkSchema<T>(
  schema: z.ZodType<T>,
  raw: unknown,
): { ok: true; value: T } | { ok: false; problems: PathProblem[] } {
  const result = schema.safeParse(raw, { error: expectedText });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.flatMap((issue) => issueProblems(issue, [], raw, schema)) };
}

/** The value at `path` inside `root`, or undefined. */
function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

function issueProblems(issue: Issue, prefix: readonly PropertyKey[], root: unknown, schema: z.core.$ZodType): PathProblem[] {
  const path = [...prefix, ...issue.path].map(pathSegment);
  const input = valueAt(root, path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: [...path, key],
        expected: unknownFieldExpectation(schema, path, key),
        found: `unknown field '${key}'`,
        atKey: true,
      }));
    case 'invalid_union': {
      // Report the one alternative the value came close to, when there is one.
      const close = issue.errors.filter((branch) => !branch.every(isTypeMismatch));
      if (close.length === 1) return close[0].flatMap((inner) => issueProblems(inner, path, root, schema));
      if ('discriminator' in issue && issue.discriminator !== undefined && 'options' in issue) {
        return [{ path, expected: `one of ${(issue.options as unknown[]).join(', ')}`, found: describeValue(input) }];
      }
      return [{ path, expected: issue.message, found: describeValue(input) }];
    }
    default:
      return [{ path, expected: issue.message, found: describeValue(input) }];
  }
}

/** The value is not of the kind this alternative takes at all (a number where a mapping goes). */
function isTypeMismatch(issue: Issue): boolean {
  if (issue.path.length > 0) return false;
  if (issue.code === 'invalid_type') return true;
  return issue.code === 'invalid_union' && issue.errors.length > 0 && issue.errors.every((b) => b.every(isTypeMismatch));
}

function pathSegment(segment: PropertyKey): string | number {
  return typeof segment === 'number' ? segment : String(segment);
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  object: 'a mapping (an object)',
  array: 'a list',
  record: 'a mapping (an object)',
};

/** What a check expected, in words (zod's per-parse error hook; schema-level messages take precedence). */
function expectedText(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_NAMES[issue.expected] ?? `a value of type ${issue.expected}`;
    case 'too_small':
      return bound(issue.origin, issue.minimum, issue.inclusive ?? true, 'small');
    case 'too_big':
      return bound(issue.origin, issue.maximum, issue.inclusive ?? true, 'big');
    case 'invalid_value':
      return issue.values.length === 1 ? String(issue.values[0]) : `one of ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `a string in the format ${issue.format}`;
    case 'not_multiple_of':
      return `a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return 'only known fields';
    case 'invalid_union':
      return 'one of the allowed forms';
    default:
      return 'a valid value';
  }
}

function bound(origin: string, limit: number | bigint, inclusive: boolean, side: 'small' | 'big'): string {
  const n = Number(limit);
  if (origin === 'array' || origin === 'set') {
    return side === 'small' ? `at least ${n} item${n === 1 ? '' : 's'}` : `at most ${n} item${n === 1 ? '' : 's'}`;
  }
  if (origin === 'string') return side === 'small' ? `at least ${n} character${n === 1 ? '' : 's'}` : `at most ${n} characters`;
  const op = side === 'small' ? (inclusive ? '≥' : '>') : inclusive ? '≤' : '<';
  return `a number ${op} ${n}`;
}

/** A value as the user wrote it, briefly. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 ? 'an empty mapping' : `a mapping with ${keys.join(', ')}`;
  }
  return typeof value;
}

function unknownFieldExpectation(schema: z.core.$ZodType, path: readonly (string | number)[], key: string): string {
  const known = knownFields(schema, path);
  if (known.length === 0) return 'only known fields';
  const close = known.filter((k) => editDistance(k.toLowerCase(), key.toLowerCase()) <= (k.length >= 5 ? 2 : 1));
  if (close.length > 0) return `a known field (did you mean ${close.map((k) => `'${k}'`).join(' or ')}?)`;
  return `one of the fields ${known.join(', ')}`;
}

/** The field names an object at `path` may have, found by walking the schema. */
function knownFields(schema: z.core.$ZodType, path: readonly (string | number)[]): string[] {
  const objects = schemasAt(schema, path);
  const keys = new Set<string>();
  for (const object of objects) for (const key of Object.keys(objectShape(object) ?? {})) keys.add(key);
  return [...keys];
}

function unwrap(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return unwrap(def.innerType as z.core.$ZodType);
    case 'pipe':
      return unwrap(def.in as z.core.$ZodType);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap(unwrap);
    default:
      return [schema];
  }
}

function objectShape(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, z.core.$ZodType> };
  return def.type === 'object' ? def.shape : undefined;
}

function schemasAt(schema: z.core.$ZodType, path: readonly (string | number)[]): z.core.$ZodType[] {
  let current = unwrap(schema);
  for (const segment of path) {
    const next: z.core.$ZodType[] = [];
    for (const s of current) {
      const def = s._zod.def as unknown as { type: string; element?: z.core.$ZodType; valueType?: z.core.$ZodType };
      if (def.type === 'array' && typeof segment === 'number' && def.element) next.push(...unwrap(def.element));
      else if (def.type === 'record' && def.valueType) next.push(...unwrap(def.valueType));
      else {
        const field = objectShape(s)?.[String(segment)];
        if (field) next.push(...unwrap(field));
      }
    }
    current = next;
  }
  return current;
}

/** Edits (insert, delete, substitute, swap two neighbours) from a to b. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
