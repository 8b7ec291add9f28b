/**
 * What the *-site.xml files say about scheduling, as scenario settings: the
 * NodeManagers' resources, container sizes and the scheduler's allocation
 * limits, the MapReduce settings the simulator models, HDFS's block size and
 * replication, the Fair Scheduler's yarn-site options, and which scheduler
 * and which allocation file and rack table the ResourceManager uses.
 *
 * Container sizes and allocation limits the files leave out are written with
 * Hadoop's defaults (yarn-default.xml, mapred-default.xml), so that the
 * scenario says what the operator's cluster does rather than what the
 * simulator assumes; the notes say which came from a default. Settings the
 * scenario format already defaults like Hadoop (slow start, parallel copies,
 * heartbeats) are written only when set.
 *
 * Properties that are about scheduling but not modelled are named in the
 * notes with why (IGNORED); every other property is counted.
 */
import { MIN_HEARTBEAT_SECONDS } from '../../model/model-range.js';
import type { ConfValue } from './conf-properties.js';
import { where, type ConfReader } from './conf-reader.js';
import { memoryText, resources, type ConfResources, type ConfSettings } from './conf-scenario.js';

/** Hadoop's defaults of the values the scenario is always given. */
export const HADOOP_DEFAULTS = {
  nodeMemoryMb: 8192,
  nodeVcores: 8,
  minimumAllocation: { memoryMb: 1024, vcores: 1 },
  maximumAllocation: { memoryMb: 8192, vcores: 4 },
  incrementAllocation: { memoryMb: 1024, vcores: 1 },
  mapContainer: { memoryMb: 1024, vcores: 1 },
  reduceContainer: { memoryMb: 1024, vcores: 1 },
  amContainer: { memoryMb: 1536, vcores: 1 },
} as const;

export type SchedulerKind = 'fair' | 'capacity' | 'fifo';

export interface SiteSettings {
  readonly nodeMemoryMb: number;
  readonly nodeVcores: number;
  readonly settings: ConfSettings;
  readonly storage?: { blockSize?: number; replication?: number };
  /** schedulerOptions.fair options set in yarn-site.xml. */
  readonly fairOptions: Record<string, unknown>;
  /** The scheduler yarn.resourcemanager.scheduler.class names, when one the simulator has. */
  readonly scheduler?: SchedulerKind;
  readonly allocationFile?: ConfValue;
  readonly rackTable?: ConfValue;
}

/** Set but not modelled, with why. */
const IGNORED: Readonly<Record<string, string>> = {
  'yarn.scheduler.fair.user-as-default-queue': 'queue placement: each job runs in the pool it names',
  'yarn.scheduler.fair.allow-undeclared-pools': 'queue placement: each job runs in the pool it names, listed or not',
  'yarn.scheduler.fair.preemption.cluster-utilization-threshold': 'preemption here does not wait for a cluster utilisation',
  'yarn.scheduler.fair.locality-delay-node-ms': 'continuous scheduling is not modelled (nodes are scheduled at their heartbeats)',
  'yarn.scheduler.fair.locality-delay-rack-ms': 'continuous scheduling is not modelled (nodes are scheduled at their heartbeats)',
  'yarn.scheduler.fair.continuous-scheduling-enabled': 'continuous scheduling is not modelled (nodes are scheduled at their heartbeats)',
  'yarn.scheduler.fair.dynamic.max.assign': 'a cap on containers per heartbeat is not modelled (assignmultiple is)',
  'yarn.scheduler.fair.waitTimeBeforeKill': 'preemption here kills at once',
  'yarn.scheduler.fair.waitTimeBeforeNextStarvationCheck': 'preemption runs every schedulerOptions.fair.preemptionInterval',
  'yarn.resourcemanager.reservation-system.enable': 'the reservation system is not modelled',
  'yarn.node-labels.enabled': 'node labels are not modelled: any node runs any task',
  'yarn.acl.enable': 'ACLs are not modelled: any user may submit to any pool',
  'yarn.admin.acl': 'ACLs are not modelled',
  'yarn.nodemanager.vmem-check-enabled': "containers' memory use is not enforced: a task uses what its container holds",
  'yarn.nodemanager.pmem-check-enabled': "containers' memory use is not enforced: a task uses what its container holds",
  'yarn.nodemanager.vmem-pmem-ratio': "containers' memory use is not enforced",
  'yarn.nodemanager.resource.detect-hardware-capabilities': 'no hardware to detect: memory-mb and cpu-vcores as set, else their defaults',
  'yarn.nodemanager.resource.percentage-physical-cpu-limit': 'CPU limits on containers are not modelled',
  'mapreduce.job.ubertask.enable': 'uber jobs (tasks inside the ApplicationMaster) are not modelled',
  'mapreduce.job.jvm.numtasks': 'JVM reuse does not apply to YARN, as in MRv2',
  'mapreduce.job.maps': "each job's maps come with the jobs (--jobs)",
  'mapreduce.job.reduces': "each job's reduces come with the jobs (--jobs)",
  'net.topology.script.file.name': 'a script is not run: give the rack table (net.topology.table.file.name) instead',
  'net.topology.node.switch.mapping.impl': 'racks come from the rack table in the directory, or one rack',
};

