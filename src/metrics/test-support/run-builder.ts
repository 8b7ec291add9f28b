/**
 * Hand-built run records for the metrics tests: a tiny scenario and an
 * attempt table written as one object per row. Everything not given gets a
 * plain default (one split-slot node, speed 1, user `u`, weight 1). Nodes
 * with memory and vcores make a YARN resource cluster, whose jobs' containers
 * and ApplicationMasters are given as they are, already normalised.
 */
import {
  ATTEMPT_STATUSES,
  LOCALITIES,
  MapTasks,
  NO_JVM_STARTUP,
  NO_SPECULATION,
  NO_TASK_FAILURES,
  NO_VARIABILITY,
  NO_WRITES,
  TASK_KINDS,
  type AttemptStatus,
  type AttemptTable,
  type ClusterNode,
  type Job,
  type JobRecord,
  type JobStatus,
  type Locality,
  type AmContainerRecord,
  type NodeFailure,
  type Resources,
  type RunRecord,
  type Scenario,
  type TaskKind,
  type User,
} from '../../model/index.js';

export interface NodeSpec {
  rack?: string;
  /** Split slots; ignored when `containers` is given. */
  mapSlots?: number;
  reduceSlots?: number;
  /** Unified slots: this many containers shared by maps and reduces. */
  containers?: number;
  /** A resource node: its memory (bytes) and vcores; slots are then ignored. */
  memory?: number;
  vcores?: number;
  speed?: number;
}

export interface UserSpec {
  id: string;
  priority?: number;
  /** Min share as map + reduce slots; given as one number it is all map slots. */
  minShare?: number | { map: number; reduce: number };
}

export interface JobSpec {
  user?: string;
  /** `default` when not given. */
  pool?: string;
  weight?: number;
  submit: number;
  /** End time; with no status, a job with an end succeeded and one without is unfinished. */
  end?: number | null;
  status?: JobStatus;
  /** First launch of any of its tasks; null when not given. */
  firstStart?: number | null;
  /** Work of each map task (seconds at speed 1). */
  maps?: number[];
  /** Work of each reduce task. */
  reduces?: number[];
  /** On a resource cluster, the container of each map and of each reduce. */
  mapContainer?: Resources;
  reduceContainer?: Resources;
}

export interface AttemptRow {
  /** Index into the job list. */
  job: number;
  kind?: TaskKind;
  task?: number;
  attempt?: number;
  node?: number;
  start: number;
  end: number;
  status?: AttemptStatus;
  locality?: Locality;
  bytesIn?: number;
  networkBytes?: number;
  byteHops?: number;
}

export interface RunSpec {
  nodes?: NodeSpec[];
  /** Node failures (node index, time, recovery or null). */
  failures?: NodeFailure[];
  users?: UserSpec[];
  jobs: JobSpec[];
  attempts?: AttemptRow[];
  /** YARN mode with each ApplicationMaster's container of this size, held as `applicationMasters` says. */
  amContainer?: Resources;
  applicationMasters?: AmContainerRecord[];
}

