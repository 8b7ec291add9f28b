/**
 * The command's contract under hostile input, checked on generated inputs:
 * scenario files, planner inputs (makespan problems, task-assignment
 * instances) and traces (SWIM, Rumen, SLS, SLS topologies), each built
 * near-valid and then given hostile values, and the repository's example
 * files with random bytes changed. Every command either
 *
 * - exits 0, with outputs that pass the checks (a simulation's files are the
 *   run that the whole-run invariants accept; an imported scenario loads), or
 * - exits 2 with a message that names where the problem is (the file, an
 *   option or the environment),
 *
 * never another code, a stack trace or a hang. `npm test` runs a few cases
 * of each kind; `npm run fuzz` runs MRSCHED_FUZZ_RUNS of them (10,000).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import YAML from 'yaml';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../experiment/run-scenario.js';
import { runSummary, tasksCsv } from '../report/run-files.js';
import { checkRunInvariants } from '../sim/invariants.js';
import { loadLinearSolver, type LinearSolver } from '../solvers/linear-program.js';
import { loadScenarioWithTrace } from '../workloads/scenario-with-trace.js';
import { cliSession } from '../test-support/cli-session.js';
import { TRACES } from '../test-support/traces.js';
import { asText, mutated } from '../test-support/hostile-input.js';
import { main } from './program.js';

/** Cases in all, shared by the four kinds below. */
const RUNS = Number(process.env.MRSCHED_FUZZ_RUNS ?? 48);
const PER_KIND = Math.max(1, Math.round(RUNS / 4));
/** A case that takes longer than this has hung, for the contract's purpose. */
const HANG_MS = 30_000;
const SEED = Number(process.env.MRSCHED_FUZZ_SEED ?? 20_240_601);

const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const cli = cliSession();
let solver: LinearSolver;
let cases = 0;
/** Exits by command, for the figures of a long run (docs/reliability.md). */
const tally: Record<string, number> = {};

afterAll(() => {
  vi.unstubAllEnvs();
  if (RUNS > 100) process.stdout.write(`${RUNS} cases, seed ${SEED}: ${JSON.stringify(tally, Object.keys(tally).sort(), 1)}\n`);
});

beforeAll(async () => {
  solver = await loadLinearSolver();
  // Small limits keep every case quick; that they are limits is part of what is checked.
  vi.stubEnv('MRSCHED_MAX_NODES', '1000');
  vi.stubEnv('MRSCHED_MAX_JOBS', '300');
  vi.stubEnv('MRSCHED_MAX_TASKS', '20000');
  vi.stubEnv('MRSCHED_MAX_TASKS_PER_JOB', '5000');
  vi.stubEnv('MRSCHED_MAX_FILE_MB', '4');
  vi.stubEnv('MRSCHED_MAX_YAML_MB', '1');
  vi.stubEnv('MRSCHED_MAX_RECORD_MB', '1');
});

