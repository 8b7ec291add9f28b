/**
 * A resolved scenario: what the simulator runs. Produced from a scenario
 * file by `resolveScenario`; plain data, no shorthands left.
 */
import type { Cluster } from './cluster.js';
import type { Resources } from './resources.js';
import type { Job, Pool, User } from './workload.js';

export interface Storage {
  /** HDFS block size, bytes. */
  readonly blockSize: number;
  /** Replicas per block. */
  readonly replication: number;
}

export interface NodeFailure {
  /** Index into cluster.nodes. */
  readonly node: number;
  readonly at: number;
  /** When the node comes back (with its disks), or null if never. */
  readonly recoverAt: number | null;
}

/** How concurrent transfers share the network: each alone, or by max-min fairness over every disk and link. */
export const NETWORK_SHARING = ['isolated', 'max-min'] as const;
export type NetworkSharing = (typeof NETWORK_SHARING)[number];

/**
 * YARN mode: each job runs an ApplicationMaster in one container, and the
 * MapReduce AM ramps its reduces up (docs/model.md, "YARN mode").
 */
export interface YarnSettings {
  /** Attempts of a job's AM before the job fails (yarn.resourcemanager.am.max-attempts). */
  readonly amMaxAttempts: number;
  /**
   * Fraction of the live containers AMs may hold at once, at least one AM
   * (the Capacity Scheduler's yarn.scheduler.capacity.maximum-am-resource-percent).
   */
  readonly maxAmShare: number;
  /**
   * While a job has maps to launch, its reduces hold at most this fraction
   * of what the job could hold: its own containers plus the free ones
   * (yarn.app.mapreduce.am.job.reduce.rampup.limit).
   */
  readonly reduceRampUpLimit: number;
  /** On a resource cluster, each job's AM's container, normalised. */
  readonly amContainer: Resources;
  /** On a resource cluster, the scheduler's minimum allocation: the unit a node's containers are counted in. */
  readonly minimumAllocation: Resources;
}

/** YARN's defaults of the containers: yarn.app.mapreduce.am.resource.mb and .cpu-vcores, yarn.scheduler.minimum-allocation-mb and -vcores. */
export const YARN_CONTAINER_DEFAULTS: Pick<YarnSettings, 'amContainer' | 'minimumAllocation'> = {
  amContainer: { memory: 1536 * 2 ** 20, vcores: 1 },
  minimumAllocation: { memory: 1024 * 2 ** 20, vcores: 1 },
};

/** Writes moved as transfers, as reads are. */
export interface Writes {
  /** A map's output to its node's disk, after it computes (a job with reduces). */
  readonly mapOutput: boolean;
  /** A job's output to HDFS through the replication pipeline, after each task computes. */
  readonly jobOutput: boolean;
}

/** No write moved: their cost is part of the tasks' work (the default). */
export const NO_WRITES: Writes = { mapOutput: false, jobOutput: false };

/** An interval in which a node computes at `factor` times its speed. */
export interface Slowdown {
  readonly node: number;
  readonly from: number;
  readonly to: number;
  readonly factor: number;
}

/** Slowdowns drawn on each node: how often, how long, how slow. */
export interface DrawnSlowdowns {
  /** An hour over this is the mean time from a slowdown's end to the next one's start (exponential). */
  readonly perNodeHour: number;
  /** Mean seconds of one (exponential). */
  readonly meanDuration: number;
  /** The node's speed times this while it lasts. */
  readonly factor: number;
}

/** Run-time variance beyond the tasks' work (`node-slowdowns.ts`, `task-execution.ts`). */
export interface Variability {
  /** Sigma of the lognormal factor (median 1) on each attempt's compute time; 0 for none. */
  readonly attemptSigma: number;
  readonly slowdowns: readonly Slowdown[];
  /** Slowdowns drawn on every node, or null. */
  readonly drawnSlowdowns: DrawnSlowdowns | null;
}

/** No variance beyond the tasks' work (the default). */
export const NO_VARIABILITY: Variability = { attemptSigma: 0, slowdowns: [], drawnSlowdowns: null };

/** The rules that pick a map to back up: Hadoop 1's JobInProgress, YARN's DefaultSpeculator, or LATE (Zaharia et al., OSDI 2008). */
export const SPECULATION_POLICIES = ['hadoop1', 'yarn', 'late'] as const;
export type SpeculationPolicy = (typeof SPECULATION_POLICIES)[number];

/** Speculative execution: backups of slow running tasks (`backup-rule.ts` in the runtime). */
export interface Speculation {
  /** Back up maps (mapred.map.tasks.speculative.execution, mapreduce.map.speculative). */
  readonly maps: boolean;
  /** Back up reduces (mapred.reduce.tasks.speculative.execution, mapreduce.reduce.speculative). */
  readonly reduces: boolean;
  /** By which rule: Hadoop 1's by default, YARN's in YARN mode. */
  readonly policy: SpeculationPolicy;
}

