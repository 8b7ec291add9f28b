import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, tried on imports written for the test
// (the files named need not exist: ESLint lints the text as if it were there).
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The no-restricted-imports messages for `text` as the file `path` of the repository. */
async function layerProblems(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rules of docs/architecture.md, enforced by lint', () => {
  it('refuses a sim → sched import, naming what sim may import and where the rule is written', async () => {
    const problems = await layerProblems('src/sim/demo.ts', "export { FifoPolicy } from '../sched/fifo/fifo.js';\n");
    expect(problems).toEqual([expect.stringContaining('src/sim/ may import only util, model (docs/architecture.md, "may import")')]);
  });

  it('lets sched import the policy views of sim, and nothing else of sim, from any depth', async () => {
    expect(await layerProblems('src/sched/fifo/demo.ts', "export { PolicyError } from '../../sim/policy.js';\n")).toEqual([]);
    expect(await layerProblems('src/sched/fifo/demo.ts', "export { simulate } from '../../sim/simulate.js';\n")).toHaveLength(1);
    expect(await layerProblems('src/sched/demo.ts', "export { planUaas } from '../planners/makespan/uaas.js';\n")).toEqual([]);
  });

  it("lets report import planners' types only", async () => {
    expect(await layerProblems('src/report/demo.ts', "export type { MakespanPlan } from '../planners/makespan/plan.js';\n")).toEqual([]);
    expect(await layerProblems('src/report/demo.ts', "export { planUaas } from '../planners/makespan/uaas.js';\n")).toHaveLength(1);
  });

  it('keeps model and solvers free of our other folders, and planners free of sim', async () => {
    expect(await layerProblems('src/model/demo.ts', "export type { Policy } from '../sim/policy.js';\n")).toHaveLength(1);
    expect(await layerProblems('src/solvers/demo.ts', "export type { Scenario } from '../model/scenario.js';\n")).toHaveLength(1);
    expect(await layerProblems('src/planners/hta/demo.ts', "export { simulate } from '../../sim/simulate.js';\n")).toHaveLength(1);
  });

  it('lets tests and test-support import any folder, and no production file import them', async () => {
    expect(await layerProblems('src/sim/demo.test.ts', "export { FifoPolicy } from '../sched/fifo/fifo.js';\n")).toEqual([]);
    expect(await layerProblems('src/report/test-support/demo.ts', "export { FifoPolicy } from '../../sched/fifo/fifo.js';\n")).toEqual([]);
    expect(await layerProblems('src/cli/demo.ts', "export { base } from '../test-support/scenario-files.js';\n")).toHaveLength(1);
    expect(await layerProblems('src/cli/demo.ts', "export { WORDCOUNT } from '../workloads/rumen/test-support/wordcount.js';\n")).toHaveLength(1);
  });
});
