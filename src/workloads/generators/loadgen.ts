/**
 * Rasooli and Down's synthetic workloads ("An adaptive scheduling algorithm
 * for dynamic heterogeneous Hadoop systems", CASCON 2011): Gridmix Loadgen
 * job types arriving as Poisson streams, one per type, each at its own rate.
 *
 * - Workloads: W1 I/O-intensive = {small, I/O-heavy}; W2 CPU-intensive =
 *   {small, CPU-heavy}; W3 mixed = all four types (the paper's).
 * - Rates: BM_{i,1} smaller jobs arrive more often, BM_{i,2} equal rates,
 *   BM_{i,3} larger jobs more often (the paper's); the paper gives no
 *   absolute rates. Here a type's relative rate is 1/rank or its rank, the
 *   rank being its task count's place (small 1; I/O- and CPU-heavy 2; large 3),
 *   and the rates are scaled together so that the busier stage (map or
 *   reduce slots) is offered `load` of its capacity by the jobs' mean compute
 *   work (reads and shuffle come on top).
 * - Jobs: `jobs` in all (the paper's 100), shared among the types in
 *   proportion to their rates, so that every stream lasts about as long.
 * - Cluster: the six heterogeneous resources of the paper's Table 3, with
 *   examples/rasooli-down-exp1.yaml's assumptions for what is illegible; or
 *   `nodes` identical nodes.
 * - Arrivals: Poisson streams, or (`arrivals: batch`) every job at time 0,
 *   for makespan studies.
 * - Users: the six users of the paper's Exp1 (Table 1) with their min shares
 *   and priorities, or `users` plain users; either way a stream's jobs go to
 *   the users in turn.
 */
import { z } from 'zod';
import { apportion } from '../../util/apportion.js';
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { GeneratedScenario } from '../generated-scenario.js';
import { describeRacks, uniformCluster } from '../uniform-cluster.js';
import { parseGeneratorOptions, positiveNumber, wholeNumber } from './generator-options.js';
import { LOADGEN_PROFILES, meanWork, type LoadgenJobType } from './loadgen-job-types.js';
import { EXP1_USERS, RASOOLI_CLUSTER_NOTE, RASOOLI_NODES, RASOOLI_SLOTS, rasooliCluster, scaledExp1 } from './rasooli-setting.js';

const BLOCK_SIZE = 64 * 2 ** 20;
const SLOTS_PER_NODE = 4;
const NODES_PER_RACK = 20;

export const LOADGEN_WORKLOADS = { io: ['small', 'io-heavy'], cpu: ['small', 'cpu-heavy'], mixed: ['small', 'io-heavy', 'cpu-heavy', 'large'] } as const;
export const LOADGEN_RATES = ['smaller', 'equal', 'larger'] as const;

const RANK: Readonly<Record<LoadgenJobType, number>> = { small: 1, 'io-heavy': 2, 'cpu-heavy': 2, large: 3 };

const optionsSchema = z.strictObject({
  jobs: wholeNumber(1, 1_000_000).default(100),
  workload: z.enum(['io', 'cpu', 'mixed'], { error: 'one of io, cpu, mixed' }).default('mixed'),
  rates: z.enum(LOADGEN_RATES, { error: `one of ${LOADGEN_RATES.join(', ')}` }).default('smaller'),
  load: positiveNumber(10).default(0.7),
  nodes: wholeNumber(1, 100_000).optional(),
  users: z.union([z.literal('exp1'), wholeNumber(1, 10_000)], { error: "'exp1' or a whole number from 1 to 10000" }).default('exp1'),
  // For claim maps over the settings the paper lost: Exp1's min shares scaled, and Table 3's cluster repeated.
  minShareScale: positiveNumber(100, { zero: true }).default(1),
  clusterCopies: wholeNumber(1, 1000).default(1),
  arrivals: z.enum(['poisson', 'batch'], { error: 'poisson or batch' }).default('poisson'),
  seed: wholeNumber(0, 2 ** 31 - 1).default(1),
});

/** The options as a caller may give them (numbers or their text). */
export type LoadgenOptions = z.input<typeof optionsSchema>;

