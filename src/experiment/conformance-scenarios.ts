/**
 * Random small scenarios for the scheduler conformance check: heterogeneous
 * nodes on up to three racks, split or unified slots, jobs from three users
 * with inputs and replicas, reduces, slow-start settings, out-of-band
 * heartbeats, up to two node failures with recoveries, output writes,
 * run-time variance, speculation of maps and reduces and the Fair and
 * Capacity Schedulers' preemption on some, and YARN mode on some of the
 * container clusters. Drawn from a
 * seeded generator: the same seed gives the same scenarios.
 */
import type { ClusterNode, NetworkSwitch } from '../model/cluster.js';
import { Random } from '../util/random.js';
import { ROOT_SWITCH } from '../input/resolve-switches.js';
import { NO_JVM_STARTUP, NO_SPECULATION, SPECULATION_POLICIES, NO_TASK_FAILURES, NO_VARIABILITY, NO_WRITES, YARN_CONTAINER_DEFAULTS, type NodeFailure, type Scenario, type TaskFailures, type YarnSettings } from '../model/scenario.js';
import { defaultPool, MapTasks, type Job } from '../model/workload.js';

/**
 * YARN mode with its defaults: on these small clusters one AM at a time,
 * which never fills a node (a container node here has at least two), so a
 * scheduler that plans per node (dmrs) is not left waiting on a node whose
 * containers are all AMs.
 */
const YARN_MODE: YarnSettings = { amMaxAttempts: 2, maxAmShare: 0.1, reduceRampUpLimit: 0.5, ...YARN_CONTAINER_DEFAULTS, amContainer: { memory: 2 ** 30, vcores: 1 } };

/** Attempts failing anywhere, and more on one bad node, with Hadoop's limits. */
function failingAttempts(badNode: number): TaskFailures {
  return {
    ...NO_TASK_FAILURES,
    causes: [
      { probability: 0.1, kind: null, node: null, job: null },
      { probability: 0.5, kind: null, node: badNode, job: null },
    ],
  };
}

export function conformanceScenario(random: Random, name: string): Scenario {
  const nodes = Array.from({ length: random.int(1, 5) }, (_, i) => randomNode(random, i));
  const racks = [...new Set(nodes.map((node) => node.rack))];
  const switches: NetworkSwitch[] = [
    { id: ROOT_SWITCH, parent: null, uplinkBandwidth: Infinity },
    ...racks.map((rack) => ({ id: rack, parent: ROOT_SWITCH, uplinkBandwidth: 10 })),
  ];
  const jobs = Array.from({ length: random.int(1, 6) }, (_, i) => randomJob(random, i, nodes.length));
  jobs.sort((a, b) => a.submitTime - b.submitTime);
  // The Fair Scheduler preempts on a third of them, its pools with min shares and its timeouts short enough
  // to matter in such short runs; chosen without a draw.
  const preempting = jobs.length % 3 === 0;
  const failures: NodeFailure[] = [];
  for (let f = random.int(0, 2); f > 0; f--) {
    const node = random.int(0, nodes.length - 1);
    const at = random.int(1, 80) + 0.25;
    if (!failures.some((failure) => failure.node === node)) failures.push({ node, at, recoverAt: at + random.int(1, 40) });
  }
  const yarn = nodes.every((node) => node.slotModel === 'unified') && jobs.length % 2 === 0;
  // A YARN resource cluster when YARN mode has 4 jobs: chosen without a draw, so the other scenarios stay as they were.
  const resources = yarn && jobs.length === 4;
  return {
    name,
    description: 'a random scenario of the scheduler conformance check',
    cluster: { nodes: resources ? nodes.map(asResourceNode) : nodes, racks, switches },
    storage: { blockSize: 64 * 2 ** 20, replication: 3 },
    users: [],
    pools: [...new Set(jobs.map((job) => job.pool))].map((id) => (preempting ? { ...defaultPool(id), minShare: { map: 2, reduce: 1 } } : defaultPool(id))),
    jobs: resources ? jobs.map(withContainers) : jobs,
    settings: {
      heartbeatInterval: 3,
      outOfBandHeartbeat: random.next() < 0.5,
      slowStart: random.pick([0, 0.05, 0.5, 1]),
      parallelCopies: 5,
      network: random.pick(['max-min', 'isolated'] as const),
      // Writes on the odd-sized clusters: chosen without a draw, so the other scenarios stay as they were.
      writes: nodes.length % 2 === 1 ? { mapOutput: true, jobOutput: true } : NO_WRITES,
      // Variance on the even-sized clusters: node 0 at half speed from 20 to 60, noisy attempts; chosen without a draw.
      // Speculation of maps and reduces with an odd number of jobs, by a rule the cluster's size picks; chosen without a draw.
      speculation: jobs.length % 2 === 1 ? { maps: true, reduces: true, policy: SPECULATION_POLICIES[nodes.length % SPECULATION_POLICIES.length] } : NO_SPECULATION,
      variability:
        nodes.length % 2 === 0
          ? { attemptSigma: 0.3, slowdowns: [{ node: 0, from: 20, to: 60, factor: 0.5 }], drawnSlowdowns: nodes.length === 4 ? { perNodeHour: 30, meanDuration: 30, factor: 0.5 } : null }
          : NO_VARIABILITY,
      // JVMs start in 1 s on the clusters of 4 or 5 nodes, reused for 3 tasks on those of 5: chosen without a draw.
      jvm: nodes.length >= 4 ? { startup: 1, reuse: nodes.length === 5 ? 3 : 1 } : NO_JVM_STARTUP,
      trackerExpiry: random.pick([0, 15]),
      jobSetup: random.pick([0, 2]),
      jobCommit: random.pick([0, 3]),
      // Setup and cleanup tasks in slots on the clusters of 3 or 4 nodes: chosen without a draw.
      setupCleanupSlots: nodes.length === 3 || nodes.length === 4,
      seed: random.int(1, 1000),
      failures,
      // Attempts fail on the clusters of a size divisible by 3 (one in ten anywhere, one in two on the last node): chosen without a draw.
      taskFailures: nodes.length % 3 === 0 ? failingAttempts(nodes.length - 1) : NO_TASK_FAILURES,
      // YARN mode on the container clusters with an even number of jobs: chosen without a draw, so the other scenarios stay as they were.
      yarn: yarn ? YARN_MODE : null,
    },
    schedulerOptions: preempting
      ? {
          fair: { preemption: true, preemptionInterval: 5, defaultMinSharePreemptionTimeout: 5, fairSharePreemptionTimeout: 5 },
          // YARN's Capacity Scheduler preempts on resource clusters only.
          capacity: { preemption: true, maxWaitBeforeKill: 3, totalPreemptionPerRound: 0.5 },
        }
      : {},
  };
}

