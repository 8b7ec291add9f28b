/**
 * `mrsched import hadoop-conf DIR`: an operator's own Hadoop configuration
 * directory, read as it is, into a scenario: the cluster (nodes from the rack
 * table, or --nodes; their memory and vcores from yarn-site.xml), storage
 * (hdfs-site.xml), settings (yarn-site.xml, mapred-site.xml), pools and
 * scheduler options (the Fair Scheduler's allocation file, or
 * capacity-scheduler.xml). docs/hadoop-conf.md explains the same rules for
 * users.
 *
 * Every property read is in the notes with its file, line, value and where
 * it went; every property about scheduling that is not modelled is named with
 * why; the rest are counted. Problems in any file are reported together.
 * Jobs are not configuration: --jobs names a trace or a scenario whose jobs
 * join (jobs-source.ts); without it the scenario has none, and the notes say
 * how to add them.
 */
import { basename, resolve } from 'node:path';
import { InputError } from '../../util/input-error.js';
import { readLimits, atMost } from '../../input/size-limits.js';
import { fairPools } from './fair-pools.js';
import { capacityQueues } from './capacity-queues.js';
import { readAllocationFile } from './allocation-file.js';
import { ConfDirectory, CONF_FILES, RACK_TABLE_NAMES } from './conf-directory.js';
import { ConfProblems } from './conf-problems.js';
import { ConfProperties } from './conf-properties.js';
import { ConfReader } from './conf-reader.js';
import { resources, type ConfPool, type ConfRack, type ConfScenario } from './conf-scenario.js';
import { jobsFrom, type JobsFormat } from './jobs-source.js';
import { readRackTable, type RackTable } from './rack-mapping.js';
import { readSiteFile, type SiteFile } from './site-file.js';
import { readSiteSettings, type SchedulerKind } from './site-settings.js';

export interface HadoopConfOptions {
  /** Nodes of the cluster when the directory has no rack table; wins over the table when both are given. */
  readonly nodes?: number;
  /** A trace or a scenario whose jobs join. */
  readonly jobs?: string;
  readonly jobsFormat?: JobsFormat;
  /** Where the scenario will be written (a trace's path is made relative to it); undefined: standard output. */
  readonly out?: string;
}

export interface HadoopConfImport {
  readonly scenario: ConfScenario;
  readonly notes: readonly string[];
  /** The files read, by base name. */
  readonly files: readonly string[];
  /** The scheduler the configuration runs, when the simulator has it. */
  readonly scheduler?: SchedulerKind;
  /** Whether jobs joined (--jobs); without, the scenario needs some before it runs. */
  readonly hasJobs: boolean;
}

/** The rack used when there is no rack table: Hadoop's name for a host's rack when none is known. */
export const DEFAULT_RACK = 'default-rack';

