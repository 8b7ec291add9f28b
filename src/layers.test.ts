import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, tried on imports written for the test
// (the files named need not exist: ESLint lints the text as if it were there).
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The layer rules' messages (static imports, and `import()`) for `text` as the file `path` of the repository. */
async function layerProblems(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
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

  it('reads a dynamic import() as it reads a static one', async () => {
    expect(await layerProblems('src/sim/demo.ts', "export const fifo = await import('../sched/fifo/fifo.js');\n")).toEqual([
      expect.stringContaining('src/sim/ may import only util, model'),
    ]);
    expect(await layerProblems('src/sched/demo.ts', "export const api = await import('../sim/simulate.js');\n")).toHaveLength(1);
    expect(await layerProblems('src/sched/demo.ts', "export const policy = await import('../sim/policy.js');\n")).toEqual([]);
    expect(await layerProblems('src/cli/demo.ts', "export const files = await import('../test-support/scenario-files.js');\n")).toHaveLength(1);
  });

  it('lets tests and test-support import any folder, and no production file import them', async () => {
    expect(await layerProblems('src/sim/demo.test.ts', "export { FifoPolicy } from '../sched/fifo/fifo.js';\n")).toEqual([]);
    expect(await layerProblems('src/report/test-support/demo.ts', "export { FifoPolicy } from '../../sched/fifo/fifo.js';\n")).toEqual([]);
    expect(await layerProblems('src/cli/demo.ts', "export { base } from '../test-support/scenario-files.js';\n")).toHaveLength(1);
    expect(await layerProblems('src/cli/demo.ts', "export { WORDCOUNT } from '../workloads/rumen/test-support/wordcount.js';\n")).toHaveLength(1);
  });
});

/** Each relative import (static, type-only or `import()`) of every source file under src/ but tests, as a graph of files. */
function importGraph(): Map<string, string[]> {
  const src = join(root, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|js)$/.test(file) && !/\.test\.ts$/.test(file) && !file.split('/').includes('test-support'))
    .map((file) => join(src, file));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolve(dirname(file), fileName))
      .flatMap((target) => [target, target.replace(/\.js$/, '.ts')].filter((candidate) => known.has(candidate)).slice(0, 1));
    graph.set(relative(src, file), targets.map((target) => relative(src, target)));
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one file (or a file importing itself), each sorted. */
function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('imports among the files of src/', () => {
  it('finds a cycle, and names its files', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
  });

  it('form no cycle, counting type-only imports and import()', () => {
    const graph = importGraph();
    expect(graph.get('plugins/scheduler-modules.ts')).toContain('plugins/scheduler-module-api.ts');
    expect(importCycles(graph)).toEqual([]);
  });
});