const SCHEDULER_CLASSES: Readonly<Record<string, SchedulerKind>> = {
  'org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler': 'fair',
  'org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler': 'capacity',
  'org.apache.hadoop.yarn.server.resourcemanager.scheduler.fifo.FifoScheduler': 'fifo',
};

/** Which scheduler yarn-default.xml names when yarn-site.xml names none. */
const DEFAULT_SCHEDULER: SchedulerKind = 'capacity';

export function readSiteSettings(reader: ConfReader): SiteSettings {
  const scheduler = schedulerOf(reader);
  const whole = (min: number, max?: number) => ({ whole: true, min, ...(max === undefined ? {} : { max }) });

  const nodeMemoryMb = nodeResource(reader, 'yarn.nodemanager.resource.memory-mb', HADOOP_DEFAULTS.nodeMemoryMb, (n) => `cluster.defaults.memory ${memoryText(n)}`);
  const nodeVcores = nodeResource(reader, 'yarn.nodemanager.resource.cpu-vcores', HADOOP_DEFAULTS.nodeVcores, (n) => `cluster.defaults.vcores ${n}`);

  const pair = (memoryName: string, vcoresName: string, fallback: { memoryMb: number; vcores: number }, target: string): ConfResources => {
    const memoryMb = reader.number(memoryName, whole(1), (n) => `settings.yarn.${target}.memory ${memoryText(n)}`);
    const vcores = reader.number(vcoresName, whole(1), (n) => `settings.yarn.${target}.vcores ${n}`);
    for (const [value, name, text] of [
      [memoryMb, memoryName, memoryText(fallback.memoryMb)],
      [vcores, vcoresName, `${fallback.vcores}`],
    ] as const) {
      if (value === undefined) reader.notes.push(`${name} not set: settings.yarn.${target} takes Hadoop's default ${text}`);
    }
    return resources(memoryMb ?? fallback.memoryMb, vcores ?? fallback.vcores);
  };

  const yarn: ConfSettings['yarn'] = {};
  yarn.minimumAllocation = pair('yarn.scheduler.minimum-allocation-mb', 'yarn.scheduler.minimum-allocation-vcores', HADOOP_DEFAULTS.minimumAllocation, 'minimumAllocation');
  yarn.maximumAllocation = pair('yarn.scheduler.maximum-allocation-mb', 'yarn.scheduler.maximum-allocation-vcores', HADOOP_DEFAULTS.maximumAllocation, 'maximumAllocation');
  yarn.incrementAllocation = incrementAllocation(reader);
  yarn.amContainer = containerPair(reader, 'yarn.app.mapreduce.am.resource.mb', 'yarn.app.mapreduce.am.resource.cpu-vcores', HADOOP_DEFAULTS.amContainer, 'amContainer');
  yarn.mapContainer = containerPair(reader, 'mapreduce.map.memory.mb', 'mapreduce.map.cpu.vcores', HADOOP_DEFAULTS.mapContainer, 'mapContainer');
  yarn.reduceContainer = containerPair(reader, 'mapreduce.reduce.memory.mb', 'mapreduce.reduce.cpu.vcores', HADOOP_DEFAULTS.reduceContainer, 'reduceContainer');
  const amMaxAttempts = reader.number('yarn.resourcemanager.am.max-attempts', whole(1, 100), (n) => `settings.yarn.amMaxAttempts ${n}`);
  if (amMaxAttempts !== undefined) yarn.amMaxAttempts = amMaxAttempts;
  const rampUp = reader.number('yarn.app.mapreduce.am.job.reduce.rampup.limit', { min: 0, max: 1 }, (n) => `settings.yarn.reduceRampUpLimit ${n}`);
  if (rampUp !== undefined) yarn.reduceRampUpLimit = rampUp;

  const settings: ConfSettings = { yarn };
  const heartbeatMs = reader.number('yarn.resourcemanager.nodemanagers.heartbeat-interval-ms', whole(MIN_HEARTBEAT_SECONDS * 1000), (n) => `settings.heartbeatInterval ${n / 1000} s`);
  if (heartbeatMs !== undefined) settings.heartbeatInterval = heartbeatMs / 1000;
  const expiryMs = reader.number('yarn.nm.liveness-monitor.expiry-interval-ms', whole(0), (n) => `settings.trackerExpiry ${n / 1000} s (a failed node's notice)`);
  if (expiryMs !== undefined) settings.trackerExpiry = expiryMs / 1000;
  const slowStart = reader.number('mapreduce.job.reduce.slowstart.completedmaps', { min: 0, max: 1 }, (n) => `settings.slowStart ${n}`);
  if (slowStart !== undefined) settings.slowStart = slowStart;
  const copies = reader.number('mapreduce.reduce.shuffle.parallelcopies', whole(1, 1000), (n) => `settings.parallelCopies ${n}`);
  if (copies !== undefined) settings.parallelCopies = copies;
  const speculativeMaps = reader.boolean('mapreduce.map.speculative', 'settings.speculation.maps');
  const speculativeReduces = reader.boolean('mapreduce.reduce.speculative', 'settings.speculation.reduces');
  if (speculativeMaps !== undefined || speculativeReduces !== undefined) {
    settings.speculation = { ...(speculativeMaps === undefined ? {} : { maps: speculativeMaps }), ...(speculativeReduces === undefined ? {} : { reduces: speculativeReduces }) };
  }
  const taskFailures: NonNullable<ConfSettings['taskFailures']> = {};
  const maxMap = reader.number('mapreduce.map.maxattempts', whole(1, 100), (n) => `settings.taskFailures.maxMapAttempts ${n}`);
  if (maxMap !== undefined) taskFailures.maxMapAttempts = maxMap;
  const maxReduce = reader.number('mapreduce.reduce.maxattempts', whole(1, 100), (n) => `settings.taskFailures.maxReduceAttempts ${n}`);
  if (maxReduce !== undefined) taskFailures.maxReduceAttempts = maxReduce;
  const perTracker = reader.number('mapreduce.job.maxtaskfailures.per.tracker', whole(1, 100), (n) => `settings.taskFailures.maxFailuresPerTracker ${n}`);
  if (perTracker !== undefined) taskFailures.maxFailuresPerTracker = perTracker;
  if (Object.keys(taskFailures).length > 0) settings.taskFailures = taskFailures;

  const storage: { blockSize?: number; replication?: number } = {};
  const blockSize = blockSizeOf(reader);
  if (blockSize !== undefined) storage.blockSize = blockSize;
  const replication = reader.number('dfs.replication', whole(1, 512), (n) => `storage.replication ${n}`);
  if (replication !== undefined) storage.replication = replication;

  const fairOptions: Record<string, unknown> = {};
  const preemption = reader.boolean('yarn.scheduler.fair.preemption', 'schedulerOptions.fair.preemption');
  if (preemption !== undefined) fairOptions.preemption = preemption;
  const sizeBased = reader.boolean('yarn.scheduler.fair.sizebasedweight', 'schedulerOptions.fair.sizeBasedWeight');
  if (sizeBased !== undefined) fairOptions.sizeBasedWeight = sizeBased;
  const assignMultiple = reader.boolean('yarn.scheduler.fair.assignmultiple', 'schedulerOptions.fair.assignMultiple');
  if (assignMultiple !== undefined) fairOptions.assignMultiple = assignMultiple;
  const maxAssign = reader.number('yarn.scheduler.fair.max.assign', whole(-1), (n) => `schedulerOptions.fair.maxAssign ${n}`);
  if (maxAssign !== undefined) fairOptions.maxAssign = maxAssign;
  for (const [level, option] of [['node', 'nodeLocalityThreshold'], ['rack', 'rackLocalityThreshold']] as const) {
    const threshold = reader.number(`yarn.scheduler.fair.locality.threshold.${level}`, { min: -1 }, (n) => `schedulerOptions.fair.${option} ${n}`);
    if (threshold !== undefined) fairOptions[option] = threshold;
  }
  const updateMs = reader.number('yarn.scheduler.fair.update-interval-ms', whole(0), (n) => `schedulerOptions.fair.updateInterval ${n / 1000} s`);
  if (updateMs !== undefined) fairOptions.updateInterval = updateMs / 1000;

  for (const [name, reason] of Object.entries(IGNORED)) reader.ignore(name, reason);
  const framework = reader.text('mapreduce.framework.name');
  if (framework !== undefined) {
    reader.read(framework, framework.value.trim() === 'yarn' ? 'jobs run on YARN (settings.yarn)' : `jobs would not run on YARN there; the scenario is in YARN mode all the same`);
  }

  return {
    nodeMemoryMb,
    nodeVcores,
    settings,
    ...(Object.keys(storage).length > 0 ? { storage } : {}),
    fairOptions,
    ...scheduler,
    ...optional('allocationFile', reader.text('yarn.scheduler.fair.allocation.file')),
    ...optional('rackTable', reader.text('net.topology.table.file.name')),
  };
}

