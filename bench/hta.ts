/**
 * `npm run bench:hta`: the task assignment planners on random instances under
 * Hadoop's replica placement (3 replicas, and one case with 1; racks of 40,
 * w_loc = 1, w_rem = 3),
 * each case in a fresh process so peak memory is its own. Prints a Markdown
 * table for BENCHMARKS.md: wall time, time as a multiple of the baseline
 * (building the server-side rows of the same placement graph, one pass over
 * its edges, in the same process), peak RSS, the load found and the lower
 * bound ⌈m/n⌉·w_loc.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './timing.js';
import {
  assignmentLoads,
  countLowerBound,
  flowAssign,
  hadoopPlacementInstance,
  roundRobinAssign,
  serverTasks,
  type HtaInstance,
} from '../src/planners/hta/index.js';
import { benchStart, conditionsLine } from './conditions.js';

/** The commit and the load average as the benchmark starts. */
const start = benchStart();

type Algorithm = 'flow' | 'flow-literal' | 'round-robin';

interface Case {
  readonly servers: number;
  readonly tasks: number;
  readonly replication: number;
  readonly algorithm: Algorithm;
  /** The 1,000,000-task case has a target: under 5 s and 2 GiB. */
  readonly target?: string;
}

/** Servers, tasks, replicas per task. One replica is the hard case for pruning: the probe misses the lower bound. */
const sizes: readonly [number, number, number][] = [
  [100, 1_000, 3],
  [300, 3_000, 3],
  [1_000, 10_000, 3],
  [3_000, 9_000, 3],
  [10_000, 30_000, 3],
  [1_000, 100_000, 3],
  [1_000, 100_000, 1],
  [10_000, 1_000_000, 3],
];
/** The paper's loop runs every τ up to m: O(m²) at the least, so only the small sizes. */
const LITERAL_MAX_TASKS = 10_000;

const cases: Case[] = sizes.flatMap(([servers, tasks, replication]) => [
  { servers, tasks, replication, algorithm: 'flow' as const, ...(tasks === 1_000_000 ? { target: '< 5 s, < 2 GiB' } : {}) },
  ...(tasks <= LITERAL_MAX_TASKS ? [{ servers, tasks, replication, algorithm: 'flow-literal' as const }] : []),
  { servers, tasks, replication, algorithm: 'round-robin' as const },
]);

interface Measurement {
  readonly servers: number;
  readonly tasks: number;
  readonly replication: number;
  readonly algorithm: Algorithm;
  readonly seconds: number;
  readonly baselineSeconds: number;
  readonly peakRssBytes: number;
  readonly maxLoad: number;
  readonly lowerBound: number;
  readonly remote: number;
  readonly rounds: number | null;
}

function measure(servers: number, tasks: number, replication: number, algorithm: Algorithm): Measurement {
  const instance = hadoopPlacementInstance({ servers, tasks, replication, seed: 1 });
  const baselineSeconds = median([0, 1, 2].map(() => time(() => serverTasks(instance)).seconds));
  const { seconds, value } = time(() => run(instance, algorithm));
  return {
    servers,
    tasks,
    replication,
    algorithm,
    seconds,
    baselineSeconds,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    maxLoad: value.maxLoad,
    lowerBound: countLowerBound(instance),
    remote: value.remote,
    rounds: value.rounds,
  };
}

function run(instance: HtaInstance, algorithm: Algorithm): { maxLoad: number; remote: number; rounds: number | null } {
  if (algorithm === 'round-robin') return { ...assignmentLoads(instance, roundRobinAssign(instance)), rounds: null };
  return flowAssign(instance, algorithm === 'flow' ? 'pruned' : 'literal');
}

function time<T>(work: () => T): { seconds: number; value: T } {
  const start = process.hrtime.bigint();
  const value = work();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
}


const [servers, tasks, replication, algorithm] = process.argv.slice(2);
if (algorithm !== undefined) {
  process.stdout.write(JSON.stringify(measure(Number(servers), Number(tasks), Number(replication), algorithm as Algorithm)));
} else {
  const self = fileURLToPath(import.meta.url);
  const results = cases.map((c) => {
    process.stderr.write(`${c.algorithm} on ${c.servers.toLocaleString('en')} servers, ${c.tasks.toLocaleString('en')} tasks, ${c.replication} replicas…\n`);
    const args = [self, String(c.servers), String(c.tasks), String(c.replication), c.algorithm];
    const out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
    return { ...(JSON.parse(out) as Measurement), target: c.target };
  });
  const literalSeconds = (r: Measurement): number | undefined =>
    results.find((o) => o.algorithm === 'flow-literal' && o.servers === r.servers && o.tasks === r.tasks && o.replication === r.replication)?.seconds;
  const lines = [
    conditionsLine(start),
    '',
    '| servers | tasks | replicas | algorithm | wall time | × baseline | flow-literal ÷ this | peak RSS | max load | lower bound | remote | rounds | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map((r) => {
      const literal = literalSeconds(r);
      return [
        r.servers.toLocaleString('en'),
        r.tasks.toLocaleString('en'),
        String(r.replication),
        r.algorithm,
        `${r.seconds.toFixed(3)} s`,
        (r.seconds / r.baselineSeconds).toFixed(1),
        literal === undefined ? '—' : (literal / r.seconds).toFixed(1),
        `${(r.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
        String(r.maxLoad),
        String(r.lowerBound),
        r.remote.toLocaleString('en'),
        r.rounds === null ? '—' : String(r.rounds),
        r.target ?? '—',
      ]
        .join(' | ')
        .replace(/^/, '| ')
        .concat(' |');
    }),
    '',
    '× baseline: wall time divided by the time to build the server-side rows of the same placement graph (one pass over its edges), measured in the same process. Peak RSS includes the instance.',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