interface Result {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs the command in this process, checking the contract for every exit: 0, or 2 naming one of `places`. */
async function run(args: readonly string[], places: readonly string[]): Promise<Result> {
  cli.clearOutput();
  const started = Date.now();
  const code = await main(args);
  const result = { code, out: cli.out, err: cli.err };
  const key = `${args[0] === 'plan' || args[0] === 'import' ? `${args[0]} ${args[1]}` : args[0]} exit ${code}`;
  tally[key] = (tally[key] ?? 0) + 1;
  const context = `mrsched ${args.join(' ')}\n${result.err}`;
  expect(Date.now() - started, `a hang: ${context}`).toBeLessThan(HANG_MS);
  expect([0, 2], context).toContain(code);
  expect(result.err, context).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  if (code === 2) {
    expect(result.err, context).toMatch(/^mrsched: /);
    const named = [...places, ...args.filter((a) => a.startsWith('--')), 'the environment'];
    expect(named.some((place) => result.err.includes(place)) || /^mrsched: the run of scenario /.test(result.err), context).toBe(true);
    for (const line of result.err.split('\n')) expect(line.length, context).toBeLessThan(1000);
  }
  return result;
}

/** The current case's directory: each case starts a fresh one and removes the last, so that 10,000 cases leave no heap of files. */
let caseDir = '';

function newCase(): void {
  if (caseDir !== '') rmSync(caseDir, { recursive: true, force: true });
  caseDir = join(cli.dir, `case${cases++}`);
  mkdirSync(caseDir);
}

function inputFile(extension: string, content: string | Uint8Array): string {
  const path = join(caseDir, `input${readdirSync(caseDir).length}.${extension}`);
  writeFileSync(path, content);
  return path;
}

// ------------------------------------------------------------------ values

// ---------------------------------------------------------------- scenarios

const duration = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.constantFrom('30 s', '2 min', '250ms', '1h'));
const size = fc.oneof(fc.integer({ min: 0, max: 2 ** 28 }), fc.constantFrom('64 MB', '1 GB', '0 B', '10 KB'));
const distribution = (values: fc.Arbitrary<unknown>) =>
  fc.oneof(
    values,
    fc.record({ dist: fc.constant('exponential'), mean: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ dist: fc.constant('uniform'), min: fc.integer({ min: 0, max: 5 }), max: fc.integer({ min: 5, max: 50 }) }),
    fc.record({ dist: fc.constant('lognormal'), median: fc.integer({ min: 1, max: 60 }), sigma: fc.double({ min: 0, max: 2, noNaN: true }) }),
  );

const job = (id: string) =>
  fc.record(
    {
      id: fc.constant(id),
      maps: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.record({ dist: fc.constant('uniform'), min: fc.constant(1), max: fc.integer({ min: 1, max: 20 }) })),
      mapTime: distribution(duration),
      reduces: fc.integer({ min: 0, max: 4 }),
      reduceTime: distribution(duration),
      submit: duration,
      inputBytes: size,
      shuffleBytes: size,
      user: fc.constantFrom('alice', 'bob'),
      weight: fc.constantFrom(1, 2, 0.5),
    },
    { requiredKeys: ['id', 'maps', 'mapTime', 'reduceTime'] },
  );