/** A NodeManager resource: -1 (let the NodeManager detect it) and absence take Hadoop's default. */
function nodeResource(reader: ConfReader, name: string, fallback: number, target: (n: number) => string): number {
  const value = reader.number(name, { whole: true, min: -1 }, (n) => (n === -1 ? `-1 (detect): Hadoop's default ${fallback} taken` : target(n)));
  if (value === undefined) reader.notes.push(`${name} not set: ${target(fallback)}, Hadoop's default`);
  if (value === 0) {
    const found = reader.properties.take(name);
    if (found !== undefined) reader.problem(found, 'a whole number ≥ 1 (or -1 for the default)', '0 (a node that can run nothing)');
  }
  return value === undefined || value === -1 ? fallback : value;
}

/** A job's container size: -1 (mapred-default's "derive it from the heap") and absence take the MapReduce default. */
function containerPair(reader: ConfReader, memoryName: string, vcoresName: string, fallback: { memoryMb: number; vcores: number }, target: string): ConfResources {
  const memoryMb = reader.number(memoryName, { whole: true, min: -1 }, (n) =>
    n === -1 ? `-1 (derived from the task's heap in Hadoop): settings.yarn.${target}.memory ${memoryText(fallback.memoryMb)}, the default without a heap setting` : `settings.yarn.${target}.memory ${memoryText(n)}`,
  );
  const vcores = reader.number(vcoresName, { whole: true, min: 1 }, (n) => `settings.yarn.${target}.vcores ${n}`);
  if (memoryMb === undefined) reader.notes.push(`${memoryName} not set: settings.yarn.${target}.memory ${memoryText(fallback.memoryMb)}, the MapReduce default`);
  if (vcores === undefined) reader.notes.push(`${vcoresName} not set: settings.yarn.${target}.vcores ${fallback.vcores}, the MapReduce default`);
  return resources(memoryMb === undefined || memoryMb <= 0 ? fallback.memoryMb : memoryMb, vcores ?? fallback.vcores);
}