/** No backups. */
export const NO_SPECULATION: Speculation = { maps: false, reduces: false, policy: 'hadoop1' };

/** A cause of attempt failures: each attempt it applies to fails with `probability`, somewhere in its compute. */
export interface FailureCause {
  readonly probability: number;
  /** Only attempts of this kind (a `TaskKind`, spelt out: the run record's types import this file), on this node (index into cluster.nodes), of this job (index into jobs); null: any. */
  readonly kind: 'map' | 'reduce' | null;
  readonly node: number | null;
  readonly job: number | null;
}

/**
 * Task attempts that fail (a crash, a bad disk, an out-of-memory error), and
 * what Hadoop does about them (`task-failures.ts` in the runtime): retries up
 * to a limit, then the job fails; a job stops using a node its tasks keep
 * failing on; in slot mode the JobTracker stops using a node many jobs did.
 */
export interface TaskFailures {
  readonly causes: readonly FailureCause[];
  /** Attempts of a map, and of a reduce, before the job fails (mapred.map.max.attempts, mapred.reduce.max.attempts; YARN's mapreduce.map.maxattempts). */
  readonly maxMapAttempts: number;
  readonly maxReduceAttempts: number;
  /** Failures of a job's tasks on a node before the job stops using it (mapred.max.tracker.failures 4; YARN's mapreduce.job.maxtaskfailures.per.tracker 3). */
  readonly maxFailuresPerTracker: number;
  /** Slot mode: jobs that blacklisted a node and succeeded, within `blacklistWindow` seconds, before no job uses it (mapred.max.tracker.blacklists). */
  readonly maxTrackerBlacklists: number;
  /** Seconds a job's blacklisting counts against a node (mapred.jobtracker.blacklist.fault-timeout-window, 180 min). */
  readonly blacklistWindow: number;
}

/** No attempt fails but for its node's failure (the default); Hadoop's limits. */
export const NO_TASK_FAILURES: TaskFailures = {
  causes: [],
  maxMapAttempts: 4,
  maxReduceAttempts: 4,
  maxFailuresPerTracker: 4,
  maxTrackerBlacklists: 4,
  blacklistWindow: 10_800,
};

/** Task JVMs: start-up time and reuse (`jvm-pool.ts` in the runtime). */
export interface Jvm {
  /** Seconds from an attempt's launch until its JVM is up and its work starts (0: none). */
  readonly startup: number;
  /** Tasks of one job a JVM may run in turn (mapred.job.reuse.jvm.num.tasks; Infinity for -1, no limit); 1 without YARN's reuse, always 1 in YARN mode. */
  readonly reuse: number;
}

/** JVMs start at once (the default): their start-up is part of the tasks' work. */
export const NO_JVM_STARTUP: Jvm = { startup: 0, reuse: 1 };

export interface Settings {
  /**
   * Seconds between a node's periodic heartbeats: the file's
   * `heartbeatInterval`, grown with the cluster's size when it sets
   * `heartbeatsPerSecond` (`heartbeatIntervalFor`).
   */
  readonly heartbeatInterval: number;
  /** A node heartbeats at once when one of its tasks ends. */
  readonly outOfBandHeartbeat: boolean;
  /** Fraction of a job's maps that must finish before its reduces may launch. */
  readonly slowStart: number;
  /** Parallel streams a reduce copies map output with (Hadoop's mapreduce.reduce.shuffle.parallelcopies). */
  readonly parallelCopies: number;
  readonly network: NetworkSharing;
  /** Which writes move as transfers (`writes.ts` in the runtime); off, their cost is part of the tasks' work. */
  readonly writes: Writes;
  readonly variability: Variability;
  readonly speculation: Speculation;
  readonly jvm: Jvm;
  /**
   * Seconds after a node fails before the JobTracker notices (Hadoop 1's
   * mapred.tasktracker.expiry.interval, YARN's
   * yarn.nm.liveness-monitor.expiry-interval-ms; 0: at once).
   */
  readonly trackerExpiry: number;
  /** Default seconds of job setup before a job's tasks may run, and of commit after its last task; jobs may set their own. */
  readonly jobSetup: number;
  readonly jobCommit: number;
  /** Slot mode: a job's setup and commit run as Hadoop 1's setup and cleanup tasks, each holding a slot (`setup-cleanup-tasks.ts`). */
  readonly setupCleanupSlots: boolean;
  /** Seed of every random draw of the run. */
  readonly seed: number;
  readonly failures: readonly NodeFailure[];
  readonly taskFailures: TaskFailures;
  /** YARN mode, or null: Hadoop 1's scheduling of the same slots. */
  readonly yarn: YarnSettings | null;
}

export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly cluster: Cluster;
  readonly storage: Storage;
  readonly users: readonly User[];
  readonly pools: readonly Pool[];
  /** Sorted by submit time, ties in file order. */
  readonly jobs: readonly Job[];
  readonly settings: Settings;
  /** Options per scheduler name, checked by that scheduler. */
  readonly schedulerOptions: Readonly<Record<string, unknown>>;
}
