/**
 * The scenario file format: what a person writes (YAML or JSON). This zod
 * schema is the one definition of the format: it checks each field's type
 * and range, rejects unknown fields, converts quantities with units to base
 * units (bytes, bytes/s, seconds) and fills plain defaults. Checks that span
 * fields (references, duplicate ids, exclusive options) live beside each
 * section's resolution (resolve-cluster.ts, resolve-jobs.ts, …, run from
 * resolve-scenario.ts); docs/scenario-format.md explains every field, and
 * docs/scenario.schema.json is generated from this schema.
 */
import { z } from 'zod';
import { jsonSchemaText } from './json-schema-text.js';
import { JOB_PRIORITIES } from '../model/workload.js';
import { TASK_KINDS } from '../model/run-record.js';
import { NETWORK_SHARING, SPECULATION_POLICIES } from '../model/scenario.js';
import { checkWithSchema, type SchemaResult } from './schema-problems.js';
import { countDistribution, durationDistribution, durationSchema, factor, positiveBandwidth, positiveSize, sizeDistribution, sizeSchema, weightDistribution } from './quantity-schemas.js';
import { MIN_HEARTBEAT_SECONDS } from '../model/model-range.js';

import { idSchema } from './id-schema.js';
import { SAFE_NAME, WITHOUT_UNSAFE_CHARACTERS } from './text-characters.js';

export { describeValue, type PathProblem } from './schema-problems.js';

// ------------------------------------------------------------------- cluster

/** Ids and names go into CSV files, YAML, tables and the terminal: no control or bidirectional formatting characters (text-characters.ts). */
const id = idSchema();

const nodeSettings = {
  mapSlots: z.number().int().min(1).optional().describe('Map slots per node (Hadoop 1 split slots). Default 2.'),
  reduceSlots: z.number().int().min(0).optional().describe('Reduce slots per node. Default 2.'),
  containers: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Unified slots (YARN containers) that maps and reduces share; replaces mapSlots/reduceSlots.'),
  memory: positiveSize
    .optional()
    .describe('Memory YARN may give containers (yarn.nodemanager.resource.memory-mb; default "8192 MB" when vcores is set): a resource node, YARN mode only; replaces slots and containers.'),
  vcores: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Virtual cores YARN may give containers (yarn.nodemanager.resource.cpu-vcores; default 8 when memory is set).'),
  speed: factor('a relative speed').optional().describe('Relative compute speed. Default 1.'),
  speeds: z
    .array(factor('a relative speed'))
    .min(1)
    .optional()
    .describe("Speeds to draw each node's speed from (seeded), instead of one speed."),
  diskReadRate: positiveBandwidth.optional().describe('Local disk read rate. Default "100 MB/s".'),
  bandwidth: positiveBandwidth.optional().describe("Bandwidth of the node's link to its rack switch. Default \"1 Gbps\"."),
};

const nodeEntrySchema = z.strictObject({
  id: id.optional().describe('Node id; generated as <rack>-n01, <rack>-n02, … when absent.'),
  count: z.number().int().min(1).optional().describe('How many nodes this entry stands for. Default 1.'),
  ...nodeSettings,
});

const rackSchema = z.strictObject({
  id: id.optional().describe('Rack id (also its switch id); rack1, rack2, … when absent.'),
  switch: id.optional().describe('The switch this rack switch hangs off. Default "core", the root.'),
  uplinkBandwidth: positiveBandwidth.optional().describe('Bandwidth of the rack switch uplink. Default "10 Gbps".'),
  nodes: z
    .union([z.number().int().min(1), z.array(nodeEntrySchema).min(1)], {
      error: 'a node count, or a list of nodes',
    })
    .describe('A node count, or a list of node entries.'),
  ...nodeSettings,
});

const switchSchema = z.strictObject({
  id,
  parent: id.optional().describe('Parent switch. Default "core".'),
  uplinkBandwidth: positiveBandwidth.optional().describe('Bandwidth of the link to the parent. Default "10 Gbps".'),
});