/** The Fair Scheduler's allocation increment: the resource-types names, else the older yarn.scheduler names. */
function incrementAllocation(reader: ConfReader): ConfResources {
  const whole = { whole: true, min: 1 };
  const one = (current: string, older: string, fallback: number, unit: (n: number) => string): number => {
    const value = reader.number(current, whole, (n) => `settings.yarn.incrementAllocation ${unit(n)}`);
    if (value !== undefined) {
      reader.ignore(older, `${current} is set, and Hadoop prefers it`);
      return value;
    }
    const old = reader.number(older, whole, (n) => `settings.yarn.incrementAllocation ${unit(n)} (the older name of ${current})`);
    if (old !== undefined) return old;
    reader.notes.push(`${current} not set: settings.yarn.incrementAllocation ${unit(fallback)}, Hadoop's default (the Fair Scheduler rounds requests up to it; the Capacity Scheduler to multiples of the minimum allocation)`);
    return fallback;
  };
  const memoryMb = one('yarn.resource-types.memory-mb.increment-allocation', 'yarn.scheduler.increment-allocation-mb', HADOOP_DEFAULTS.incrementAllocation.memoryMb, memoryText);
  const vcores = one('yarn.resource-types.vcores.increment-allocation', 'yarn.scheduler.increment-allocation-vcores', HADOOP_DEFAULTS.incrementAllocation.vcores, (n) => `${n} vcore${n === 1 ? '' : 's'}`);
  return resources(memoryMb, vcores);
}

