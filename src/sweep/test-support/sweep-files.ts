/** A small sweep spec for tests, and the bytes of a sweep directory's outputs. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTPUT_FILES } from '../sweep-outputs.js';

/** examples/tiny.yaml: three nodes, three jobs, fast to run. */
export const TINY_SCENARIO = fileURLToPath(new URL('../../../examples/tiny.yaml', import.meta.url));

/** examples/schedulers/lifo.js: a scheduler module with the lifo scheduler and the spread reduce placement. */
export const LIFO_MODULE = fileURLToPath(new URL('../../../examples/schedulers/lifo.js', import.meta.url));

/** 2 slow starts × 2 schedulers × 2 seeds of the tiny scenario: 8 cells. */
export const TINY_SPEC = `name: tiny-grid
scenarios: [${JSON.stringify(TINY_SCENARIO)}]
parameters:
  settings.slowStart: [0.05, 1]
schedulers: [fifo, fair+locality]
seeds: [1, 2]
`;

/** results.csv, summary.csv and report.html of a sweep directory, as text. */
export function outputsOf(dir: string): Record<string, string> {
  return Object.fromEntries(OUTPUT_FILES.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}
