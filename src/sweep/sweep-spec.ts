/**
 * The sweep spec file (YAML or JSON), the input of `mrsched sweep`:
 *
 *   name: slowstart
 *   scenarios: [../default.yaml]          # files (relative to the spec) or generators
 *   parameters:                           # a grid over scenario fields, by path
 *     settings.slowStart: [0.05, 0.5, 1]
 *     cluster.racks[*].nodes: [5, 10]
 *   schedulers: [fifo, fair, fair+locality, { name: capacity, label: capacity-tight, options: { … } }]
 *   replications: 3                       # or seeds: [1, 2, 3]
 *
 * Every problem is reported at once with its line, column and field path.
 * docs/sweeps.md describes the format; docs/sweep.schema.json is its JSON
 * Schema, generated from the schema below.
 */
import { basename, dirname, extname, resolve } from 'node:path';
import { z } from 'zod';
import { jsonSchemaText } from '../input/json-schema-text.js';
import { readLocatedText } from '../input/located-text.js';
import { seedSchema } from '../input/scenario-file.js';
import { checkWithSchema, type PathProblem, type SchemaResult } from '../input/schema-problems.js';
import { readTextFile } from '../input/unreadable-file.js';
import { METRICS, type MetricKey } from '../metrics/index.js';
import { canonicalJson } from './content-hash.js';
import { GENERATORS, type GeneratorName } from './generated-scenarios.js';
import { parsePath, type PathStep } from './parameter-path.js';

/** Far above a sweep anyone runs, low enough that a typo (a range of a million) is caught before it starts. */
export const SWEEP_LIMITS = { cells: 1_000_000, values: 10_000, scenarios: 1000, schedulers: 100, seeds: 10_000 } as const;

/** Where generator options are swept: `generate.load` is the generator's `load` option. */
export const GENERATOR_PREFIX = 'generate.';

const label = z.string().min(1).max(200).describe('The name this entry goes by in the tables and the report.');
const optionValue = z.union([z.string(), z.number(), z.boolean()]);

const scenarioEntrySchema = z.union([
  z.string().min(1).describe('A scenario file, relative to the spec.'),
  z.strictObject({ file: z.string().min(1).describe('A scenario file, relative to the spec.'), label: label.optional() }),
  z.strictObject({
    generate: z.enum(GENERATORS).describe('A workload generator, as `mrsched generate KIND` runs it.'),
    options: z.record(z.string(), optionValue).optional().describe("The generator's options, named as in the library (speedRatio, not --speed-ratio)."),
    label: label.optional(),
  }),
]);

const schedulerEntrySchema = z.union([
  z.string().min(1).describe("A scheduler, with placements after '+' if wanted (fair+delay)."),
  z.strictObject({
    name: z.string().min(1).describe("A scheduler, with placements after '+' if wanted (fair+delay)."),
    options: z.record(z.string(), z.unknown()).optional().describe("Options of the scheduler, put in the scenario's schedulerOptions.<scheduler>."),
    label: label.optional(),
  }),
]);

const metricKeys = METRICS.map((m) => m.key) as [MetricKey, ...MetricKey[]];

export const sweepSpecSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z
    .string()
    .regex(/^[A-Za-z0-9][\w.-]*$/, { error: 'a name of letters, digits, ., _ and - (it names the output directory)' })
    .max(100)
    .describe('The sweep, and its default output directory (out/NAME).'),
  description: z.string().optional(),
  scenarios: z.array(scenarioEntrySchema).min(1).max(SWEEP_LIMITS.scenarios),
  parameters: z
    .record(z.string(), z.array(z.json()).min(1).max(SWEEP_LIMITS.values))
    .optional()
    .describe('Values to try for each field path (settings.slowStart, cluster.racks[*].nodes, generate.load); every combination is run.'),
  schedulers: z.array(schedulerEntrySchema).min(1).max(SWEEP_LIMITS.schedulers),
  schedulerModules: z
    .array(z.string().min(1))
    .max(100)
    .optional()
    .describe('ES modules of schedulers and placements of your own (docs/schedulers.md), relative to the spec.'),
  seeds: z.array(seedSchema).min(1).max(SWEEP_LIMITS.seeds).optional().describe('Seeds of every cell, in place of the scenario seed.'),
  replications: z
    .number()
    .int()
    .min(1)
    .max(SWEEP_LIMITS.seeds)
    .optional()
    .describe("Runs per cell group, seeds s, s+1, … from each scenario's own seed (default 1)."),
  alignHeartbeats: z.boolean().optional().describe('Every node heartbeats at 0, H, 2H, … (for hand-checkable runs).'),
  metrics: z.array(z.enum(metricKeys)).min(1).optional().describe('Metrics charted in report.html (every metric is in the tables).'),
});

