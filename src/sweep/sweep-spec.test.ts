import { describe, expect, it } from 'vitest';
import { expectSchemaFileInStep } from '../test-support/schema-file.js';
import { formatProblem, type InputError } from '../util/input-error.js';
import { inputErrorFrom, inputErrorOf } from '../test-support/input-error.js';
import { planSweep } from './sweep-plan.js';
import { parseSweepSpecText, readSweepSpec, sweepJsonSchemaText } from './sweep-spec.js';
import { cliSession } from '../test-support/cli-session.js';
import { TINY_SCENARIO, TINY_SPEC } from './test-support/sweep-files.js';

// A fresh temporary directory per test (stdout and stderr captured, which these tests do not read).
const files = cliSession();
const problemsOf = (call: () => unknown) => messages(inputErrorOf(call));
const messages = (error: InputError) => error.problems.map((problem) => formatProblem(error.source, problem));

describe('the sweep spec', () => {
  it('docs/sweep.schema.json is generated from it (run `npm run schema` after changing the format)', () => {
    expectSchemaFileInStep('sweep.schema.json', sweepJsonSchemaText());
  });

  it('reads scenarios relative to the spec, scheduler entries with options and labels, and seeds or replications', () => {
    const spec = parseSweepSpecText(
      `name: a
scenarios: [../tiny.yaml, { generate: loadgen, options: { jobs: 10 }, label: small-loadgen }]
schedulers: [fifo, { name: fair, label: fair-slow, options: { nodeLocalityDelay: 9 } }]
replications: 3
`,
      '/x/sweeps/spec.yaml',
    );
    expect(spec.scenarios).toEqual([
      { kind: 'file', path: '/x/tiny.yaml', label: undefined },
      { kind: 'generated', generator: 'loadgen', options: { jobs: 10 }, label: 'small-loadgen' },
    ]);
    expect(spec.schedulers).toEqual([
      { name: 'fifo', label: 'fifo', options: null },
      { name: 'fair', label: 'fair-slow', options: { nodeLocalityDelay: 9 } },
    ]);
    expect(spec.seeds).toEqual({ kind: 'replications', count: 3 });
  });

  it('reports every mistake at once, at its line', () => {
    const text = `name: a b
scenarios: []
parameters:
  settings..slowStart: [1]
  settings.seed: [1, 2, 1]
  generate.load: [0.5]
schedulers: [fifo, fifo]
seeds: [1]
replications: 2
colour: red
`;
    expect(problemsOf(() => parseSweepSpecText(text, 'spec.yaml'))).toEqual([
      'spec.yaml:1:7: name: expected a name of letters, digits, ., _ and - (it names the output directory), found \'a b\'',
      'spec.yaml:2:12: scenarios: expected at least 1 item, found a list of 0',
      "spec.yaml:10:1: colour: expected one of the fields $schema, name, description, scenarios, parameters, schedulers, schedulerModules, seeds, replications, alignHeartbeats, metrics, found unknown field 'colour'",
    ]);
    const fixed = text.replace('name: a b', 'name: a').replace('scenarios: []', 'scenarios: [x.yaml]').replace('colour: red\n', '');
    expect(problemsOf(() => parseSweepSpecText(fixed, 'spec.yaml'))).toEqual([
      'spec.yaml:4:3: parameters["settings..slowStart"]: expected a field path such as settings.slowStart or cluster.racks[*].nodes, found \'settings..slowStart\'',
      'spec.yaml:5:25: parameters["settings.seed"][2]: expected values that differ (the same value twice would run the same cells twice), found 1 again',
      "spec.yaml:6:3: parameters[\"generate.load\"]: expected a generator option only when every scenario is generated, found a scenario file among the scenarios",
      "spec.yaml:7:20: schedulers[1]: expected an entry with a label of its own (the tables tell entries apart by it), found a second 'fifo'",
      'spec.yaml:9:1: replications: expected seeds or replications, not both, found both',
    ]);
  });

  it('refuses a grid of more than a million cells before laying it out', () => {
    const values = `[${Array.from({ length: 1000 }, (_, i) => i).join(', ')}]`;
    const text = `name: big\nscenarios: [a.yaml]\nparameters:\n  a.x: ${values}\n  a.y: ${values}\nschedulers: [fifo, fair]\n`;
    expect(problemsOf(() => parseSweepSpecText(text, 'spec.yaml'))).toEqual([
      'spec.yaml:4:3: parameters: expected at most 1,000,000 cells in all, found 2,000,000 (scenarios × combinations × schedulers × seeds)',
    ]);
  });

  it('names an unreadable spec', () => {
    expect(problemsOf(() => readSweepSpec(`${files.dir}/missing.yaml`))).toEqual([`${files.dir}/missing.yaml: expected a readable sweep spec (YAML or JSON), found no such file`]);
  });
});

describe('laying out the cells', () => {
  it('refuses a path that does not fit a scenario, and a scheduler the registry does not know, before anything runs', async () => {
    const badPath = parseSweepSpecText(TINY_SPEC.replace('settings.slowStart', 'cluster.racks[3].nodes'), files.file('spec.yaml', ''));
    expect(messages(await inputErrorFrom(planSweep(badPath)))).toEqual([
      `${files.dir}/spec.yaml: parameters.cluster.racks[3].nodes: expected a path that fits the scenario tiny, found 'cluster.racks' has 1 entry, so no [3]`,
    ]);
    const badScheduler = parseSweepSpecText(TINY_SPEC.replace('fair+locality', 'fare'), files.file('spec.yaml', ''));
    expect(messages(await inputErrorFrom(planSweep(badScheduler)))).toEqual([`${files.dir}/spec.yaml: schedulers[1]: expected a scheduler name (one of fifo, fair, capacity, flow, uaas, mkjr, adaptive, dmrs, dmrs-identical, dmrs-map-only), found 'fare'`]);
  });

  it('sweeps a generator option: one scenario per value, a bad value failing only its cells', async () => {
    const spec = parseSweepSpecText(`name: g\nscenarios: [{ generate: loadgen, options: { jobs: 5 } }]\nparameters:\n  generate.load: [0.5, -1]\nschedulers: [fifo]\n`, files.file('spec.yaml', ''));
    const plan = await planSweep(spec);
    expect(plan.cells.map((c) => [c.scenario, c.parameters, c.scheduler, c.seed])).toEqual([
      ['loadgen', [0.5], 'fifo', 1],
      ['loadgen', [-1], 'fifo', 1],
    ]);
    expect(plan.input(0).document.ok).toBe(true);
    expect(plan.input(1).document).toEqual({ ok: false, problem: expect.stringContaining('load') });
  });

  it('puts a scheduler entry’s options in the scenario’s schedulerOptions of its cells, and gives them ids of their own', async () => {
    const spec = parseSweepSpecText(
      `name: o\nscenarios: [${JSON.stringify(TINY_SCENARIO)}]\nschedulers: [fair, { name: fair, label: fair-late, options: { nodeLocalityDelay: 9 } }]\n`,
      files.file('spec.yaml', ''),
    );
    const plan = await planSweep(spec);
    const [plain, late] = [plan.input(0), plan.input(1)];
    expect(plain.id).not.toBe(late.id);
    expect(late.document).toMatchObject({ ok: true, value: { schedulerOptions: { fair: { nodeLocalityDelay: 9 } } } });
    expect(plain.document).toMatchObject({ ok: true, value: { name: 'tiny' } });
    expect((plain.document as { value: { schedulerOptions?: unknown } }).value.schedulerOptions).toBeUndefined();
  });
});