export async function importHadoopConf(dir: string, options: HadoopConfOptions = {}): Promise<HadoopConfImport> {
  const directory = new ConfDirectory(dir);
  const problems = new ConfProblems();
  const files: string[] = [];
  const find = (name: string): string | undefined => {
    const { path, problem } = directory.find(name);
    if (problem !== undefined) problems.add(dir, problem);
    if (path !== undefined) files.push(basename(path));
    return path;
  };

  const sitePaths = [CONF_FILES.core, CONF_FILES.hdfs, CONF_FILES.mapred, CONF_FILES.yarn, CONF_FILES.capacity].map((name) => [name, find(name)] as const);
  const siteFiles = sitePaths.flatMap(([, path]) => (path === undefined ? [] : [problems.attempt(() => readSiteFile(path))])).filter((file): file is SiteFile => file !== undefined);
  const properties = new ConfProperties(siteFiles);
  const reader = new ConfReader(properties, problems);
  const site = readSiteSettings(reader);

  const allocationName = site.allocationFile?.value.trim() || CONF_FILES.fair;
  const allocationPath = find(allocationName);
  if (site.allocationFile !== undefined) {
    reader.read(site.allocationFile, allocationPath === undefined ? `no ${basename(allocationName)} in the directory: no allocation file read` : `read as ${basename(allocationName)} in the directory`);
  }
  const allocation = allocationPath === undefined ? undefined : problems.attempt(() => readAllocationFile(allocationPath));
  const capacityFile = siteFiles.find((file) => file.label === CONF_FILES.capacity);

  const tablePath = site.rackTable !== undefined ? find(site.rackTable.value.trim()) : RACK_TABLE_NAMES.map((name) => find(name)).find((path) => path !== undefined);
  if (site.rackTable !== undefined) reader.read(site.rackTable, tablePath === undefined ? 'not in the directory: no rack table read' : `read as ${basename(tablePath)} in the directory`);
  const table = tablePath === undefined ? undefined : problems.attempt(() => readRackTable(tablePath, basename(tablePath)));

  if (files.length === 0 && !problems.any) {
    throw new InputError(dir, [
      {
        path: '',
        expected: `a Hadoop configuration directory holding at least one of ${[...Object.values(CONF_FILES), ...RACK_TABLE_NAMES].join(', ')}`,
        found: 'none of them',
      },
    ]);
  }
  const racks = clusterRacks(table, tablePath, options.nodes);
  if (racks === undefined) {
    problems.add(dir, { path: '--nodes', expected: 'a rack table in the directory (net.topology.table.file.name, topology.data) or --nodes N', found: 'neither' });
  } else {
    const limits = readLimits();
    const count = racks.racks.reduce((n, rack) => n + (typeof rack.nodes === 'number' ? rack.nodes : rack.nodes.length), 0);
    if (count > limits.nodes) problems.add(dir, { path: tablePath === undefined ? '--nodes' : basename(tablePath), expected: atMost(limits, 'nodes', 'nodes'), found: count.toLocaleString('en') });
  }

  // The queues: the scheduler's own file, when the directory has the one the ResourceManager uses.
  const nodeCount = racks?.count ?? 0;
  const total = { memoryMb: nodeCount * site.nodeMemoryMb, vcores: nodeCount * site.nodeVcores };
  const queueNotes: string[] = [];
  let pools: ConfPool[] = [];
  let schedulerOptions: Record<string, Record<string, unknown>> = {};
  const useFair = allocation !== undefined && (site.scheduler !== 'capacity' || capacityFile === undefined);
  if (useFair) {
    const fair = fairPools(allocation, total);
    pools = fair.pools;
    queueNotes.push(...fair.notes);
    schedulerOptions = { fair: { ...site.fairOptions, ...fair.options } };
    if (capacityFile !== undefined) queueNotes.push(`${CONF_FILES.capacity}'s queues not used: the allocation file's are, for the ${site.scheduler ?? 'fair'} scheduler`);
  } else if (Object.keys(site.fairOptions).length > 0) {
    schedulerOptions = { fair: site.fairOptions };
  }
  // The Capacity Scheduler's properties are read in any case, so that each is noted.
  const capacity = capacityQueues(reader, capacityFile !== undefined);
  if (!useFair) {
    pools = capacity.pools;
    if (Object.keys(capacity.options).length > 0) schedulerOptions = { ...schedulerOptions, capacity: capacity.options };
  }
  else if (capacity.pools.length > 0) queueNotes.push(`the ${capacity.pools.length} Capacity Scheduler queues not made pools: the allocation file's queues are`);
  if (allocation !== undefined && !useFair) queueNotes.push(`${allocation.label}'s queues not used: yarn.resourcemanager.scheduler.class names the Capacity Scheduler`);
  if (capacity.maxAmShare !== undefined) site.settings.yarn.maxAmShare = capacity.maxAmShare;

  const jobs = options.jobs === undefined ? undefined : await problemsOf(problems, () => jobsFrom(options.jobs!, options.jobsFormat, options.out));
  problems.throwIfAny(dir);

  const poolIds = new Set(pools.map((pool) => pool.id));
  // The configuration's queues hold the cluster's capacity: a jobs file's own pools join without theirs.
  const joinedPools = (jobs?.pools ?? []).filter((pool) => !poolIds.has(pool.id)).map(({ capacity: _capacity, maxCapacity: _max, ...rest }) => rest);
  if (joinedPools.length > 0) {
    queueNotes.push(`${joinedPools.length} pools of the jobs file join the configuration's without their capacity and maxCapacity (the configuration's queues hold the cluster): ${joinedPools.map((pool) => pool.id).join(', ')}`);
  }
  const storage = {
    ...(site.storage ?? {}),
    ...(jobs?.storageFiles === undefined ? {} : { files: jobs.storageFiles }),
  };
  const scenario: ConfScenario = {
    name: basename(resolve(dir)),
    description: `Imported from the Hadoop configuration in ${basename(resolve(dir))} (${files.join(', ')}).`,
    cluster: { defaults: resources(site.nodeMemoryMb, site.nodeVcores), racks: racks!.racks },
    ...(Object.keys(storage).length > 0 ? { storage } : {}),
    pools: [...pools, ...joinedPools],
    settings: site.settings,
    schedulerOptions,
    ...(jobs?.fields ?? {}),
  };

  const others = properties.untaken();
  const notes = [
    `Files read from ${dir}: ${files.join(', ')}.`,
    racks!.note,
    `Cluster resources in all: ${total.memoryMb} MB and ${total.vcores} vcores (${nodeCount} nodes of ${site.nodeMemoryMb} MB and ${site.nodeVcores} vcores).`,
    ...siteFiles.flatMap((file) => file.remarks),
    ...properties.remarks,
    ...(table?.remarks ?? []),
    ...reader.notes,
    ...queueNotes,
    ...(others.length === 0 ? [] : [`${others.length} other properties not about scheduling not used (e.g. ${others.slice(0, 3).join(', ')}).`]),
    jobs?.note ??
      'No jobs: configuration files hold none. Import again with --jobs FILE (a SWIM, Rumen or SLS trace, or a scenario with jobs), or add a trace field (trace: {format: swim, path: trace.tsv}) or jobs to this file before simulating it.',
  ];
  return { scenario, notes, files, ...(site.scheduler === undefined ? {} : { scheduler: site.scheduler }), hasJobs: jobs !== undefined };
}

/** The racks: the rack table's, or one rack of --nodes nodes; --nodes wins over a table, and the note says so. */
function clusterRacks(table: RackTable | undefined, tablePath: string | undefined, nodes: number | undefined): { racks: ConfRack[]; count: number; note: string } | undefined {
  if (nodes !== undefined) {
    const dropped = table === undefined ? '' : ` The rack table ${basename(tablePath!)} (${table.racks.reduce((n, r) => n + r.hosts.length, 0)} hosts in ${table.racks.length} racks) is not used: --nodes wins.`;
    return { racks: [{ id: DEFAULT_RACK, nodes }], count: nodes, note: `Cluster: ${nodes} nodes from --nodes, in one rack ${DEFAULT_RACK}.${dropped}` };
  }
  if (table === undefined) return undefined;
  const count = table.racks.reduce((n, rack) => n + rack.hosts.length, 0);
  return {
    racks: table.racks.map((rack) => ({ id: rack.id, nodes: rack.hosts.map((id) => ({ id })) })),
    count,
    note: `Cluster: the ${count} hosts of the rack table ${basename(tablePath!)}, in its ${table.racks.length} racks (hosts the table does not list are not in the cluster).`,
  };
}

async function problemsOf<T>(problems: ConfProblems, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    problems.absorb(error);
    return undefined;
  }
}