/** Options of the adaptive scheduler and the fetch-cost reduce placements, for the hostile values to reach. */
const schedulerOptions = fc.record(
  {
    adaptive: fc.record({ tolerance: fc.constantFrom(0.05, 0.1, 0.5), reviewInterval: duration, classification: fc.constantFrom('exact', 'kmeans') }, { requiredKeys: [] }),
    greedy: fc.record({ maxDelay: duration, tolerance: fc.constantFrom(0, 0.01, 1) }, { requiredKeys: [] }),
    rhc: fc.record({ maxDelay: duration, window: fc.integer({ min: 1, max: 200 }), weighting: fc.constantFrom('hops', 'bandwidth') }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

const scenario = fc
  .record({
    racks: fc.integer({ min: 1, max: 4 }),
    nodes: fc.integer({ min: 1, max: 6 }),
    jobs: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    stream: fc.option(fc.record({ count: fc.integer({ min: 1, max: 20 }), interarrival: distribution(duration), maps: fc.integer({ min: 1, max: 8 }), mapTime: duration }), { nil: undefined }),
    failures: fc.array(fc.record({ node: fc.nat(), at: fc.integer({ min: 0, max: 200 }), recoverAt: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }) }), { maxLength: 3 }),
    heartbeatInterval: fc.constantFrom(1, 3, '500ms'),
    seed: fc.integer({ min: 0, max: 1000 }),
    schedulerOptions: fc.option(schedulerOptions, { nil: undefined }),
  })
  .chain((shape) =>
    fc.tuple(fc.tuple(...shape.jobs.map((_, j) => job(`j${j}`))), fc.constant(shape)).map(([jobs, s]) => ({
      cluster: { generate: { racks: s.racks, nodesPerRack: s.nodes, mapSlots: 2, reduceSlots: 1 } },
      storage: { blockSize: '64 MB', replication: 2 },
      users: [{ id: 'alice' }, { id: 'bob', priority: 2 }],
      jobs,
      ...(s.stream === undefined ? {} : { jobStreams: [s.stream] }),
      ...(s.schedulerOptions === undefined ? {} : { schedulerOptions: s.schedulerOptions }),
      settings: {
        heartbeatInterval: s.heartbeatInterval,
        seed: s.seed,
        failures: s.failures.map((f) => ({ node: `rack1-n0${(f.node % s.nodes) + 1}`, at: f.at, ...(f.recoverAt === undefined ? {} : { recoverAt: f.at + f.recoverAt }) })),
      },
    })),
  );

const SCHEDULERS = ['fifo', 'fair', 'capacity', 'flow', 'uaas', 'mkjr', 'adaptive', 'fair+delay', 'capacity+flow', 'fifo+locality+hadoop', 'fair+greedy', 'fifo+rhc', 'adaptive+random'];

/**
 * Validates a scenario file, then simulates it. What validate accepts,
 * simulate runs, unless the run itself leaves the model's range (which only
 * running finds); a simulation's files must be those of a run the
 * invariants accept. (Validate checks every scheduler, so it may refuse what
 * one scheduler runs.)
 */
async function checkScenarioFile(file: string, scheduler: string): Promise<void> {
  const validated = await run(['validate', file], [file]);
  const out = join(caseDir, 'out');
  const simulated = await run(['simulate', file, '-s', scheduler, '--out', out, '--format', 'json'], [file]);
  if (validated.code === 0 && simulated.code !== 0) expect(simulated.err, 'validate missed it').toMatch(/^mrsched: the run of scenario /);
  if (simulated.code !== 0) return;
  const { run: record, metrics } = runScenario(await loadScenarioWithTrace(file), scheduler, { solver });
  expect(checkRunInvariants(record)).toEqual([]);
  expect(readFileSync(join(out, 'tasks.csv'), 'utf8')).toBe(tasksCsv(record));
  // The file also records how it was made, which a run in this process has no command line for.
  const { provenance, ...summary } = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { provenance: { command: string } };
  expect(provenance.command).toMatch(/^mrsched simulate /);
  expect(summary).toEqual(JSON.parse(JSON.stringify(runSummary(record, metrics))));
}

// ------------------------------------------------------------ planner inputs

const makespanProblem = fc.record({
  // Every node has the same slots: the cluster's are a multiple of its nodes.
  cluster: fc
    .tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }))
    .map(([nodes, map, reduce]) => ({ nodes, mapSlots: nodes * map, reduceSlots: nodes * reduce })),
  jobs: fc.uniqueArray(
    fc.record({ id: fc.constantFrom('J1', 'J2', 'J3', 'J4'), mapSlots: fc.integer({ min: 1, max: 40 }), reduceSlots: fc.integer({ min: 1, max: 20 }), mapDuration: fc.integer({ min: 1, max: 50 }), reduceDuration: fc.integer({ min: 0, max: 50 }) }),
    { minLength: 1, maxLength: 4, selector: (job: { id: string }) => job.id },
  ),
});

const htaInstance = fc.integer({ min: 1, max: 6 }).chain((servers) =>
  fc.record({
    servers: fc.constant(Array.from({ length: servers }, (_, s) => `s${s}`)),
    wLoc: fc.constantFrom(1, 2),
    wRem: fc.constantFrom(3, 5),
    tasks: fc.array(fc.array(fc.nat(servers - 1), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }).map((tasks) =>
      tasks.map((replicas, t) => ({ id: `t${t}`, replicas: [...new Set(replicas)].map((s) => `s${s}`) })),
    ),
  }),
);

/** A planner's example file, read, for `mutated` to change. */
const exampleValue = (...path: string[]) => fc.constant(YAML.parse(readFileSync(join(examples, ...path), 'utf8')) as unknown);

// ------------------------------------------------------------------- traces

const swimLine = fc
  .tuple(fc.nat(99), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 2 ** 32 }), fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 0, max: 2 ** 30 }))
  .map(([id, submit, gap, input, shuffle, output]) => `job${id}\t${submit}\t${gap}\t${input}\t${shuffle}\t${output}`);
