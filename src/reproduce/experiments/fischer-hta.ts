/**
 * Seed 004: Fischer, Su, Yin, "Assigning Tasks for Efficiency in Hadoop"
 * (SPAA 2010). The paper has no measurements: its figures are the loads of
 * the instances its theorems build (4.1: one more replica makes round robin
 * go from w_loc to w_rem; 4.3: round robin ⌊m/n⌋·w_rem against an optimum of
 * ⌈m/n⌉·w_loc) and its guarantees, which must hold on every instance
 * (Theorem 4.2 for round robin, Theorem 5.4 for the flow-based algorithm,
 * exactly optimal on two servers). We run the constructions, and check the
 * guarantees on random instances against the exact optimum (the MIP, HiGHS).
 */
import { Random } from '../../util/random.js';
import {
  flowAssign,
  hadoopPlacementInstance,
  indexedInstance,
  optimalAssign,
  remoteCostAt,
  replicaRows,
  roundRobinAssign,
  assignmentLoads,
  theorem41Instance,
  theorem43Instance,
  type HtaInstance,
} from '../../planners/hta/index.js';
import type { PaperExperiment, PaperFigure } from '../paper-experiment.js';

const PAPER = 'Fischer, Su, Yin, Assigning Tasks for Efficiency in Hadoop (SPAA 2010)';
const W_REM = 3;

const roundRobin = (instance: HtaInstance, choice: 'deterministic' | 'adversarial') => assignmentLoads(instance, roundRobinAssign(instance, choice)).maxLoad;

async function optimum(instance: HtaInstance): Promise<number> {
  const result = await optimalAssign(instance);
  if (result.status !== 'optimal') throw new Error(`the MIP did not prove an optimum (${result.status})`);
  return result.loads!.maxLoad;
}

const theorem41: PaperExperiment = {
  name: 'fischer-theorem-4-1',
  paper: PAPER,
  title: 'Theorem 4.1: more replicas can make round robin worse (n = 5, w_loc = 1, w_rem = 3)',
  async run() {
    const before = theorem41Instance(5, false);
    const after = theorem41Instance(5, true);
    return [
      { label: 'round robin, t_i on s_i: L = w_loc', paper: 1, ours: roundRobin(before, 'adversarial') },
      { label: 'round robin, t_5 also on s_1: L = w_rem', paper: W_REM, ours: roundRobin(after, 'adversarial'), note: "the run of the proof: s_1 takes t_5, and s_5 is left t_1, remote (round robin's adversarial choice)" },
    ];
  },
};

/** The (m, n) of spec 5.3, each with w_loc = 1, w_rem = 3. */
const THEOREM_43_CASES: readonly (readonly [number, number])[] = [
  [8, 4],
  [12, 5],
  [15, 5],
  [3, 3],
];

const theorem43: PaperExperiment = {
  name: 'fischer-theorem-4-3',
  paper: PAPER,
  title: 'Theorem 4.3: round robin can be w_rem/w_loc times worse than optimal (w_loc = 1, w_rem = 3)',
  async run() {
    const figures: PaperFigure[] = [];
    for (const [m, n] of THEOREM_43_CASES) {
      const instance = theorem43Instance(m, n);
      figures.push({ label: `m = ${m}, n = ${n}: optimum L^O = ⌈m/n⌉·w_loc`, paper: Math.ceil(m / n), ours: await optimum(instance), note: 'the MIP (HiGHS)' });
      figures.push({ label: `m = ${m}, n = ${n}: round robin L^A ≥ ⌊m/n⌋·w_rem`, paper: Math.floor(m / n) * W_REM, ours: roundRobin(instance, 'adversarial'), relation: '≥' });
    }
    return figures;
  },
};

/** Random instances: n from 2 to 4 servers, up to 7 tasks each on 1 to n of them, a uniform w_rem from 1 to 4 (w_loc = 1). */
function smallInstances(count: number, seed: number): HtaInstance[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => {
    const n = random.int(2, 4);
    const replicas = Array.from({ length: random.int(1, 7) }, () => {
      const servers = Array.from({ length: n }, (_, s) => s);
      for (let i = n - 1; i > 0; i--) {
        const j = random.int(0, i);
        [servers[i], servers[j]] = [servers[j], servers[i]];
      }
      return servers.slice(0, random.int(1, n));
    });
    const { replicaStart, replicaServers } = replicaRows(replicas);
    return indexedInstance(n, replicaStart, replicaServers, 1, { kind: 'constant', value: random.int(1, 4) });
  });
}

/** Hadoop's replica placement: 12 servers on 3 racks, 36 tasks, 3 replicas, w_rem = 3. */
function hadoopInstances(count: number): HtaInstance[] {
  return Array.from({ length: count }, (_, i) => hadoopPlacementInstance({ servers: 12, tasks: 36, replication: 3, rackSize: 4, seed: i + 1 }));
}

/** How many instances keep each guarantee. */
async function guarantees(instances: readonly HtaInstance[]): Promise<{ theorem42: number; theorem54: number; twoServers: number; twoServersOptimal: number }> {
  const counts = { theorem42: 0, theorem54: 0, twoServers: 0, twoServersOptimal: 0 };
  for (const instance of instances) {
    const n = instance.servers.length;
    const best = await optimum(instance);
    // Uniform w_rem: the remote cost of an optimum with the fewest remote tasks is the constant.
    const wRem = remoteCostAt(instance.wRem, 0);
    const ratio = wRem / instance.wLoc;
    if ((['deterministic', 'adversarial'] as const).every((choice) => roundRobin(instance, choice) <= ratio * best + 1e-9)) counts.theorem42++;
    const flow = flowAssign(instance).maxLoad;
    if (flow <= best + (1 - 1 / (n - 1)) * wRem + 1e-9) counts.theorem54++;
    if (n === 2) {
      counts.twoServers++;
      if (Math.abs(flow - best) <= 1e-9) counts.twoServersOptimal++;
    }
  }
  return counts;
}

const randomInstances: PaperExperiment = {
  name: 'fischer-random-instances',
  paper: PAPER,
  title: 'Theorems 4.2 and 5.4 on random instances: 200 small ones (n = 2–4, m ≤ 7, uniform w_rem) and 10 of Hadoop placement (12 servers, 36 tasks)',
  async run() {
    const small = smallInstances(200, 4);
    const hadoop = hadoopInstances(10);
    const s = await guarantees(small);
    const h = await guarantees(hadoop);
    const every = 'the theorem holds on every instance: the paper’s figure is the number of instances';
    return [
      { label: 'small: round robin ≤ (w_rem/w_loc)·L^O (Theorem 4.2)', paper: small.length, ours: s.theorem42, note: `${every}; round robin taking the lowest-numbered task, and the proofs' adversarial choice` },
      { label: 'small: flow-based ≤ L^O + (1 − 1/(n−1))·w_rem (Theorem 5.4)', paper: small.length, ours: s.theorem54, note: every },
      { label: `small: flow-based optimal on two servers, of ${s.twoServers}`, paper: s.twoServers, ours: s.twoServersOptimal, note: 'Theorem 5.4 with n = 2' },
      { label: 'Hadoop placement: round robin ≤ (w_rem/w_loc)·L^O', paper: hadoop.length, ours: h.theorem42, note: every },
      { label: 'Hadoop placement: flow-based ≤ L^O + (1 − 1/(n−1))·w_rem', paper: hadoop.length, ours: h.theorem54, note: every },
    ];
  },
};

export const FISCHER_EXPERIMENTS: readonly PaperExperiment[] = [theorem41, theorem43, randomInstances];