const generateSchema = z.strictObject({
  racks: z.number().int().min(1).describe('Number of racks, named rack1, rack2, …'),
  nodesPerRack: z.number().int().min(1),
  uplinkBandwidth: positiveBandwidth.optional().describe('Rack uplink bandwidth. Default "10 Gbps".'),
  ...nodeSettings,
});

const clusterSchema = z.strictObject({
  defaults: z.strictObject(nodeSettings).optional().describe('Settings for every node unless a rack or node sets its own.'),
  switches: z.array(switchSchema).optional().describe('Switches above the rack switches; the root "core" is implicit.'),
  racks: z.array(rackSchema).min(1).optional(),
  generate: generateSchema.optional().describe('Shorthand for identical racks of identical nodes.'),
});

// ------------------------------------------------------------------- storage

const fileSchema = z.strictObject({
  id,
  size: positiveSize,
  replication: z.number().int().min(1).optional().describe('Replicas per block; default storage.replication.'),
  replicas: z
    .array(z.array(id).min(1))
    .optional()
    .describe('Node ids holding each block, one list per block; placed by the rack-aware policy when absent.'),
});

/** HDFS's default block size (dfs.blocksize). */
export const DEFAULT_BLOCK_SIZE = '128 MB';

const storageSchema = z.strictObject({
  blockSize: positiveSize.prefault(DEFAULT_BLOCK_SIZE).describe('HDFS block size.'),
  replication: z.number().int().min(1).default(3).describe('Replicas per block.'),
  files: z.array(fileSchema).optional(),
});

// ------------------------------------------------------------ users and pools

/** A YARN resource vector as written: memory with its unit, whole vcores. */
const resourcesSchema = (what: string, memory: string, vcores: number) =>
  z
    .strictObject({
      memory: sizeSchema.prefault(memory),
      vcores: z.number().int().min(0).default(vcores),
    })
    .describe(what);

const slotShareSchema = z
  .union(
    [
      z.number().int().nonnegative(),
      z.strictObject({ map: z.number().int().nonnegative().default(0), reduce: z.number().int().nonnegative().default(0) }),
    ],
    { error: 'a slot count, or { map, reduce }' },
  )
  .transform((share) => (typeof share === 'number' ? { map: share, reduce: share } : share));

const userSchema = z.strictObject({
  id,
  priority: factor('a priority').default(1).describe('Larger is more important.'),
  minShare: slotShareSchema.prefault(0).describe('Slots owed to the user while it has demand.'),
  pool: id.optional().describe("The pool of this user's jobs that name none."),
});

const percent = z.number().min(0).max(100);

const poolSchema = z.strictObject({
  id,
  weight: factor('a weight').default(1),
  minShare: slotShareSchema.prefault(0),
  maxRunningJobs: z.number().int().min(1).optional().describe('Unlimited when absent.'),
  schedulingMode: z.enum(['fifo', 'fair']).default('fair'),
  capacity: percent
    .optional()
    .describe("Capacity Scheduler: guaranteed percent of the parent queue's capacity (of the cluster for a pool without a dot); children without one share what their siblings leave."),
  maxCapacity: z.number().gt(0).max(100).default(100).describe("Capacity Scheduler: ceiling, percent of the parent queue's."),
  minimumUserLimitPercent: z.number().gt(0).max(100).default(100),
  userLimitFactor: z
    .union([factor('a user limit factor'), z.literal(-1)])
    .default(1)
    .describe("Capacity Scheduler: one user's ceiling as a multiple of the queue's capacity; -1 for none (YARN's)."),
  minResources: resourcesSchema('YARN Fair Scheduler: resources owed to the queue while it has demand (minResources).', '0 MB', 0).optional(),
  maxResources: resourcesSchema('YARN Fair Scheduler: the most the queue may hold (maxResources). Unlimited when absent.', '0 MB', 0).optional(),
  schedulingPolicy: z
    .enum(['fair', 'drf', 'fifo'])
    .optional()
    .describe("YARN Fair Scheduler: how the queue shares among its children or jobs (schedulingPolicy). Default schedulerOptions.fair.schedulingPolicy."),
  maxAmShare: z
    .union([z.number().min(0).max(1), z.literal(-1)], { error: 'a fraction in [0, 1], or -1 for no limit' })
    .optional()
    .describe(
      "YARN (resource clusters): the most of the queue its jobs' ApplicationMasters may hold: the Fair Scheduler's maxAMShare, of the queue's fair share (default 0.5); the Capacity Scheduler's maximum-am-resource-percent, of its capacity (default settings.yarn.maxAmShare). -1 for no limit.",
    ),
  allowPreemptionFrom: z
    .boolean()
    .optional()
    .describe(
      "YARN's Fair and Capacity Schedulers (resource clusters): false when their preemption may take no container from the queue or the queues under it (allowPreemptionFrom; the Capacity Scheduler's disable_preemption). Default: its parent's, true at the top.",
    ),
});

