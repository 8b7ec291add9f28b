/**
 * `npm run bench:speculation`: what speculative execution of maps (on by
 * default) costs the engine. The synthetic day under fifo and fair with the
 * isolated network, with speculation and without it, in turn (three rounds,
 * each run in a fresh process); prints a Markdown table for BENCHMARKS.md
 * and the CPU-time ratio on ÷ off within each round, with its median
 * (target: at most 1.3×).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Measurement } from './measurement.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

const here = fileURLToPath(new URL('.', import.meta.url));
const scenario = fileURLToPath(new URL('../../bench/synthetic-day.yaml', import.meta.url));
const SCHEDULERS = ['fifo', 'fair'];
const ROUNDS = 3;
const TARGET = 1.3;

const measure = (scheduler: string, speculation: boolean): Measurement => {
  process.stderr.write(`simulating the synthetic day under ${scheduler}, speculation ${speculation ? 'on' : 'off'}…\n`);
  const args = [`${here}simulate-day.js`, scenario, scheduler, 'isolated', ...(speculation ? [] : ['no-speculation'])];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 })) as Measurement;
};

const lines = [conditionsLine(start), ''];
lines.push('| scheduler | speculation | attempts | events | CPU time per round | peak RSS | on ÷ off, CPU, per round | median | target |', '|---|---|---|---|---|---|---|---|---|');
for (const scheduler of SCHEDULERS) {
  const on: Measurement[] = [];
  const off: Measurement[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    off.push(measure(scheduler, false));
    on.push(measure(scheduler, true));
  }
  const ratios = on.map((r, k) => r.simCpuSeconds / off[k].simCpuSeconds);
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
  const row = (runs: Measurement[], label: string, extra: string[]): string =>
    [
      scheduler,
      label,
      runs[0].attempts.toLocaleString('en'),
      runs[0].events.toLocaleString('en'),
      runs.map((r) => `${r.simCpuSeconds.toFixed(2)} s`).join(', '),
      `${(Math.max(...runs.map((r) => r.peakRssBytes)) / 2 ** 20).toFixed(0)} MiB`,
      ...extra,
    ]
      .join(' | ')
      .replace(/^/, '| ')
      .concat(' |');
  lines.push(row(off, 'off', ['', '', '']));
  lines.push(row(on, 'on', [ratios.map((r) => `${r.toFixed(2)}×`).join(', '), `${median.toFixed(2)}×`, median <= TARGET ? `met (≤ ${TARGET}×)` : `not met (> ${TARGET}×)`]));
}
console.log(lines.join('\n'));
