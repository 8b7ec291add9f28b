/**
 * What mrsched tells a scheduler process (docs/decision-protocol.md): the
 * run's configuration, the events of an instant, and the node offering its
 * free slots with what the policy port shows of the cluster and each active
 * job, its look-ups for that node included where they find a task to run
 * without consulting speculation (`findMap` at each locality level for a job
 * with pending maps, `findReduce` for a job with a runnable reduce), so that
 * a process need not keep Hadoop's task caches to launch what a built-in
 * policy would. The look-ups that consult speculation move its rules' state
 * (they cache by the run's state what depends on the clock too): they are
 * made only when the process asks (`process-policy.ts`), as a built-in
 * policy makes them only when it needs them. Plain JSON values: an infinite
 * number (a pool without a running-job limit) is sent as null.
 */
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type ClusterView, type JobView, type LocalityLevel, type NodeView, type SchedulerSetup, type TaskEnd } from '../../sched/index.js';
import type { TaskKind } from '../../model/run-record.js';

/** A message to the process, each answered by one line. */
export interface ProcessRequest {
  readonly type: string;
  readonly [field: string]: unknown;
}

/** One event of an instant, as sent. */
export type ProcessEvent = Readonly<Record<string, unknown>> & { readonly event: string };

const LOCALITY_NAMES = ['node', 'rack', 'off-rack'] as const;
const LEVELS: readonly LocalityLevel[] = [NODE_LOCAL, RACK_LOCAL, OFF_RACK];

/** The run's start: what a scheduler knows before its first job (`SchedulerSetup`), and its options. */
export function runMessage(setup: SchedulerSetup<Readonly<Record<string, unknown>>>): ProcessRequest {
  const { cluster, users, pools, settings, options } = setup;
  const nodes = cluster.nodes.map((node, index) => ({
    index,
    id: node.id,
    rack: node.rack,
    rackIndex: cluster.racks.indexOf(node.rack),
    mapSlots: node.mapSlots,
    reduceSlots: node.reduceSlots,
    totalSlots: node.totalSlots,
    slotModel: node.slotModel,
    memory: node.memory,
    vcores: node.vcores,
    speed: node.speed,
  }));
  return { type: 'run', name: setup.name, options, racks: cluster.racks, nodes, users, pools, settings };
}

export function jobSubmitted(job: JobView): ProcessEvent {
  const spec = job.spec;
  return {
    event: 'jobSubmitted',
    job: {
      index: job.index,
      id: spec.id,
      user: spec.user,
      pool: spec.pool,
      submitTime: spec.submitTime,
      weight: spec.weight,
      priority: spec.priority,
      priorityRank: job.priorityRank,
      mapCount: spec.mapCount,
      reduceCount: spec.reduceCount,
      maps: spec.maps,
      mapContainer: spec.mapContainer,
      reduceContainer: spec.reduceContainer,
    },
  };
}

export function taskStarted(job: JobView, kind: TaskKind, task: number, node: NodeView, locality: LocalityLevel | null): ProcessEvent {
  return { event: 'taskStarted', job: job.index, kind, task, node: node.index, locality: locality === null ? null : LOCALITY_NAMES[locality] };
}

export function taskEnded(end: TaskEnd): ProcessEvent {
  const { kind, task, attempt, start, duration, status } = end;
  return { event: 'taskEnded', job: end.job.index, kind, task, attempt, node: end.node.index, start, end: end.end, duration, status };
}

export function jobFinished(job: JobView): ProcessEvent {
  return { event: 'jobFinished', job: job.index };
}

export function nodeChanged(event: 'nodeFailed' | 'nodeRecovered', node: NodeView): ProcessEvent {
  return { event, node: node.index };
}

/** `node` offering its free slots at heartbeat number `heartbeat`, with the cluster and every active job as the port shows them now. */
export function offerMessage(time: number, events: readonly ProcessEvent[], heartbeat: number, node: NodeView, view: ClusterView): ProcessRequest {
  return {
    type: 'offer',
    time,
    events,
    heartbeat,
    node: {
      index: node.index,
      alive: node.alive,
      runningMaps: node.runningMaps,
      runningReduces: node.runningReduces,
      runningAMs: node.runningAMs,
      freeMapSlots: node.freeMapSlots,
      freeReduceSlots: node.freeReduceSlots,
      freeMemory: node.freeMemory,
      freeVcores: node.freeVcores,
    },
    cluster: {
      mapCapacity: view.mapCapacity,
      reduceCapacity: view.reduceCapacity,
      liveNodes: view.liveNodes,
      memoryCapacity: view.memoryCapacity,
      vcoreCapacity: view.vcoreCapacity,
      runnableMaps: view.runnableMaps,
      runnableReduces: view.runnableReduces,
      stateVersion: view.stateVersion,
    },
    jobs: view.activeJobs.map((job) => jobOnNode(job, node, view)),
  };
}

/** A job's progress, and what the port's look-ups would launch of it on `node`. */
function jobOnNode(job: JobView, node: NodeView, view: ClusterView): object {
  return {
    index: job.index,
    pendingMaps: job.pendingMaps,
    runningMaps: job.runningMaps,
    succeededMaps: job.succeededMaps,
    pendingReduces: job.pendingReduces,
    runningReduces: job.runningReduces,
    succeededReduces: job.succeededReduces,
    mayBackUpMap: job.mayBackUpMap,
    hasRunnableReduce: job.hasRunnableReduce,
    mayBackUpReduce: job.mayBackUpReduce,
    firstStart: job.firstStart,
    // With no map pending only off-rack finds one: a backup. Asking for one changes nothing in the run, so every answer is carried.
    findMap: job.pendingMaps > 0 ? LEVELS.map((level) => view.findMap(job, node, level)) : [-1, -1, view.findMap(job, node, OFF_RACK)],
    findReduce: view.findReduce(job, node),
  };
}

/** An instant's events, with or without a wake the process asked for. */
export function instantMessage(type: 'wake' | 'events', time: number, events: readonly ProcessEvent[]): ProcessRequest {
  return { type, time, events };
}