// ---------------------------------------------------------------------- jobs

const mapTaskSchema = z.strictObject({
  inputBytes: sizeSchema.default(0),
  replicas: z.array(id).min(1).optional(),
  work: durationSchema.describe('Compute work, seconds at speed 1.'),
  outputBytes: sizeSchema.default(0),
});

const reduceTaskSchema = z.strictObject({
  shuffleShare: z.number().min(0).max(1).describe("Fraction of every map's output this reduce fetches."),
  work: durationSchema,
});

const count = (min: number) =>
  z.union([z.number().int().min(min), countDistribution], {
    error: `a whole number ≥ ${min}, or a distribution of counts`,
  });

/** The shape of a job: its tasks and their sizes. Every field optional, so that a profile can hold part of it. */
const jobShape = {
  maps: count(1).optional().describe('Number of maps (without input, unless inputBytes is also given).'),
  inputBytes: sizeDistribution.optional().describe('Job input: one map per block, the last one partial.'),
  blockSize: positiveSize
    .optional()
    .describe("Block size of the job's input (so its map size) when split from inputBytes; default storage.blockSize."),
  input: id.optional().describe('A file of storage.files: one map per block.'),
  mapTasks: z.array(mapTaskSchema).min(1).optional().describe('Explicit map tasks.'),
  mapTime: durationDistribution.optional().describe('Compute work per map, seconds at speed 1.'),
  mapOutputBytes: sizeDistribution.optional().describe('Output bytes per map.'),
  mapOutputRatio: z.number().nonnegative().optional().describe("Map output as a multiple of the map's input."),
  shuffleBytes: sizeDistribution.optional().describe("Job's total map output, shared by its maps in proportion to input."),
  reduces: count(0).optional().describe('Number of reduces. Default 0 (map-only).'),
  reduceTime: durationDistribution.optional().describe('Compute work per reduce, seconds at speed 1.'),
  reduceTasks: z.array(reduceTaskSchema).min(1).optional().describe('Explicit reduce tasks.'),
  reduceSkew: z
    .number()
    .nonnegative()
    .max(10)
    .optional()
    .describe("Zipf exponent s of the reduces' shares of the map output: shares in proportion to 1/rank^s, the ranks shuffled among the reduces, each reduce's work times its share over the mean (0 or absent: equal shares)."),
  outputBytes: sizeDistribution
    .optional()
    .describe("Job output written to HDFS (by its reduces, or a map-only job's maps); moved only with settings.writes.jobOutput."),
  mapContainer: resourcesSchema('The container each map asks for on a resource cluster (mapreduce.map.memory.mb, mapreduce.map.cpu.vcores). Default settings.yarn.mapContainer.', '1024 MB', 1).optional(),
  reduceContainer: resourcesSchema('The container each reduce asks for on a resource cluster (mapreduce.reduce.memory.mb, mapreduce.reduce.cpu.vcores). Default settings.yarn.reduceContainer.', '1024 MB', 1).optional(),
};

const priority = z.enum(JOB_PRIORITIES);

