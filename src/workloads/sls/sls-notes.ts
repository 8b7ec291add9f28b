/**
 * The notes of an SLS import: one line per assumption applied, in a fixed
 * order (jobs, tasks, data, hosts and cluster, settings), then one per
 * default or unused field the trace actually met, with how often and a few
 * examples, so that a reader can find the records concerned.
 */
import { HOSTS_SEEN, DEFAULT_RACK } from './sls-cluster.js';
import { SEEN, UNUSED } from './sls-job.js';
import type { SlsSettings } from './sls-options.js';
import { TOPOLOGY_SEEN, type SlsRack } from './sls-topology.js';
import type { Tally } from './tally.js';

export interface NotesInput {
  readonly settings: SlsSettings;
  readonly earliestMs: number;
  /** Jobs in the scenario (copies included). */
  readonly jobCount: number;
  readonly racks: readonly SlsRack[];
  readonly jobTally: Tally;
  readonly hostTally: Tally;
  /** The topology file's name and what its reader met; undefined without one. */
  readonly topology: { readonly file: string; readonly tally: Tally } | undefined;
  readonly skipped: number;
  /** The most containers any one host of the trace ran at once, over how many hosts with timed containers. */
  readonly hostPeak: { readonly highest: number; readonly hosts: number };
  /** The notes of the jobs' setup and commit (job-overheads.ts). */
  readonly overheads: readonly string[];
}

