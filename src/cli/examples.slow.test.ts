import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { taskCounts } from '../model/workload.js';
import { parseScenarioText } from '../input/load-scenario.js';
import { fileURLToPath } from 'node:url';
import type { RunRecord } from '../model/run-record.js';
import { runScenario } from '../experiment/run-scenario.js';
import { checkRunInvariants } from '../sim/invariants.js';
import { builtinSchedulers } from '../sched/index.js';
import { loadLinearSolver } from '../solvers/index.js';
import { loadScenarioWithTrace } from '../workloads/scenario-with-trace.js';
import {
  goldenOutputOf,
  recordedGoldenOutputs,
  UPDATING_GOLDEN,
  writeGoldenOutputs,
  type GoldenOutput,
} from '../test-support/golden-outputs.js';

// Every example shipped in examples/ must load and run to completion under
// each of Hadoop's schedulers: a broken example is a broken first impression.
// Each of these runs, the default scenario under every other scheduler and
// the YARN example in YARN mode also give their golden outputs
// (src/test-support/golden-outputs.ts): a change of behaviour shows in the
// commit that makes it (`npm run golden:update`).
const examples = fileURLToPath(new URL('../../examples/', import.meta.url));
const files = readdirSync(examples)
  .filter((name) => /\.(ya?ml|json)$/.test(name))
  .sort();
// Each example loaded once, as the commands load it: with the trace it names, if any.
const loaded = new Map(files.map((file) => [file, loadScenarioWithTrace(join(examples, file))]));
const load = (file: string) => loaded.get(file) ?? Promise.reject(new Error(`no example ${file}`));
const schedulers = ['fifo', 'fair', 'capacity'] as const;
// A whole day of a real trace takes seconds per scheduler.
const RUN_TIMEOUT_MS = 120_000;

const recorded = UPDATING_GOLDEN ? {} : recordedGoldenOutputs();
const updated = new Map<string, GoldenOutput>();
afterAll(() => {
  if (UPDATING_GOLDEN) writeGoldenOutputs(updated);
});

/** An example with lines it keeps commented out (`commented`) switched on (`on`). */
function withLinesSwitchedOn(file: string, commented: string, on: string) {
  return parseScenarioText(readFileSync(join(examples, file), 'utf8').replace(commented, on), file);
}

/** The run's outputs are the recorded ones for `name` (or, when updating, become them). */
function expectGolden(name: string, run: RunRecord): void {
  const output = goldenOutputOf(run);
  if (UPDATING_GOLDEN) {
    updated.set(name, output);
    return;
  }
  expect(recorded[name], `no golden output for '${name}': run npm run golden:update`).toBeDefined();
  expect(output, `the outputs of '${name}' changed`).toEqual(recorded[name]);
}

describe('examples/', () => {
  it('holds the examples the docs and the papers refer to', () => {
    expect(files).toEqual(
      expect.arrayContaining(['default.yaml', 'tiny.yaml', 'rasooli-down-exp1.yaml', 'dmrs-terasort.yaml', 'facebook-2009.yaml']),
    );
  });

  describe.each(files)('%s', (file) => {
    it.each(schedulers)(
      'runs every job to success under %s',
      async (scheduler) => {
        const scenario = await load(file);
        const { run } = runScenario(scenario, scheduler);
        expect(run.jobs.length).toBe(scenario.jobs.length);
        const notSucceeded = run.jobs.filter((job) => job.status !== 'succeeded').map((job) => job.id);
        expect(notSucceeded).toEqual([]);
        expectGolden(`${file} under ${scheduler}`, run);
      },
      RUN_TIMEOUT_MS,
    );
  });
});