const jobSchema = z.strictObject({
  id,
  profile: id.optional().describe('A profile whose fields this job starts from.'),
  user: id.default('default'),
  pool: id.optional().describe("Default: the user's pool, else a pool named after the user."),
  submit: durationSchema.default(0),
  weight: factor('a weight').default(1),
  priority: priority.default('NORMAL'),
  setup: durationSchema.optional().describe('Job setup time before its tasks may run; default settings.jobSetup.'),
  commit: durationSchema.optional().describe("Job commit time after its last task; default settings.jobCommit."),
  ...jobShape,
});

const jobStreamSchema = z.strictObject({
  count: z.number().int().min(1).describe('Jobs in the stream.'),
  profile: id.optional(),
  profiles: z
    .array(z.strictObject({ name: id, weight: factor('a weight').default(1) }))
    .min(1)
    .optional()
    .describe('Profiles drawn for each job with these weights.'),
  users: z.array(id).min(1).default(['default']).describe('Users given to the jobs in turn (round robin).'),
  pool: id.optional(),
  weight: weightDistribution.default(1).describe("Every job's weight, or a distribution each job's weight is drawn from."),
  priority: priority.default('NORMAL'),
  start: durationSchema.default(0).describe('Time the stream starts; the first job arrives one interarrival later.'),
  interarrival: durationDistribution.optional().describe('Time between submissions (not with groups).'),
  groups: z
    .strictObject({
      count: z.number().int().min(1).describe('Release groups; 1 releases every job at start (a batch).'),
      interval: durationSchema.default(0).describe('Time between two groups.'),
    })
    .optional()
    .describe('Jobs released in equal groups at start, start + interval, … (not with interarrival).'),
  idPrefix: z.string().optional().describe('Job ids are the prefix and a running number.'),
  ...jobShape,
});

// ------------------------------------------------------------------ settings

const failureSchema = z
  .strictObject({
    node: id,
    at: durationSchema,
    recoverAt: durationSchema.optional(),
  })
  .refine((f) => f.recoverAt === undefined || f.recoverAt > f.at, {
    error: 'recoverAt later than at',
    path: ['recoverAt'],
  });

const slowdownSchema = z
  .strictObject({
    node: id,
    from: durationSchema,
    to: durationSchema,
    factor: z.number().positive().max(1).describe("The node's speed times this while it lasts: 0.25 computes at a quarter."),
  })
  .refine((s) => s.to > s.from, { error: 'to later than from', path: ['to'] });

const failureCauseSchema = z
  .strictObject({
    probability: z.number().min(0).max(1).describe('Chance that an attempt this cause applies to fails, somewhere in its compute (drawn from the seed\'s attempt-failures stream).'),
    kind: z.enum(TASK_KINDS).optional().describe('Only attempts of maps, or of reduces.'),
    node: id.optional().describe('Only attempts on this node (a bad disk, a flaky machine).'),
    job: id.optional().describe('Only attempts of this job (a bug in its code, bad records in its input).'),
  })
  .describe('A cause of attempt failures; an attempt several causes apply to survives each independently.');

const attemptLimit = (property: string): z.ZodDefault<z.ZodNumber> =>
  z.number().int().min(1).max(100).default(4).describe(`Attempts of a task before its job fails (${property}).`);

const taskFailuresSchema = z
  .strictObject({
    causes: z.array(failureCauseSchema).default([]),
    maxMapAttempts: attemptLimit('mapred.map.max.attempts; YARN: mapreduce.map.maxattempts'),
    maxReduceAttempts: attemptLimit('mapred.reduce.max.attempts; YARN: mapreduce.reduce.maxattempts'),
    maxFailuresPerTracker: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe("Failed attempts of one job's tasks on a node before the job stops using it: mapred.max.tracker.failures (4); in YARN mode mapreduce.job.maxtaskfailures.per.tracker (3)."),
    maxTrackerBlacklists: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(4)
      .describe('Without yarn: succeeded jobs that stopped using a node, within blacklistWindow, before the JobTracker gives it no task (mapred.max.tracker.blacklists).'),
    blacklistWindow: durationSchema
      .prefault(10_800)
      .describe('How long a job\'s blacklisting counts against a node (mapred.jobtracker.blacklist.fault-timeout-window, 180 min).'),
  })
  .describe('Task attempts that fail, and Hadoop\'s answer: retries, then the job fails; per-job and cluster-wide blacklists of nodes.');

