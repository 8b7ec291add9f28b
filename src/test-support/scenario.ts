/**
 * Small resolved scenarios built in code, for tests. Defaults: one rack per
 * `racks` entry, 1 map + 1 reduce slot per node, speed 1, disk 100 B/s, links
 * 10 B/s, heartbeat every 1 s, no out-of-band heartbeats, slow-start 1 (reduces
 * after all maps): round numbers that keep hand arithmetic easy.
 */
import type { ClusterNode, NetworkSwitch } from '../model/cluster.js';
import { ROOT_SWITCH } from '../input/resolve-switches.js';
import { NO_JVM_STARTUP, NO_SPECULATION, NO_TASK_FAILURES, NO_VARIABILITY, NO_WRITES, type Scenario, type Settings } from '../model/scenario.js';
import { defaultPool as hadoopDefaultPool, MapTasks, type Job, type MapTask, type Pool, type ReduceTask, type User } from '../model/workload.js';

export interface TestNode extends Partial<Omit<ClusterNode, 'id' | 'rack'>> {
  readonly rack?: string;
}

export interface TestJob {
  readonly id?: string;
  readonly user?: string;
  readonly pool?: string;
  readonly submit?: number;
  readonly weight?: number;
  readonly priority?: Job['priority'];
  readonly setupTime?: number;
  readonly commitTime?: number;
  readonly maps: readonly Partial<MapTask>[];
  readonly reduces?: readonly Partial<ReduceTask>[];
  readonly outputBytes?: number;
}

export interface TestScenario {
  readonly nodes: readonly TestNode[];
  readonly jobs: readonly TestJob[];
  readonly settings?: Partial<Settings>;
  readonly users?: readonly User[];
  readonly pools?: readonly Pool[];
  readonly schedulerOptions?: Record<string, unknown>;
}

/** A pool with Hadoop's defaults, FIFO inside (the simplest for hand arithmetic), and any overrides. */
export function defaultPool(id: string, overrides: Partial<Pool> = {}): Pool {
  return { ...hadoopDefaultPool(id), schedulingMode: 'fifo', ...overrides };
}

export function testScenario(spec: TestScenario): Scenario {
  const nodes: ClusterNode[] = spec.nodes.map((node, i) => {
    const mapSlots = node.mapSlots ?? 1;
    const reduceSlots = node.reduceSlots ?? 1;
    const rack = node.rack ?? 'r1';
    return {
      id: `n${i}`,
      rack,
      mapSlots,
      reduceSlots,
      totalSlots: node.totalSlots ?? mapSlots + reduceSlots,
      slotModel: node.slotModel ?? 'split',
      memory: node.memory ?? 0,
      vcores: node.vcores ?? 0,
      speed: node.speed ?? 1,
      diskReadRate: node.diskReadRate ?? 100,
      uplink: node.uplink ?? rack,
      uplinkBandwidth: node.uplinkBandwidth ?? 10,
    };
  });
  const racks = [...new Set(nodes.map((n) => n.rack))];
  const switches: NetworkSwitch[] = [
    { id: ROOT_SWITCH, parent: null, uplinkBandwidth: Infinity },
    ...racks.map((rack) => ({ id: rack, parent: ROOT_SWITCH, uplinkBandwidth: 10 })),
  ];
  const jobs: Job[] = spec.jobs.map((job, i) => {
    const reduces = job.reduces ?? [];
    return {
      id: job.id ?? `j${i}`,
      user: job.user ?? 'u',
      pool: job.pool ?? job.user ?? 'u',
      submitTime: job.submit ?? 0,
      weight: job.weight ?? 1,
      priority: job.priority ?? 'NORMAL',
      ...(job.setupTime === undefined ? {} : { setupTime: job.setupTime }),
      ...(job.commitTime === undefined ? {} : { commitTime: job.commitTime }),
      ...(job.outputBytes === undefined ? {} : { outputBytes: job.outputBytes }),
      maps: MapTasks.from(
        job.maps.map((m) => ({
          inputBytes: m.inputBytes ?? 0,
          replicas: m.replicas ?? [],
          work: m.work ?? 1,
          outputBytes: m.outputBytes ?? 0,
        })),
      ),
      reduces: reduces.map((r) => ({ shuffleShare: r.shuffleShare ?? 1 / reduces.length, work: r.work ?? 1 })),
    };
  });
  jobs.sort((a, b) => a.submitTime - b.submitTime);
  const poolIds = [...new Set(jobs.map((j) => j.pool))];
  return {
    name: 'test',
    description: '',
    cluster: { nodes, racks, switches },
    storage: { blockSize: 64 * 2 ** 20, replication: 3 },
    users: spec.users ?? [],
    pools: spec.pools ?? poolIds.map((id) => defaultPool(id)),
    jobs,
    settings: {
      heartbeatInterval: 1,
      outOfBandHeartbeat: false,
      slowStart: 1,
      parallelCopies: 1,
      network: 'isolated',
      writes: NO_WRITES,
      variability: NO_VARIABILITY,
      speculation: NO_SPECULATION,
      jvm: NO_JVM_STARTUP,
      trackerExpiry: 0,
      jobSetup: 0,
      jobCommit: 0,
      setupCleanupSlots: false,
      seed: 1,
      failures: [],
      taskFailures: NO_TASK_FAILURES,
      yarn: null,
      ...spec.settings,
    },
    schedulerOptions: spec.schedulerOptions ?? {},
  };
}
