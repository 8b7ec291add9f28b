/**
 * `npm run bench:speculation`: what speculative execution (on by default)
 * costs the engine. The synthetic day under fifo and fair, and the
 * FB-2010-shaped day at 1/16 under fifo (jobs of up to 174k maps, whose
 * maps' ends move while their reads share the network), each with the
 * default network (max-min) and with the isolated one, with speculation and
 * without it, in turn (seven rounds, each run in a fresh process); then the
 * synthetic day under fifo with the isolated network by LATE's rule and by
 * YARN's (`settings.speculation.policy`), which no default runs; prints a
 * Markdown table for BENCHMARKS.md and the CPU-time ratio on ÷ off within
 * each round, with its median (target: at most 1.3×).
 *
 * For the synthetic day under Hadoop 1's rule, a third run each round
 * launches again the backups a run with speculation on launched, with no
 * rule deciding (`ReplayedBackups`): the cost of the backups themselves and
 * of the port's questions, which no rule can go below.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Measurement } from './measurement.js';
import { benchStart, conditionsLine } from './conditions.js';
import { writeFb2010Day } from './fb-2010-fraction.js';
import { median } from './timing.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

const here = fileURLToPath(new URL('.', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'mrsched-speculation-'));
const syntheticDay = fileURLToPath(new URL('../../bench/synthetic-day.yaml', import.meta.url));
const NETWORKS = ['max-min', 'isolated'];

/** The scenario at `path` with speculation by `policy`, written in the benchmark's folder. */
function withPolicy(path: string, policy: string): string {
  const text = readFileSync(path, 'utf8');
  if (!/^settings:$/m.test(text) || /^ {2}speculation:/m.test(text)) throw new Error(`${path} no longer has a settings block without speculation in it`);
  const variant = join(dir, `${policy}-${basename(path)}`);
  writeFileSync(variant, text.replace(/^settings:$/m, `settings:\n  speculation: { maps: true, reduces: true, policy: ${policy} }`));
  return variant;
}

const CASES = [
  { label: 'synthetic day', path: syntheticDay, schedulers: ['fifo', 'fair'], networks: NETWORKS, replayed: true },
  { label: 'FB-2010 shape, 1/16', path: writeFb2010Day(dir, 1 / 16), schedulers: ['fifo'], networks: NETWORKS, replayed: false },
  { label: 'synthetic day, LATE', path: withPolicy(syntheticDay, 'late'), schedulers: ['fifo'], networks: ['isolated'], replayed: false },
  { label: "synthetic day, YARN's rule", path: withPolicy(syntheticDay, 'yarn'), schedulers: ['fifo'], networks: ['isolated'], replayed: false },
];
const ROUNDS = 7;
const TARGET = 1.3;

/** How a run backs up tasks: by its rule, not at all, or by replaying a first run's backups (`simulate-day.ts`). */
type Speculation = 'on' | 'off' | 'replayed';

const measure = (path: string, scheduler: string, network: string, speculation: Speculation): Measurement => {
  process.stderr.write(`simulating ${path} under ${scheduler}, ${network}, speculation ${speculation}…\n`);
  const mode = { on: [], off: ['no-speculation'], replayed: ['replayed-backups'] }[speculation];
  const args = [...(speculation === 'replayed' ? ['--expose-gc'] : []), `${here}simulate-day.js`, path, scheduler, network, ...mode];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 })) as Measurement;
};

const lines = [
  '| scenario | scheduler | network | speculation | attempts | events | CPU time per round | peak RSS | on ÷ off, CPU, per round | median | target |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
try {
  for (const { label, path, schedulers, networks, replayed } of CASES) {
    for (const scheduler of schedulers) {
      for (const network of networks) {
        const on: Measurement[] = [];
        const off: Measurement[] = [];
        const replays: Measurement[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          off.push(measure(path, scheduler, network, 'off'));
          on.push(measure(path, scheduler, network, 'on'));
          if (replayed) replays.push(measure(path, scheduler, network, 'replayed'));
        }
        /** Each round's CPU time over that of the round's run with speculation off, their median, and whether it is within the target. */
        const againstOff = (runs: Measurement[]): string[] => {
          const ratios = runs.map((r, k) => r.simCpuSeconds / off[k].simCpuSeconds);
          const middle = median(ratios);
          return [ratios.map((r) => `${r.toFixed(2)}×`).join(', '), `${middle.toFixed(2)}×`, middle <= TARGET ? `met (≤ ${TARGET}×)` : `not met (> ${TARGET}×)`];
        };
        const row = (runs: Measurement[], speculation: string, extra: string[]): string =>
          `| ${[
            label,
            scheduler,
            network,
            speculation,
            runs[0].attempts.toLocaleString('en'),
            runs[0].events.toLocaleString('en'),
            runs.map((r) => `${r.simCpuSeconds.toFixed(2)} s`).join(', '),
            `${(Math.max(...runs.map((r) => r.peakRssBytes)) / 2 ** 20).toFixed(0)} MiB`,
            ...extra,
          ].join(' | ')} |`;
        lines.push(row(off, 'off', ['', '', '']));
        lines.push(row(on, 'on', againstOff(on)));
        if (replayed) {
          const { recorded, launched } = replays[0].replayedBackups!;
          lines.push(row(replays, `its ${launched.toLocaleString('en')} of ${recorded.toLocaleString('en')} backups replayed, no rule`, againstOff(replays)));
        }
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// The load average after the runs, so the line goes on top once they are over.
console.log([conditionsLine(start), '', ...lines].join('\n'));