describe('golden outputs', () => {
  const others = builtinSchedulers()
    .names()
    .filter((name) => !(schedulers as readonly string[]).includes(name));

  it.each(others)(
    'default.yaml under %s gives its golden outputs',
    async (scheduler) => {
      const { run } = runScenario(await load('default.yaml'), scheduler, { solver: await loadLinearSolver() });
      expectGolden(`default.yaml under ${scheduler}`, run);
    },
    RUN_TIMEOUT_MS,
  );

  it.each(['fifo', 'fair'])(
    'default.yaml with the isolated network under %s gives its golden outputs',
    async (scheduler) => {
      const scenario = await load('default.yaml');
      const alone = { ...scenario, settings: { ...scenario.settings, network: 'isolated' as const } };
      expectGolden(`default.yaml with the isolated network under ${scheduler}`, runScenario(alone, scheduler).run);
    },
    RUN_TIMEOUT_MS,
  );

  it.each(['max-min', 'isolated'] as const)(
    "default.yaml under adaptive with its locality trick (replication), the %s network, keeps every reduce whole and gives its golden outputs",
    async (network) => {
      const scenario = await load('default.yaml');
      const copying = { ...scenario, settings: { ...scenario.settings, network }, schedulerOptions: { ...scenario.schedulerOptions, adaptive: { replication: true } } };
      const { run } = runScenario(copying, 'adaptive', { solver: await loadLinearSolver() });
      expect(checkRunInvariants(run)).toEqual([]);
      expect(run.replicationBytes).toBeGreaterThan(0);
      expectGolden(`default.yaml under adaptive with replication, the ${network} network`, run);
    },
    RUN_TIMEOUT_MS,
  );

  it.each(schedulers)(
    'default.yaml with its node failure under %s keeps every reduce whole and gives its golden outputs',
    async (scheduler) => {
      const scenario = withLinesSwitchedOn('default.yaml', '  # failures:\n  #   - {', '  failures:\n    - {');
      expect(scenario.settings.failures).toHaveLength(1);
      const { run } = runScenario(scenario, scheduler);
      expect(checkRunInvariants(run)).toEqual([]);
      expectGolden(`default.yaml with its node failure under ${scheduler}`, run);
    },
    RUN_TIMEOUT_MS,
  );

  it.each(schedulers)(
    'yarn-two-tier.yaml in YARN mode under %s gives its golden outputs',
    async (scheduler) => {
      const scenario = withLinesSwitchedOn('yarn-two-tier.yaml', '  # yarn: {}', '  yarn: {}');
      expect(scenario.settings.yarn).not.toBeNull();
      expectGolden(`yarn-two-tier.yaml in YARN mode under ${scheduler}`, runScenario(scenario, scheduler).run);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('examples/rasooli-down-exp1.yaml', () => {
  it('has the six users of Exp1, 100 jobs and six nodes', async () => {
    const scenario = await load('rasooli-down-exp1.yaml');
    expect(scenario.jobs.length).toBe(100);
    expect(scenario.cluster.nodes.length).toBe(6);
    const users = scenario.users.map((u) => [u.id, u.priority, u.minShare.map + u.minShare.reduce]);
    expect(users).toEqual([
      ['User1', 3, 50],
      ['User2', 2, 20],
      ['User3', 3, 40],
      ['User4', 2, 30],
      ['User5', 1, 0],
      ['User6', 2, 0],
    ]);
    for (const job of scenario.jobs) expect(job.pool).toBe(job.user);
  });
});

describe('examples/reduce-placement-testbed.yaml', () => {
  it('has the paper’s testbed: 15 nodes, a Sort of 64 maps and 2 reduces, and one of 224 maps and 4 reduces a minute later', async () => {
    const scenario = await load('reduce-placement-testbed.yaml');
    expect(scenario.cluster.nodes.length).toBe(15);
    const shapes = scenario.jobs.map((job) => [job.submitTime, job.maps.length, job.reduces.length]);
    expect(shapes).toEqual([
      [0, 64, 2],
      [60, 224, 4],
    ]);
    // Sort writes what it reads: 4 GiB and 14 GiB of map output.
    const output = scenario.jobs.map((job) => job.maps.outputBytes.reduce((sum, bytes) => sum + bytes, 0) / 2 ** 30);
    expect(output).toEqual([4, 14]);
  });
});

describe('examples/dmrs-terasort.yaml', () => {
  it('has 18 TeraSort jobs of 4 reduces, weights 1–5, in two equal release groups', async () => {
    const scenario = await load('dmrs-terasort.yaml');
    expect(scenario.jobs.length).toBe(18);
    for (const job of scenario.jobs) {
      expect(job.reduces.length).toBe(4);
      expect(job.weight).toBeGreaterThanOrEqual(1);
      expect(job.weight).toBeLessThanOrEqual(5);
    }
    const submits = [...new Set(scenario.jobs.map((job) => job.submitTime))].sort((a, b) => a - b);
    expect(submits.length).toBe(2);
    expect(scenario.jobs.filter((job) => job.submitTime === submits[0]).length).toBe(9);
  });
});

describe('examples/facebook-2009.yaml', () => {
  it('replays the whole SWIM FB-2009 day on 600 nodes, its jobs given to ten users', async () => {
    const scenario = await load('facebook-2009.yaml');
    expect(scenario.jobs.length).toBe(5894);
    expect(scenario.cluster.nodes.length).toBe(600);
    // The importer's counts on this day (docs/traces/swim.md): 406,005 maps and 21,895 reduces.
    expect(taskCounts(scenario.jobs)).toEqual({ maps: 406_005, reduces: 21_895 });
    expect(new Set(scenario.jobs.map((job) => job.user))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => `swim${i + 1}`)));
    expect(scenario.pools.slice(0, 10).every((pool) => pool.userLimitFactor === 10)).toBe(true);
  });
});