export function buildRun(spec: RunSpec): RunRecord {
  const nodes = (spec.nodes ?? [{}]).map(buildNode);
  const users: User[] = (spec.users ?? []).map((u) => ({
    id: u.id,
    priority: u.priority ?? 1,
    minShare: typeof u.minShare === 'object' ? u.minShare : { map: u.minShare ?? 0, reduce: 0 },
  }));
  const jobs: Job[] = spec.jobs.map((j, i) => ({
    id: `j${i}`,
    user: j.user ?? 'u',
    pool: j.pool ?? 'default',
    submitTime: j.submit,
    weight: j.weight ?? 1,
    priority: 'NORMAL',
    maps: MapTasks.from((j.maps ?? []).map((work) => ({ inputBytes: 0, replicas: [], work, outputBytes: 0 }))),
    reduces: (j.reduces ?? []).map((work, _k, all) => ({ shuffleShare: 1 / all.length, work })),
    ...(j.mapContainer === undefined ? {} : { mapContainer: j.mapContainer }),
    ...(j.reduceContainer === undefined ? {} : { reduceContainer: j.reduceContainer }),
  }));
  const yarn = spec.amContainer === undefined ? null : { amMaxAttempts: 2, maxAmShare: 1, reduceRampUpLimit: 0.5, amContainer: spec.amContainer, minimumAllocation: { memory: 2 ** 30, vcores: 1 } };
  const scenario: Scenario = {
    name: 'test',
    description: '',
    cluster: { nodes, racks: [...new Set(nodes.map((n) => n.rack))], switches: [] },
    storage: { blockSize: 128 * 2 ** 20, replication: 3 },
    users,
    pools: [],
    jobs,
    settings: { heartbeatInterval: 3, outOfBandHeartbeat: true, slowStart: 0.05, parallelCopies: 5, network: 'max-min', writes: NO_WRITES, variability: NO_VARIABILITY, speculation: NO_SPECULATION, jvm: NO_JVM_STARTUP, trackerExpiry: 600, jobSetup: 0, jobCommit: 0, setupCleanupSlots: false, seed: 1, failures: spec.failures ?? [], taskFailures: NO_TASK_FAILURES, yarn },
    schedulerOptions: {},
  };
  const records: JobRecord[] = spec.jobs.map((j, i) => {
    const end = j.end ?? null;
    return {
      id: jobs[i].id,
      user: jobs[i].user,
      pool: jobs[i].pool,
      weight: jobs[i].weight,
      submit: j.submit,
      firstStart: j.firstStart ?? null,
      mapsDone: null,
      end,
      status: j.status ?? (end === null ? 'unfinished' : 'succeeded'),
      failure: null,
    };
  });
  const attempts = attemptTable(spec.attempts ?? []);
  let endTime = 0;
  for (let i = 0; i < attempts.count; i++) if (Number.isFinite(attempts.end[i])) endTime = Math.max(endTime, attempts.end[i]);
  for (const r of records) endTime = Math.max(endTime, r.end ?? r.submit);
  const masters = spec.applicationMasters === undefined ? {} : { applicationMasters: spec.applicationMasters };
  return { scenario, scheduler: 'test', seed: 1, attempts, jobs: records, endTime, events: 0, stalled: false, ...masters };
}

function buildNode(spec: NodeSpec, index: number): ClusterNode {
  if (spec.memory !== undefined || spec.vcores !== undefined) return resourceNode(spec, index);
  const unified = spec.containers !== undefined;
  const mapSlots = unified ? (spec.containers as number) : (spec.mapSlots ?? 1);
  const reduceSlots = unified ? (spec.containers as number) : (spec.reduceSlots ?? 1);
  return {
    id: `n${index}`,
    rack: spec.rack ?? 'r0',
    mapSlots,
    reduceSlots,
    totalSlots: unified ? mapSlots : mapSlots + reduceSlots,
    slotModel: unified ? 'unified' : 'split',
    memory: 0,
    vcores: 0,
    speed: spec.speed ?? 1,
    diskReadRate: 100e6,
    uplink: 'root',
    uplinkBandwidth: 125e6,
  };
}

/** A resource node counts as the unified slots of 1 GB and 1 vcore it holds, as the resolution counts them. */
function resourceNode(spec: NodeSpec, index: number): ClusterNode {
  const memory = spec.memory ?? 8 * 2 ** 30;
  const vcores = spec.vcores ?? 8;
  const slots = Math.min(Math.floor(memory / 2 ** 30), vcores);
  const plain = buildNode({ containers: slots, speed: spec.speed, rack: spec.rack }, index);
  return { ...plain, slotModel: 'resources', memory, vcores };
}

/** An attempt table from rows; rows keep their order. */
export function attemptTable(rows: readonly AttemptRow[]): AttemptTable {
  const n = rows.length;
  const table = {
    count: n,
    job: new Int32Array(n),
    task: new Int32Array(n),
    kind: new Uint8Array(n),
    attempt: new Int32Array(n),
    node: new Int32Array(n),
    start: new Float64Array(n),
    end: new Float64Array(n),
    status: new Uint8Array(n),
    locality: new Uint8Array(n),
    bytesIn: new Float64Array(n),
    networkBytes: new Float64Array(n),
    byteHops: new Float64Array(n),
  };
  rows.forEach((row, i) => {
    const kind = row.kind ?? 'map';
    table.job[i] = row.job;
    table.task[i] = row.task ?? 0;
    table.kind[i] = TASK_KINDS.indexOf(kind);
    table.attempt[i] = row.attempt ?? 0;
    table.node[i] = row.node ?? 0;
    table.start[i] = row.start;
    table.end[i] = row.end;
    table.status[i] = ATTEMPT_STATUSES.indexOf(row.status ?? 'succeeded');
    table.locality[i] = LOCALITIES.indexOf(row.locality ?? (kind === 'map' ? 'node' : 'none'));
    table.bytesIn[i] = row.bytesIn ?? 0;
    table.networkBytes[i] = row.networkBytes ?? 0;
    table.byteHops[i] = row.byteHops ?? 0;
  });
  return table;
}