/** Why a field of the trace or the topology is not used. */
function unusedReason(field: string): string {
  switch (field) {
    case 'job.label.expression':
      return 'node labels are not modelled';
    case 'container.priority':
      return "SLS's own MapReduce application master overrides it too (maps 20, reduces 10); the scheduler orders a job's tasks";
    case 'container.execution.type':
      return 'every task runs in a guaranteed container; opportunistic containers are not modelled';
    case 'container.allocation.id':
      return 'container requests are not modelled one by one';
    case 'container.request.delay':
      return "a job's tasks are all requested when it is submitted";
  }
  if (field.startsWith('am.')) return "a job's own AM resources are not read: settings.yarn.amContainer holds for every job";
  if (field.startsWith('container.')) return 'a resource type not modelled (memory-mb and vcores are)';
  return 'not a field this importer reads';
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function examples(tally: Tally, key: string): string {
  const list = tally.examplesOf(key);
  return list.length === 0 ? '' : ` (e.g. ${list.join(', ')})`;
}

export function slsNotes(input: NotesInput): string[] {
  const { settings, jobTally: jobs, hostTally: hosts } = input;
  const nodes = input.racks.reduce((n, rack) => n + rack.nodes.length, 0);
  const notes: string[] = [
    `Jobs: id = job.id, user = job.user, pool = job.queue.name; submit = job.start.ms / 1000 s after the earliest job's start (${input.earliestMs} ms), so the first job arrives at 0; weight 1 and priority NORMAL for each of the ${plural(input.jobCount, 'job')} (an SLS trace has neither).`,
    'Tasks: work = the recorded duration in seconds (container.end.ms − container.start.ms, or container.duration.ms when given, / 1000), replayed as SLS replays it; every node has speed 1, so a task runs for its recorded duration wherever it is placed.',
    'No data: an SLS trace has no input, output or shuffle sizes, so maps have no input (no blocks, no replicas) and no output, and each reduce fetches an equal share of nothing. Locality and shuffle cannot be studied with an SLS trace: only the order and placement of tasks of fixed length.',
    'container.host is where a task ran in the traced run, not where its data was: it places no task. container.priority and container.execution.type are never used (the reasons follow when the trace has them).',
  ];

  const rule = `min(⌊memory-mb / ${settings.containerMemoryMb}⌋, ⌊vcores / ${settings.containerVcores}⌋)`;
  const container = `${settings.containerMemoryMb} MB and ${plural(settings.containerVcores, 'vcore')}`;
  const defaultNode = settings.containersGiven
    ? 'the containers option'
    : `SLS's default NodeManager: ${settings.nodeMemoryMb} MB and ${settings.nodeVcores} vcores in containers of ${container}`;
  if (input.topology !== undefined) {
    const topo = input.topology.tally;
    notes.push(
      `Cluster from the topology ${input.topology.file}: ${plural(nodes, 'node')} in ${plural(input.racks.length, 'rack')}, unified YARN containers per node = ${rule}: containers of ${container} that fit in both resources, as the Fair Scheduler and the dominant-resource calculator count them (a memory-only calculator could fit more on a node short of vcores).`,
    );
    const partial = topo.count(TOPOLOGY_SEEN.partialResources);
    if (partial > 0) {
      notes.push(
        `${plural(partial, 'node gives', 'nodes give')} only one of memory-mb and vcores${examples(topo, TOPOLOGY_SEEN.partialResources)}: the other is SLS's NodeManager default (${settings.nodeMemoryMb} MB, ${settings.nodeVcores} vcores).`,
      );
    }
    const bare = topo.count(TOPOLOGY_SEEN.noResources);
    if (bare > 0) {
      notes.push(
        `${plural(bare, 'node gives', 'nodes give')} neither memory-mb nor vcores${examples(topo, TOPOLOGY_SEEN.noResources)}: ${plural(settings.containers, 'container')} each (${defaultNode}).`,
      );
    }
    const labelled = topo.count(TOPOLOGY_SEEN.labels);
    if (labelled > 0) {
      notes.push(
        `Node labels are not used: ${plural(labelled, 'node has', 'nodes have')} labels${examples(topo, TOPOLOGY_SEEN.labels)}, but labels are not modelled and any node runs any task.`,
      );
    }
    for (const key of topo.keys().filter((k) => k.startsWith(UNUSED))) {
      const field = key.slice(UNUSED.length);
      notes.push(`Topology field ${field} not used (met ${plural(topo.count(key), 'time')}${examples(topo, key)}): ${unusedReason(field)}.`);
    }
    const missing = hosts.count(HOSTS_SEEN.notInTopology);
    if (missing > 0) {
      notes.push(
        `${plural(missing, 'host')} of the trace ${missing === 1 ? 'is' : 'are'} not in the topology${examples(hosts, HOSTS_SEEN.notInTopology)}: the topology is the cluster and no node is added; their tasks run wherever the scheduler puts them, since a host only says where a task ran before (SLS, too, may relax it).`,
      );
    }
    const moved = hosts.count(HOSTS_SEEN.otherRack);
    if (moved > 0) {
      notes.push(
        `${plural(moved, 'host')} of the trace ${moved === 1 ? 'is' : 'are'} in another rack than in the topology${examples(hosts, HOSTS_SEEN.otherRack)}: hosts are matched by name, the topology's racks kept.`,
      );
    }
  } else {
    notes.push(
      `No topology file: the cluster is the ${plural(nodes, 'host')} the tasks ran on, in ${plural(input.racks.length, 'rack')} named by their /rack/host paths, each with ${plural(settings.containers, 'unified container')} (${defaultNode}).`,
    );
    const rackless = jobs.count(SEEN.hostWithoutRack);
    if (rackless > 0) {
      notes.push(`${plural(rackless, 'task ran', 'tasks ran')} on a host that names no rack${examples(jobs, SEEN.hostWithoutRack)}: the host is put in rack ${DEFAULT_RACK}, Hadoop's default rack.`);
    }
    const twice = hosts.count(HOSTS_SEEN.twoRacks);
    if (twice > 0) {
      notes.push(`${plural(twice, 'task host is', 'task hosts are')} met under a second rack${examples(hosts, HOSTS_SEEN.twoRacks)}: each node kept in the rack it was first met in.`);
    }
  }

  if (input.hostPeak.hosts > 0) {
    notes.push(
      `The trace's ${plural(input.hostPeak.hosts, 'host')} with timed containers ran at most ${plural(input.hostPeak.highest, 'container')} at once on one host (a lower bound of what a host held; compare with the containers per node above).`,
    );
  }
  notes.push(
    "Reduces launch once every map of their job has finished (settings.slowStart 1): SLS's MapReduce application master requests them only then.",
    `Heartbeats every 1 s (settings.heartbeatInterval), SLS's NodeManager heartbeat default.`,
    // The shared notes are phrases; SLS notes are sentences.
    ...input.overheads.map((note) => `${note[0].toUpperCase()}${note.slice(1)}.`),
    settings.resources
      ? `A YARN resource cluster (the resources option): each node's memory-mb and vcores as its memory and vcores (the cluster lines above count containers of ${container} in them), every task in a container of ${container}, and each job's application master in a container of 1024 MB and 1 vcore for the job's life, as SLS gives it (YARN mode).`
      : "Application masters are not modelled: SLS gives each job's application master a container (1024 MB, 1 vcore) for the job's life; here every container runs tasks (the resources option models them).",
    "Each queue becomes a pool with default settings (weight 1, no minimum share, an equal share of capacity): a queue's settings are in the scheduler's configuration, not in the trace.",
  );

  const defaults: [string, (n: number) => string][] = [
    [SEEN.amTypeMissing, (n) => `${plural(n, 'job has', 'jobs have')} no am.type: read as mapreduce, SLS's default`],
    [SEEN.userMissing, (n) => `${plural(n, 'job has', 'jobs have')} no job.user: user 'default', as in SLS`],
    [SEEN.queueMissing, (n) => `${plural(n, 'job has', 'jobs have')} no job.queue.name: pool 'default', YARN's default queue`],
    [
      SEEN.jobCopies,
      (n) => `${plural(n, 'job has', 'jobs have')} job.count above 1: that many copies submitted together, with ids <job.id>-1, <job.id>-2, …`,
    ],
    [SEEN.jobCountBelowOne, (n) => `${plural(n, 'job has', 'jobs have')} job.count below 1: one job, as in SLS`],
    [SEEN.typeMissing, (n) => `${plural(n, 'task has', 'tasks have')} no container.type: maps, SLS's default`],
    [
      SEEN.durationField,
      (n) => `${plural(n, 'task gives', 'tasks give')} container.duration.ms or duration.ms: that is its duration (SLS's order: container.duration.ms, duration.ms, then end − start)`,
    ],
    [SEEN.taskRepeated, (n) => `${plural(n, 'task entry has', 'task entries have')} count above 1: repeated that many times, as in SLS`],
    [SEEN.taskCountBelowOne, (n) => `${plural(n, 'task entry has', 'task entries have')} count below 1: one task, as in SLS`],
    [
      SEEN.requestsDiffer,
      (n) =>
        `${plural(n, 'job has', 'jobs have')} maps, or reduces, asking for different containers (container.memory-mb, container.vcores): each of its maps and each of its reduces asks for the largest of them (a job asks for one container size per kind here)`,
    ],
  ];
  for (const [key, text] of defaults) {
    const n = jobs.count(key);
    if (n > 0) notes.push(`${text(n)}${examples(jobs, key).replace(' (e.g. ', ' (in jobs e.g. ')}.`);
  }
  for (const key of jobs.keys().filter((k) => k.startsWith(UNUSED))) {
    const field = key.slice(UNUSED.length);
    notes.push(`Trace field ${field} not used (met ${plural(jobs.count(key), 'time')}, in jobs e.g. ${jobs.examplesOf(key).join(', ')}): ${unusedReason(field)}.`);
  }
  if (input.skipped > 0) notes.push(`${plural(input.skipped, 'malformed job')} left out (listed in skipped).`);
  return notes;
}