export type SweepSpecFile = z.input<typeof sweepSpecSchema>;

/** A scenario of the sweep: a file's path (absolute), or a generator with its options. */
export type ScenarioSourceSpec =
  | { readonly kind: 'file'; readonly path: string; readonly label: string | undefined }
  | { readonly kind: 'generated'; readonly generator: GeneratorName; readonly options: Readonly<Record<string, string | number | boolean>>; readonly label: string | undefined };

export interface SchedulerSpec {
  readonly name: string;
  readonly label: string;
  /** null: the scenario's own schedulerOptions. */
  readonly options: Readonly<Record<string, unknown>> | null;
}

export interface ParameterSpec {
  /** As written (the column name in the tables). */
  readonly path: string;
  readonly steps: readonly PathStep[];
  /** A generator option (`generate.load`) rather than a scenario field. */
  readonly generatorOption: boolean;
  readonly values: readonly unknown[];
}

export interface SweepSpec {
  readonly name: string;
  readonly description: string;
  /** The spec file, absolute (scenario files are relative to it). */
  readonly path: string;
  readonly scenarios: readonly ScenarioSourceSpec[];
  readonly parameters: readonly ParameterSpec[];
  readonly schedulers: readonly SchedulerSpec[];
  /** Scheduler modules to load (absolute paths). */
  readonly schedulerModules: readonly string[];
  /** Scheduler processes to start (`--scheduler-process`): given on the command line only, never by the spec's file. */
  readonly schedulerProcesses: readonly string[];
  /** Explicit seeds, or replications from each scenario's seed. */
  readonly seeds: { readonly kind: 'list'; readonly seeds: readonly number[] } | { readonly kind: 'replications'; readonly count: number };
  readonly alignHeartbeats: boolean;
  readonly metrics: readonly MetricKey[] | null;
}

/** Cells of a spec: scenarios × combinations of parameter values × schedulers × seeds. */
export function cellCount(spec: Pick<SweepSpec, 'scenarios' | 'parameters' | 'schedulers'> & { readonly seeds: SweepSpec['seeds'] | number }): number {
  const { seeds } = spec;
  const seedCount = typeof seeds === 'number' ? seeds : seeds.kind === 'list' ? seeds.seeds.length : seeds.count;
  return spec.scenarios.length * spec.schedulers.length * seedCount * spec.parameters.reduce((product, p) => product * p.values.length, 1);
}

/** The JSON Schema as written to docs/sweep.schema.json. */
export function sweepJsonSchemaText(): string {
  return jsonSchemaText(sweepSpecSchema, 'mrsched sweep spec', 'A grid of simulation runs for mrsched sweep: scenarios, parameters, schedulers and seeds. See docs/sweeps.md.');
}

/** Read and check a spec file; an InputError naming it with every problem, located. */
export function readSweepSpec(path: string): SweepSpec {
  const text = readTextFile(path, 'a readable sweep spec (YAML or JSON)');
  return parseSweepSpecText(text, path);
}

/** Check spec text; `path` names it in problems and is where its scenario files are found from. */
export function parseSweepSpecText(text: string, path: string): SweepSpec {
  return readLocatedText(text, path, 'a sweep spec (a mapping with name, scenarios, schedulers, …)').check((raw) => checkSweepSpec(raw, resolve(path)));
}