const GiB = 2 ** 30;

/**
 * A container node as a resource node: 1 GB and 1 vcore per container and
 * one more, half a GB to spare, so that an AM and the largest task fit
 * together (with one node, a task that fits only on an empty node would
 * wait for ever behind its own AM, as in YARN).
 */
function asResourceNode(node: ClusterNode): ClusterNode {
  const containers = node.totalSlots + 1;
  return { ...node, slotModel: 'resources', memory: containers * GiB + GiB / 2, vcores: containers, mapSlots: containers, reduceSlots: containers, totalSlots: containers };
}

/** Containers of the minimum allocation or twice it, by the job's place: maps of 2 GB on odd jobs, reduces of 2 vcores on every third. */
function withContainers(job: Job, i: number): Job {
  return { ...job, mapContainer: { memory: (1 + (i % 2)) * GiB, vcores: 1 }, reduceContainer: { memory: GiB, vcores: i % 3 === 0 ? 2 : 1 } };
}

function randomNode(random: Random, i: number): ClusterNode {
  const rack = random.pick(['r1', 'r2', 'r3']);
  const slots = random.int(1, 3);
  const unified = random.next() < 0.5;
  const mapSlots = unified ? slots + 1 : slots;
  const reduceSlots = unified ? slots + 1 : Math.max(1, random.int(0, 2));
  return {
    id: `n${i}`,
    rack,
    mapSlots,
    reduceSlots,
    totalSlots: unified ? slots + 1 : mapSlots + reduceSlots,
    slotModel: unified ? 'unified' : 'split',
    memory: 0,
    vcores: 0,
    speed: random.pick([0.5, 1, 2]),
    diskReadRate: 100,
    uplink: rack,
    uplinkBandwidth: 10,
  };
}

function randomJob(random: Random, i: number, nodeCount: number): Job {
  const user = random.pick(['ann', 'bob', 'cy']);
  const reduces = random.int(0, 3);
  return {
    id: `j${i}`,
    user,
    pool: user,
    submitTime: random.int(0, 60),
    weight: random.pick([1, 2]),
    priority: random.pick(['HIGH', 'NORMAL'] as const),
    maps: MapTasks.from(
      Array.from({ length: random.int(0, 6) }, () => {
        const replicas = [...new Set(Array.from({ length: random.int(1, 3) }, () => random.int(0, nodeCount - 1)))];
        return { inputBytes: random.pick([0, 50, 200]), replicas, work: random.int(1, 20), outputBytes: random.pick([0, 10, 100]) };
      }),
    ),
    reduces: Array.from({ length: reduces }, () => ({ shuffleShare: 1 / reduces, work: random.int(1, 10) })),
    outputBytes: 40 * i,
  };
}