/** dfs.blocksize as Hadoop reads sizes: bytes, or a number with k, m, g, t, p or e (binary, any case). */
function blockSizeOf(reader: ConfReader): number | undefined {
  const found = reader.text('dfs.blocksize');
  if (found === undefined) return undefined;
  const match = /^(\d+)\s*([kmgtpe]?)$/i.exec(found.value.trim());
  const bytes = match === null ? Number.NaN : Number(match[1]) * 1024 ** ' kmgtpe'.indexOf(match[2].toLowerCase() || ' ');
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    reader.problem(found, "a block size in bytes, or with a suffix k, m, g or t (like '128m')", `'${found.value}'`);
    return undefined;
  }
  reader.read(found, `storage.blockSize ${bytes} bytes`);
  return bytes;
}

function schedulerOf(reader: ConfReader): { scheduler?: SchedulerKind } {
  const found = reader.text('yarn.resourcemanager.scheduler.class');
  if (found === undefined) {
    reader.notes.push(`yarn.resourcemanager.scheduler.class not set: Hadoop's default is the Capacity Scheduler (simulate with --scheduler ${DEFAULT_SCHEDULER})`);
    return { scheduler: DEFAULT_SCHEDULER };
  }
  const name = found.value.trim();
  const kind = SCHEDULER_CLASSES[name] ?? Object.entries(SCHEDULER_CLASSES).find(([full]) => full.endsWith(`.${name}`))?.[1];
  if (kind === undefined) {
    reader.notes.push(`${where(found)} ${found.name} = '${found.value}': a scheduler the simulator does not have; choose one with --scheduler`);
    return {};
  }
  reader.read(found, `the ${kind} scheduler: simulate with --scheduler ${kind}`);
  return { scheduler: kind };
}

function optional<K extends string>(key: K, value: ConfValue | undefined): Partial<Record<K, ConfValue>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, ConfValue>);
}