export function checkSweepSpec(raw: unknown, path: string): SchemaResult<SweepSpec> {
  const parsed = checkWithSchema(sweepSpecSchema, raw);
  if (!parsed.ok) return parsed;
  const file = parsed.value;
  const problems: PathProblem[] = [];
  const scenarios = file.scenarios.map((entry): ScenarioSourceSpec => {
    if (typeof entry === 'string') return { kind: 'file', path: resolve(dirname(path), entry), label: undefined };
    if ('file' in entry) return { kind: 'file', path: resolve(dirname(path), entry.file), label: entry.label };
    return { kind: 'generated', generator: entry.generate, options: entry.options ?? {}, label: entry.label };
  });
  const parameters = Object.entries(file.parameters ?? {}).map(([text, values]): ParameterSpec => {
    const generatorOption = text.startsWith(GENERATOR_PREFIX);
    const steps = parsePath(generatorOption ? text.slice(GENERATOR_PREFIX.length) : text);
    if (steps === undefined) {
      problems.push({ path: ['parameters', text], expected: 'a field path such as settings.slowStart or cluster.racks[*].nodes', found: `'${text}'`, atKey: true });
    } else if (generatorOption && (steps.length !== 1 || !('key' in steps[0]))) {
      problems.push({ path: ['parameters', text], expected: `a generator option after '${GENERATOR_PREFIX}' (generate.load)`, found: `'${text}'`, atKey: true });
    } else if (generatorOption && scenarios.some((s) => s.kind === 'file')) {
      problems.push({ path: ['parameters', text], expected: 'a generator option only when every scenario is generated', found: 'a scenario file among the scenarios', atKey: true });
    }
    values.forEach((value, i) => {
      if (values.findIndex((other) => canonicalJson(other) === canonicalJson(value)) !== i) {
        problems.push({ path: ['parameters', text, i], expected: 'values that differ (the same value twice would run the same cells twice)', found: `${JSON.stringify(value)} again` });
      }
    });
    return { path: text, steps: steps ?? [], generatorOption, values };
  });
  const schedulers = file.schedulers.map((entry): SchedulerSpec => {
    if (typeof entry === 'string') return { name: entry, label: entry, options: null };
    return { name: entry.name, label: entry.label ?? entry.name, options: entry.options ?? null };
  });
  uniqueLabels(schedulers.map((s) => s.label), 'schedulers', problems);
  uniqueLabels(scenarios.map(scenarioLabel), 'scenarios', problems);
  if (file.seeds !== undefined && file.replications !== undefined) {
    problems.push({ path: ['replications'], expected: 'seeds or replications, not both', found: 'both', atKey: true });
  }
  const cells = cellCount({ scenarios, parameters, schedulers, seeds: file.seeds?.length ?? file.replications ?? 1 });
  if (cells > SWEEP_LIMITS.cells) {
    problems.push({ path: ['parameters'], expected: `at most ${SWEEP_LIMITS.cells.toLocaleString('en')} cells in all`, found: `${cells.toLocaleString('en')} (scenarios × combinations × schedulers × seeds)` });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name: file.name,
      description: file.description ?? '',
      path,
      scenarios,
      parameters,
      schedulers,
      schedulerModules: (file.schedulerModules ?? []).map((module) => resolve(dirname(path), module)),
      schedulerProcesses: [],
      seeds: file.seeds !== undefined ? { kind: 'list', seeds: file.seeds } : { kind: 'replications', count: file.replications ?? 1 },
      alignHeartbeats: file.alignHeartbeats ?? false,
      metrics: file.metrics ?? null,
    },
  };
}

/** A scenario's name in the tables when the spec gives it no label: its file's name without the extension, or the generator's. */
export function scenarioLabel(scenario: ScenarioSourceSpec): string {
  if (scenario.label !== undefined) return scenario.label;
  return scenario.kind === 'file' ? basename(scenario.path, extname(scenario.path)) : scenario.generator;
}

function uniqueLabels(labels: readonly string[], field: 'schedulers' | 'scenarios', problems: PathProblem[]): void {
  labels.forEach((name, i) => {
    if (labels.indexOf(name) !== i) {
      problems.push({ path: [field, i], expected: 'an entry with a label of its own (the tables tell entries apart by it)', found: `a second '${name}'` });
    }
  });
}
