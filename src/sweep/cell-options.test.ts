import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../util/input-error.js';
import { cliSession } from '../test-support/cli-session.js';
import { inputErrorFrom } from '../test-support/input-error.js';
import { planSweep } from './sweep-plan.js';
import { parseSweepSpecText } from './sweep-spec.js';
import { TINY_SCENARIO } from './test-support/sweep-files.js';

const files = cliSession();

/** Every problem of planning the spec `text`, as the command prints them (after the first line). */
async function refusal(text: string): Promise<string[]> {
  const path = files.file('spec.yaml', text);
  const error = await inputErrorFrom(planSweep(parseSweepSpecText(text, path)));
  return error.problems.map((problem) => formatProblem(error.source, problem));
}

const scenario = JSON.stringify(TINY_SCENARIO);

describe("every cell's scheduler and placement options, before any cell runs", () => {
  it("are refused at the scheduler entry's options, naming the cells, an infinite value shown as such", async () => {
    const problems = await refusal(`name: o\nscenarios: [${scenario}]\nschedulers:\n  - fifo\n  - { name: fair, label: late, options: { nodeLocalityDelay: .inf } }\n`);
    expect(problems).toEqual([
      `${files.dir}/spec.yaml:5:62: schedulers[1].options.nodeLocalityDelay: expected a duration ≥ 0 (seconds, or like '5 s'), found Infinity (the cells of tiny · late)`,
    ]);
  });

  it('are refused at the parameter value that set them, naming the cells with every parameter', async () => {
    const text = `name: p\nscenarios: [${scenario}]\nparameters:\n  settings.slowStart: [0.05, 1]\n  schedulerOptions.fair.nodeLocalityDelay: [3, -1]\nschedulers: [fifo, fair]\n`;
    expect(await refusal(text)).toEqual([
      `${files.dir}/spec.yaml:5:48: parameters["schedulerOptions.fair.nodeLocalityDelay"][1]: expected a duration ≥ 0 (seconds, or like '5 s'), found -1 (the cells of tiny · settings.slowStart=0.05 · schedulerOptions.fair.nodeLocalityDelay=-1 · fair)`,
    ]);
  });

  it("are refused at a placement's options too", async () => {
    const text = `name: g\nscenarios: [${scenario}]\nparameters:\n  schedulerOptions.greedy.tolerance: [0, 2]\nschedulers: [fair+greedy]\n`;
    expect(await refusal(text)).toEqual([expect.stringMatching(/spec\.yaml:4:42: parameters\["schedulerOptions\.greedy\.tolerance"\]\[1\]: expected a fraction from 0 to 1, found 2 \(the cells of tiny · schedulerOptions\.greedy\.tolerance=2 · fair\+greedy\)$/)]);
  });

  it("are refused at their line in the scenario file when they are the scenario's own", async () => {
    const own = files.file('own.yaml', `${readFileSync(TINY_SCENARIO, 'utf8')}\nschedulerOptions:\n  fair:\n    nodeLocalityDelay: -1\n`);
    const line = readFileSync(own, 'utf8').split('\n').indexOf('    nodeLocalityDelay: -1') + 1;
    const problems = await refusal(`name: s\nscenarios: [${JSON.stringify(own)}]\nschedulers: [fifo, fair]\n`);
    expect(problems).toEqual([`${own}:${line}:24: schedulerOptions.fair.nodeLocalityDelay: expected a duration ≥ 0 (seconds, or like '5 s'), found -1 (the cells of own · fair)`]);
  });

  it('let a sweep whose options are all right be planned', async () => {
    const text = `name: ok\nscenarios: [${scenario}]\nparameters:\n  schedulerOptions.fair.nodeLocalityDelay: [0, 3]\nschedulers: [fifo, fair, { name: fair, label: late, options: { rackLocalityDelay: 9 } }]\n`;
    const plan = await planSweep(parseSweepSpecText(text, files.file('spec.yaml', text)));
    expect(plan.cells).toHaveLength(6);
  });
});