const HEARTBEATS_PER_SECOND = "a whole number of heartbeats per second ≥ 1 (Hadoop's mapred.heartbeats.in.second is an integer of at least 1)";

/** A seed of the run's random generator, a 32-bit integer: settings.seed, or the seed a caller gives in its place. */
export const seedSchema = z.number().int().min(-0x80000000).max(0x7fffffff);

const yarnSchema = z
  .strictObject({
    amMaxAttempts: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(2)
      .describe("Attempts of a job's ApplicationMaster before the job fails (yarn.resourcemanager.am.max-attempts)."),
    maxAmShare: z
      .number()
      .min(0)
      .max(1)
      .default(0.1)
      .describe('Fraction of the live containers ApplicationMasters may hold at once, at least one (yarn.scheduler.capacity.maximum-am-resource-percent).'),
    reduceRampUpLimit: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe("While a job has maps to launch, the most of its containers plus the free ones its reduces may hold (yarn.app.mapreduce.am.job.reduce.rampup.limit)."),
    amContainer: resourcesSchema("On a resource cluster, each job's ApplicationMaster's container (yarn.app.mapreduce.am.resource.mb, .cpu-vcores).", '1536 MB', 1).prefault({}),
    mapContainer: resourcesSchema("On a resource cluster, a map's container for jobs that set none (mapreduce.map.memory.mb, .cpu.vcores).", '1024 MB', 1).prefault({}),
    reduceContainer: resourcesSchema("On a resource cluster, a reduce's container for jobs that set none (mapreduce.reduce.memory.mb, .cpu.vcores).", '1024 MB', 1).prefault({}),
    minimumAllocation: resourcesSchema('The smallest container the scheduler gives: requests are raised to it (yarn.scheduler.minimum-allocation-mb, -vcores).', '1024 MB', 1).prefault({}),
    incrementAllocation: resourcesSchema('Requests above the minimum are rounded up to a multiple of this (the Fair Scheduler\'s yarn.resource-types.memory-mb.increment-allocation, vcores.increment-allocation).', '1024 MB', 1).prefault({}),
    maximumAllocation: resourcesSchema('The largest container the scheduler gives: a larger request is an error (yarn.scheduler.maximum-allocation-mb, -vcores).', '8192 MB', 4).prefault({}),
  })
  .describe('YARN mode (a container cluster only): an ApplicationMaster container per job, reduce ramp-up, 1 s heartbeats by default.');