export function loadgenScenario(options: LoadgenOptions = {}): GeneratedScenario {
  const o = parseGeneratorOptions(optionsSchema, options, 'loadgen options');
  const types: readonly LoadgenJobType[] = LOADGEN_WORKLOADS[o.workload];
  const relative = types.map((t) => (o.rates === 'equal' ? 1 : o.rates === 'smaller' ? 1 / RANK[t] : RANK[t]));
  const cluster: ScenarioFile['cluster'] =
    o.nodes === undefined
      ? rasooliCluster(o.clusterCopies)
      : uniformCluster({ nodes: o.nodes, nodesPerRack: NODES_PER_RACK, mapSlots: SLOTS_PER_NODE, reduceSlots: SLOTS_PER_NODE });
  // Slots × speed of either stage (both have as many slots on every node).
  const capacity =
    o.nodes === undefined ? o.clusterCopies * RASOOLI_NODES.reduce((sum, node) => sum + node.speed * RASOOLI_SLOTS, 0) : o.nodes * SLOTS_PER_NODE;
  const works = types.map((t) => meanWork(LOADGEN_PROFILES[t], BLOCK_SIZE));
  const perUnitRate = Math.max(
    relative.reduce((s, r, i) => s + r * works[i].map, 0) / capacity,
    relative.reduce((s, r, i) => s + r * works[i].reduce, 0) / capacity,
  );
  const scale = o.load / perUnitRate;
  const counts = apportion(o.jobs, relative);
  const users = o.users === 'exp1' ? EXP1_USERS.map((u) => u.id) : Array.from({ length: o.users }, (_, i) => `user${i + 1}`);
  const meanInterarrival = (i: number) => 1 / (scale * relative[i]);
  const arrival = (i: number) =>
    o.arrivals === 'batch' ? { groups: { count: 1 } } : { interarrival: { dist: 'exponential' as const, mean: meanInterarrival(i) } };
  const jobStreams = types.flatMap((type, i) =>
    counts[i] === 0 ? [] : [{ idPrefix: `${type}-`, profile: type, count: counts[i], users, ...arrival(i) }],
  );
  const benchmark = `W${Object.keys(LOADGEN_WORKLOADS).indexOf(o.workload) + 1}, BM rates ${o.rates}`;
  const scenario: ScenarioFile = {
    name: `loadgen-${o.workload}-${o.rates}`,
    description: `Loadgen ${benchmark}: ${o.jobs} jobs (${types.map((t, i) => `${counts[i]} ${t}`).join(', ')}) ${o.arrivals === 'batch' ? 'released together at time 0' : `at ${o.load} offered load`}.`,
    cluster,
    storage: { blockSize: BLOCK_SIZE, replication: 3 },
    ...(o.users === 'exp1' ? scaledExp1(o.minShareScale) : {}),
    profiles: Object.fromEntries(types.map((t) => [t, LOADGEN_PROFILES[t]])),
    jobStreams,
    // The paper's simulator, MRSim, models the network's links shared between transfers; the paper does not
    // mention speculative execution.
    settings: { heartbeatInterval: 3, slowStart: 0.05, network: 'max-min', speculation: { maps: false, reduces: false }, seed: o.seed },
  };
  const notes = [
    `Job types (Loadgen): map and reduce counts from the paper; input sizes, task times and keepMap assumed: ${types
      .map((t, i) => `${t} ${works[i].map} + ${works[i].reduce} slot-s mean work`)
      .join('; ')}.`,
    o.arrivals === 'batch'
      ? `Arrivals: a batch, every job at time 0; the job mix follows the relative rates (${o.rates}): ${relative.map((r, i) => `${types[i]} ${r.toFixed(3)}`).join(', ')}.`
      : `Rates (${o.rates}): relative rates ${relative.map((r, i) => `${types[i]} ${r.toFixed(3)}`).join(', ')}, scaled so that the busier stage is offered ${o.load} of its ${capacity} slot-speed units by mean compute work; mean interarrival per stream: ${types.map((t, i) => `${t} ${meanInterarrival(i).toFixed(1)} s`).join(', ')}.`,
    counts.some((c) => c === 0) ? `Too few jobs for every type: ${types.filter((_, i) => counts[i] === 0).join(', ')} left out.` : '',
    o.nodes === undefined ? `${RASOOLI_CLUSTER_NOTE}${o.clusterCopies > 1 ? ` The six resources ${o.clusterCopies} times over (R1-2 … for the copies).` : ''}` : `Cluster: ${o.nodes} identical nodes (speed 1) in ${describeRacks({ nodes: o.nodes, nodesPerRack: NODES_PER_RACK })}, ${SLOTS_PER_NODE} map and ${SLOTS_PER_NODE} reduce slots each.`,
    o.users === 'exp1'
      ? `Users: Exp1's six users with the paper's min shares${o.minShareScale === 1 ? '' : ` times ${o.minShareScale}, rounded to whole slots,`} and priorities; each min share split evenly into map and reduce slots; pool capacities assumed as in examples/rasooli-down-exp1.yaml.`
      : `Users: ${o.users} users without min shares.`,
    'Every stream gives its jobs to the users in turn.',
    "Network: max-min (transfers share disks and links), as the paper's simulator, MRSim, shares its network links between transfers.",
    "Speculative execution: off, as the paper does not mention it; set settings.speculation.maps and .reduces to true for Hadoop's default.",
  ].filter((note) => note !== '');
  return { scenario, notes };
}
