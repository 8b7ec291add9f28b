/**
 * The FB-2010-shaped day (`bench/fb-2010-day.yaml`) at a fraction of its
 * 24,442 jobs: the same size distribution and load over a shorter day,
 * written to `dir` for a benchmark to run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FB_2010_JOBS = 24_442;
const scenarioPath = fileURLToPath(new URL('../../bench/fb-2010-day.yaml', import.meta.url));

/** Writes the day with `round(24,442 × fraction)` jobs into `dir`; returns its path. */
export function writeFb2010Day(dir: string, fraction: number): string {
  const text = readFileSync(scenarioPath, 'utf8');
  if (!text.includes(`count: ${FB_2010_JOBS}`)) throw new Error(`${scenarioPath} no longer has one stream of ${FB_2010_JOBS} jobs`);
  const count = Math.round(FB_2010_JOBS * fraction);
  const path = join(dir, `fb-2010-day-${count}.yaml`);
  writeFileSync(path, text.replace(`count: ${FB_2010_JOBS}`, `count: ${count}`));
  return path;
}