const settingsSchema = z.strictObject({
  heartbeatInterval: durationSchema
    .pipe(z.number().min(MIN_HEARTBEAT_SECONDS, { error: `a heartbeat interval of at least ${MIN_HEARTBEAT_SECONDS * 1000} ms` }))
    .optional()
    .describe(
      "Time between a node's heartbeats; with heartbeatsPerSecond, the shortest interval. Default 3 s (Hadoop 1's minimum); 1 s with yarn (yarn.resourcemanager.nodemanagers.heartbeat-interval-ms).",
    ),
  heartbeatsPerSecond: z
    .number({ error: HEARTBEATS_PER_SECOND })
    .int({ error: HEARTBEATS_PER_SECOND })
    .min(1, { error: HEARTBEATS_PER_SECOND })
    .optional()
    .describe(
      "Heartbeats the JobTracker takes per second across the cluster (Hadoop 1's mapred.heartbeats.in.second, 100 there): the interval grows to ceil(nodes / this) seconds when that is longer than heartbeatInterval. Absent: heartbeatInterval, fixed.",
    ),
  outOfBandHeartbeat: z.boolean().default(false),
  slowStart: z.number().min(0).max(1).default(0.05),
  parallelCopies: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .describe("Parallel streams a reduce copies map output with (Hadoop's mapreduce.reduce.shuffle.parallelcopies)."),
  trackerExpiry: durationSchema
    .prefault(600)
    .describe("Time after a node fails before the JobTracker notices, Hadoop 1's mapred.tasktracker.expiry.interval (default 10 min; 0: at once)."),
  jobSetup: durationSchema
    .prefault(0)
    .describe("Time from a job's submission until its tasks may run (Hadoop 1's job-setup task, YARN's ApplicationMaster start and committer setupJob)."),
  jobCommit: durationSchema
    .prefault(0)
    .describe("Time from a job's last task's end until the job ends (the OutputCommitter's commitJob: Hadoop 1's job-cleanup task)."),
  setupCleanupSlots: z
    .boolean()
    .default(false)
    .describe("Without yarn: a job's setup and commit run as Hadoop 1's job-setup and job-cleanup tasks, each waiting for a heartbeat and holding a map slot (else a reduce slot) while it runs. Off: they are delays that hold no slot."),
  network: z
    .enum(NETWORK_SHARING)
    .default('max-min')
    .describe('How concurrent transfers share the network: max-min (flows share every disk and link on their path fairly; the default) or isolated (each alone at its narrowest link: no contention, faster to simulate).'),
  writes: z
    .strictObject({
      mapOutput: z
        .boolean()
        .default(false)
        .describe("A map's output written to its node's disk after it computes, sharing the disk (else part of its work)."),
      jobOutput: z
        .boolean()
        .default(false)
        .describe("A job's outputBytes written to HDFS through storage.replication's pipeline after each task computes (else not moved)."),
    })
    .prefault({})
    .describe('Writes moved as transfers: sharing disks and links under max-min, alone under isolated. Off: their cost is part of the work.'),
  variability: z
    .strictObject({
      attemptSigma: z
        .number()
        .nonnegative()
        .max(3)
        .default(0)
        .describe("Each attempt's compute time times a lognormal factor of median 1 and this sigma, drawn as it starts computing (0: none)."),
      slowdowns: z.array(slowdownSchema).default([]).describe('Intervals in which a node computes slower (its disks and links unchanged).'),
      drawnSlowdowns: z
        .strictObject({
          perNodeHour: z.number().positive().max(3600).describe("How often: an hour over this is the mean time from one slowdown's end to the next one's start on a node (exponential)."),
          meanDuration: durationSchema.pipe(z.number().positive({ error: 'a duration > 0' })).describe('Mean length of one (exponential).'),
          factor: z.number().positive().max(1).describe("The node's speed times this while one lasts."),
        })
        .optional()
        .describe("Transient slowdowns drawn on every node from the seed's node-slowdowns stream (a noisy neighbour, a disk rebuilding)."),
    })
    .prefault({})
    .describe('Run-time variance beyond the tasks\' drawn work: per attempt, and per node over time.'),
  speculation: z
    .strictObject({
      maps: z
        .boolean()
        .default(true)
        .describe('Back up slow running maps (mapred.map.tasks.speculative.execution, mapreduce.map.speculative; on by default as in Hadoop).'),
      reduces: z
        .boolean()
        .default(true)
        .describe('Back up slow running reduces (mapred.reduce.tasks.speculative.execution, mapreduce.reduce.speculative; on by default as in Hadoop). A backup copies its whole share of the map output again.'),
      policy: z
        .enum(SPECULATION_POLICIES)
        .optional()
        .describe("Which rule picks the task to back up, for maps and reduces apart: hadoop1 (JobInProgress.findSpeculativeTask, at each offer; the default), yarn (the MapReduce AM's DefaultSpeculator, scanning every second; the default with yarn) or late (LATE: the longest time left among tasks under the 25th percentile of rates, on nodes above the 25th percentile of work, backups at most 10% of the slots of the kind)."),
    })
    .prefault({})
    .describe('Speculative execution: a backup attempt of a task running slower than its job\'s others; the first to finish wins.'),
  jvm: z
    .strictObject({
      startup: durationSchema
        .prefault(0)
        .describe("Time from an attempt's launch until its JVM is up and its work starts (a new JVM's start: about 1 s on Hadoop 1; 0: part of the work)."),
      reuse: z
        .union([z.literal(-1), z.number().int().min(1).max(1_000_000)], { error: 'a whole number of tasks ≥ 1, or -1 for no limit' })
        .default(1)
        .describe('Tasks of one job a JVM runs in turn on its node, in slots of one kind (mapred.job.reuse.jvm.num.tasks: 1, no reuse; -1, no limit). Ignored in YARN mode, as MRv2 does.'),
    })
    .prefault({})
    .describe("Task JVMs' start-up and reuse."),
  seed: seedSchema.default(1),
  failures: z.array(failureSchema).default([]),
  taskFailures: taskFailuresSchema.prefault({}),
  yarn: yarnSchema.optional(),
});

