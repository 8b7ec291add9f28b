/**
 * `npm run bench:scale`: the FB-2010-shaped day (`bench/fb-2010-day.yaml`,
 * 3,000 nodes) at 1/16, 1/4 and the whole of its 24,442 jobs (about 1M, 4M
 * and 16M maps: the same size distribution and load over a shorter day) under
 * fifo, fair and capacity, each run in a fresh process. Prints a Markdown
 * table for BENCHMARKS.md (wall time, attempts/s, × the event-queue baseline
 * of the same process, peak RSS) and, per scheduler, the growth exponent of
 * wall time (and of CPU time) in the number of maps, fitted by least squares
 * on the logarithms of the three sizes (1 is linear).
 * Then `mrsched import swim` on a trace of the whole day's shape
 * (`fb-2010-trace.ts`), against its 30 s target.
 *
 * `node dist-bench/bench/scale.js [--fractions 0.0625,0.25] [--schedulers fifo]
 * [--timeout SECONDS] [--no-import]` runs a subset; a run over the timeout is
 * reported as such.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeFb2010Trace } from './fb-2010-trace.js';
import { FB_2010_JOBS, writeFb2010Day } from './fb-2010-fraction.js';
import type { Measurement } from './measurement.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

const here = fileURLToPath(new URL('.', import.meta.url));
const scenarioPath = fileURLToPath(new URL('../../bench/fb-2010-day.yaml', import.meta.url));
/** Targets for the whole day, seconds of simulation. */
const TARGETS: Record<string, number> = { fifo: 120, fair: 240 };
/** Target for importing the day's trace, seconds. */
const IMPORT_TARGET = 30;

const { values } = parseArgs({
  options: {
    fractions: { type: 'string', default: '0.0625,0.25,1' },
    schedulers: { type: 'string', default: 'fifo,fair,capacity' },
    timeout: { type: 'string', default: '1800' },
    'no-import': { type: 'boolean', default: false },
  },
});
const fractions = values.fractions.split(',').map(Number);
const schedulers = values.schedulers.split(',');
const timeoutMs = Number(values.timeout) * 1000;

const dir = mkdtempSync(join(tmpdir(), 'mrsched-scale-'));

interface Row {
  readonly fraction: number;
  readonly result: Measurement | 'timeout';
}

const rows = new Map<string, Row[]>();
let imported: { code: number; seconds: number; peakRssBytes: number; jobs: number } | undefined;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toLocaleString('en', { maximumFractionDigits: 0 })} MiB`;
try {
  for (const fraction of fractions) {
    const count = Math.round(FB_2010_JOBS * fraction);
    const path = writeFb2010Day(dir, fraction);
    for (const scheduler of schedulers) {
      process.stderr.write(`simulating ${count} jobs under ${scheduler}…\n`);
      const args = [`${here}simulate-day.js`, path, scheduler];
      let result: Measurement | 'timeout';
      try {
        const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20, timeout: timeoutMs });
        result = JSON.parse(out) as Measurement;
      } catch (error) {
        if ((error as { signal?: string }).signal !== 'SIGTERM') throw error;
        result = 'timeout';
      }
      rows.set(scheduler, [...(rows.get(scheduler) ?? []), { fraction, result }]);
    }
  }
  // The table is printed before the import, so a failed import does not lose the simulations' figures.
  process.stdout.write(simulationTable().join('\n') + '\n');
  if (!values['no-import']) {
    const trace = join(dir, 'fb-2010-day.tsv');
    const jobs = writeFb2010Trace(scenarioPath, trace);
    process.stderr.write(`importing a SWIM trace of ${jobs} jobs…\n`);
    const out = execFileSync(process.execPath, [`${here}import-trace.js`, trace, join(dir, 'imported.yaml')], { encoding: 'utf8' });
    imported = { ...(JSON.parse(out) as { code: number; seconds: number; peakRssBytes: number }), jobs };
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const lines: string[] = [];
if (imported !== undefined) {
  lines.push(
    '',
    `\`mrsched import swim\` of a trace of ${imported.jobs.toLocaleString('en')} jobs shaped like the day (3,000 nodes): ` +
      `${imported.seconds.toFixed(1)} s (${(imported.seconds / IMPORT_TARGET).toFixed(2)} × the ${IMPORT_TARGET} s target), ` +
      `peak RSS ${mib(imported.peakRssBytes)}${imported.code === 0 ? '' : `, exit ${imported.code}`}.`,
  );
}
lines.push(
  '',
  `wall time: the simulation alone; CPU time: its user + system time; resolve: loading and resolving the scenario. × baseline: wall time over the bare event queue handling as many events in the same process.`,
);
process.stdout.write(lines.join('\n') + '\n');

/** The simulations' table and growth exponents, as Markdown lines. */
function simulationTable(): string[] {
  const lines = [
    conditionsLine(start),
    '',
    '| scheduler | jobs | maps | reduces | attempts | events | resolve | wall time | CPU time | attempts/s | × baseline | target | peak RSS |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [scheduler, list] of rows) {
    for (const { fraction, result } of list) {
      if (result === 'timeout') {
        lines.push(`| ${scheduler} | ${Math.round(FB_2010_JOBS * fraction)} | | | | | | over ${values.timeout} s | | | | | |`);
        continue;
      }
      const r = result;
      const target = fraction === 1 ? TARGETS[scheduler] : undefined;
      lines.push(
        '| ' +
          [
            scheduler,
            r.jobs.toLocaleString('en'),
            r.maps.toLocaleString('en'),
            r.reduces.toLocaleString('en'),
            r.attempts.toLocaleString('en'),
            r.events.toLocaleString('en'),
            `${r.resolveSeconds.toFixed(1)} s`,
            `${r.simSeconds.toFixed(1)} s`,
            `${r.simCpuSeconds.toFixed(1)} s`,
            Math.round(r.attempts / r.simSeconds).toLocaleString('en'),
            (r.simSeconds / r.baselineSeconds).toFixed(1),
            target === undefined ? '—' : `${(r.simSeconds / target).toFixed(2)} × ${target} s`,
            mib(r.peakRssBytes),
          ].join(' | ') +
          ' |',
      );
    }
  }
  lines.push('', '| scheduler | growth exponent in maps, wall time | the same, CPU time |', '|---|---|---|');
  for (const [scheduler, list] of rows) {
    const done = list.flatMap(({ result }) => (result === 'timeout' ? [] : [result]));
    const exponent = (seconds: (r: Measurement) => number) =>
      done.length < 2 ? '—' : slope(done.map((r) => [Math.log(r.maps), Math.log(seconds(r))])).toFixed(2);
    lines.push(`| ${scheduler} | ${exponent((r) => r.simSeconds)} | ${exponent((r) => r.simCpuSeconds)} |`);
  }
  return lines;
}

/** Least-squares slope of y on x. */
function slope(points: readonly number[][]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return num / den;
}