const swimText = fc.array(fc.oneof({ weight: 8, arbitrary: swimLine }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) }), { minLength: 1, maxLength: 30 }).map((lines) => lines.join('\n') + '\n');

/** A trace of JSON records: the real sample's records, each changed a little, one after another. */
function jsonRecords(sample: string): fc.Arbitrary<string> {
  const records: unknown[] = [];
  for (const text of readFileSync(sample, 'utf8').split(/\n(?=\{)/)) records.push(JSON.parse(text));
  return fc.array(mutated(fc.constantFrom(...records)), { minLength: 1, maxLength: 4 }).map((values) => values.map((v) => JSON.stringify(v, null, 1)).join('\n'));
}

/** Imports a trace; an imported scenario must load (validate exits 0). */
async function checkImport(format: string, file: string, extra: readonly string[]): Promise<void> {
  const out = join(caseDir, `imported-${format}.yaml`);
  const imported = await run(['import', format, file, '--out', out, ...extra], [file, ...extra.map((e) => e.replace(/^--option=topology=/, ''))]);
  if (imported.code === 0) expect((await run(['validate', out], [out])).code).toBe(0);
}

// --------------------------------------------------------------- byte flips

const FILES: readonly { path: string; command: (file: string) => string[] }[] = [
  ...readdirSync(examples)
    .filter((name) => /\.ya?ml$/.test(name) && name !== 'facebook-2009.yaml')
    .map((name) => ({ path: join(examples, name), command: (file: string) => ['validate', file] })),
  ...readdirSync(join(examples, 'makespan')).map((name) => ({
    path: join(examples, 'makespan', name),
    command: (file: string) => ['plan', 'makespan', file, '--algorithm', 'optimal'],
  })),
  { path: join(examples, 'classes', 'rasooli-down-2x2.yaml'), command: (file: string) => ['plan', 'classes', file] },
  { path: join(examples, 'reduce-placement', 'remark-2.json'), command: (file: string) => ['plan', 'reduce-thresholds', file] },
  { path: join(examples, 'reduce-placement', 'fig1-tree.json'), command: (file: string) => ['topology', file] },
  { path: join(examples, 'dmrs', 'worked-example.yaml'), command: (file: string) => ['plan', 'dmrs', file] },
  { path: TRACES.swimFirst50, command: (file: string) => ['import', 'swim', file] },
  { path: TRACES.rumenWordcount, command: (file: string) => ['import', 'rumen', file] },
  { path: TRACES.slsJobs, command: (file: string) => ['import', 'sls', file] },
];

const BYTES = [0x00, 0x7f, 0xff, 0xc3, 0x0a, 0x09, 0x22, 0x3a, 0x7b, 0x5b, 0x2a, 0x26, 0x2d, 0x23, 0x30, 0x39, 0x20];
const byteEdit = fc.tuple(fc.nat(), fc.constantFrom('flip', 'set', 'insert', 'delete', 'repeat'), fc.constantFrom(...BYTES), fc.integer({ min: 1, max: 64 }));

function editBytes(bytes: Uint8Array, edits: readonly (readonly [number, string, number, number])[]): Uint8Array {
  let data = Buffer.from(bytes);
  for (const [at, kind, byte, length] of edits) {
    const i = data.length === 0 ? 0 : at % data.length;
    if (kind === 'flip') data[i] ^= 1 << (byte % 8);
    else if (kind === 'set') data[i] = byte;
    else if (kind === 'insert') data = Buffer.concat([data.subarray(0, i), Buffer.from([byte]), data.subarray(i)]);
    else if (kind === 'delete') data = Buffer.concat([data.subarray(0, i), data.subarray(i + length)]);
    else data = Buffer.concat([data.subarray(0, i + length), data.subarray(i, i + length), data.subarray(i + length)]);
  }
  return data;
}

// -------------------------------------------------------------------- cases

const property = { numRuns: PER_KIND, seed: SEED, endOnFailure: true };
const TIMEOUT = 60_000 + PER_KIND * 2_000;

describe('the contract holds on generated and mutated input: exit 0 with sound outputs, or exit 2 with a located message', () => {
  it(
    'scenario files',
    async () => {
      await fc.assert(
        fc.asyncProperty(mutated(scenario), fc.boolean(), fc.constantFrom(...SCHEDULERS), async (value, json, scheduler) => {
          newCase();
          await checkScenarioFile(inputFile(json ? 'json' : 'yaml', asText(value, json)), scheduler);
        }),
        property,
      );
    },
    TIMEOUT,
  );

  it(
    'planner inputs: makespan problems, task-assignment instances, class problems, reduce thresholds, network trees and DMRS instances',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          mutated(makespanProblem),
          mutated(htaInstance),
          fc.constantFrom('johnson', 'uaas', 'mkjr', 'balanced-pools', 'slot-ratio', 'optimal'),
          fc.constantFrom('round-robin', 'flow', 'optimal'),
          fc.tuple(
            mutated(exampleValue('classes', 'rasooli-down-2x2.yaml')),
            mutated(fc.oneof(exampleValue('reduce-placement', 'remark-2.json'), exampleValue('reduce-placement', 'paper-experiment.json'))),
            mutated(exampleValue('reduce-placement', 'fig1-tree.json')),
            // One case in 20: a DMRS plan takes about a second (its LP bound), the others milliseconds.
            fc.oneof({ weight: 19, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: mutated(exampleValue('dmrs', 'worked-example.yaml')) }),
          ),
          fc.constantFrom('dmrs', 'identical', 'map-only', 'fifo'),
          fc.boolean(),
          async (problem, instance, makespan, assign, [classes, thresholds, tree, dmrs], dmrsAlgorithm, json) => {
            newCase();
            /** Writes `value` as the case's next input file and runs the command `args` makes of it. */
            const planned = async (value: unknown, args: (file: string) => string[]) => {
              const file = inputFile(json ? 'json' : 'yaml', asText(value, json));
              await run(args(file), [file]);
            };
            await planned(problem, (file) => ['plan', 'makespan', file, '--algorithm', makespan, '--format', 'json']);
            await planned(instance, (file) => ['plan', 'assign', file, '--algorithm', assign, '--time-limit', '2']);
            await planned(classes, (file) => ['plan', 'classes', file]);
            await planned(thresholds, (file) => ['plan', 'reduce-thresholds', file]);
            await planned(tree, (file) => ['topology', file, '--over', 'all']);
            if (dmrs !== undefined) await planned(dmrs, (file) => ['plan', 'dmrs', file, '--algorithm', dmrsAlgorithm, '--time-limit', '2']);
          },
        ),
        property,
      );
    },
    TIMEOUT,
  );

  it(
    'traces: SWIM, Rumen and SLS, with and without an SLS topology, skipping malformed records or not',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          swimText,
          jsonRecords(TRACES.rumenWordcount),
          jsonRecords(TRACES.slsJobs),
          jsonRecords(TRACES.slsTopology),
          fc.boolean(),
          async (swim, rumen, sls, topology, skip) => {
            newCase();
            const extra = skip ? ['--skip-invalid'] : [];
            await checkImport('swim', inputFile('tsv', swim), extra);
            await checkImport('rumen', inputFile('json', rumen), extra);
            const topologyFile = inputFile('json', topology);
            await checkImport('sls', inputFile('json', sls), [...extra, `--option=topology=${topologyFile}`]);
          },
        ),
        property,
      );
    },
    TIMEOUT,
  );

  it(
    "the examples and sample traces with random bytes changed",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...FILES), fc.array(byteEdit, { minLength: 1, maxLength: 6 }), async ({ path, command }, edits) => {
          newCase();
          const extension = path.slice(path.lastIndexOf('.') + 1);
          const file = inputFile(extension, editBytes(readFileSync(path), edits));
          const result = await run(command(file), [file]);
          if (command(file)[0] === 'validate' && result.code === 0) await checkScenarioFile(file, 'fair');
        }),
        property,
      );
    },
    TIMEOUT,
  );
});