// --------------------------------------------------------------------- trace

/** The trace formats a scenario may name (their importers are in src/workloads/). */
export const TRACE_FORMATS = ['swim', 'rumen', 'sls'] as const;

const traceSchema = z.strictObject({
  format: z.enum(TRACE_FORMATS),
  path: z.string().min(1).describe('The trace file, relative to this scenario file.'),
  options: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
    .default({})
    .describe("The importer's options (docs/traces/), as for mrsched import --option; a file one names (sls topology) is relative to this scenario file."),
});

// ---------------------------------------------------------------- whole file

export const scenarioFileSchema = z.strictObject({
  $schema: z.string().optional().describe('Where editors find this schema; ignored.'),
  name: z.string().regex(SAFE_NAME, { error: `a name ${WITHOUT_UNSAFE_CHARACTERS}` }).optional(),
  description: z.string().optional(),
  notes: z
    .array(z.string())
    .optional()
    .describe('The assumptions the program that wrote this file made (a trace importer, a generator), one per line; not read by the simulator.'),
  cluster: clusterSchema,
  storage: storageSchema.prefault({}),
  users: z.array(userSchema).default([]),
  pools: z.array(poolSchema).default([]),
  profiles: z.record(id, z.strictObject(jobShape)).default({}).describe('Reusable job shapes by name.'),
  jobs: z.array(jobSchema).default([]),
  jobStreams: z.array(jobStreamSchema).default([]).describe('Generated jobs.'),
  trace: traceSchema
    .optional()
    .describe("A real trace whose jobs join this file's (and whose cluster, storage, users and pools fill in what this file leaves out)."),
  settings: settingsSchema.prefault({}),
  schedulerOptions: z
    .record(z.string(), z.record(z.string(), z.unknown()))
    .default({})
    .describe('Options per scheduler name, passed to that scheduler.'),
});

/** A scenario file as written: quantities may carry units, defaults may be left out. */
export type ScenarioFile = z.input<typeof scenarioFileSchema>;
/** A scenario file after the schema: base units, plain defaults filled in. */
export type ParsedScenarioFile = z.output<typeof scenarioFileSchema>;

/** The names of the job-shape fields (the ones a profile may hold). */
export const JOB_SHAPE_FIELDS = Object.keys(jobShape) as readonly (keyof typeof jobShape)[];

/** The JSON Schema of the scenario file (what one may write), for editors and docs. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return JSON.parse(scenarioJsonSchemaText()) as Record<string, unknown>;
}

/** The JSON Schema as written to docs/scenario.schema.json. */
export function scenarioJsonSchemaText(): string {
  return jsonSchemaText(
    scenarioFileSchema,
    'mrsched scenario',
    'A cluster, its storage, users, pools and jobs, and simulation settings. See docs/scenario-format.md.',
  );
}

// -------------------------------------------------------- issues to problems

/** Check a parsed YAML/JSON value against the schema. */
export function parseScenarioFile(raw: unknown): SchemaResult<ParsedScenarioFile> {
  return checkWithSchema(scenarioFileSchema, raw);
}
