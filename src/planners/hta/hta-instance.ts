/**
 * An instance of the task assignment problem of "Assigning Tasks for
 * Efficiency in Hadoop" (Fischer, Su, Yin, SPAA 2010): m tasks, n servers,
 * the placement ρ (each task's replica servers, at least one), the local cost
 * w_loc and the remote cost w_rem(r). Tasks and servers are numbered
 * 0 … m−1 and 0 … n−1; the placement graph is kept in compressed rows so a
 * million tasks cost a few typed arrays.
 */
import { InputError } from '../../util/input-error.js';
import { withoutLocation } from '../../input/problem-path.js';
import type { PathProblem } from '../../input/schema-problems.js';
import { remoteCostProblem, type RemoteCost } from './remote-cost.js';

export interface HtaInstance {
  readonly servers: readonly string[];
  readonly tasks: readonly string[];
  /** Replicas of task t: replicaServers[replicaStart[t] … replicaStart[t+1]−1], without repeats. */
  readonly replicaStart: Int32Array;
  readonly replicaServers: Int32Array;
  readonly wLoc: number;
  readonly wRem: RemoteCost;
}

/** An instance as people write it: ids, not indices. */
export interface HtaInstanceSpec {
  readonly servers: readonly string[];
  readonly tasks: readonly { readonly id: string; readonly replicas: readonly string[] }[];
  readonly wLoc: number;
  readonly wRem: RemoteCost;
}

/** Problems that span fields: unknown or repeated ids, a task without replicas, a remote cost that breaks the model. */
export function specProblems(spec: HtaInstanceSpec): PathProblem[] {
  const problems: PathProblem[] = [];
  if (spec.servers.length === 0) problems.push({ path: ['servers'], expected: 'at least one server', found: 'an empty list' });
  const servers = new Set<string>();
  spec.servers.forEach((id, i) => {
    if (servers.has(id)) problems.push({ path: ['servers', i], expected: 'a unique server id', found: `'${id}' again` });
    servers.add(id);
  });
  const tasks = new Set<string>();
  spec.tasks.forEach((task, i) => {
    if (tasks.has(task.id)) problems.push({ path: ['tasks', i, 'id'], expected: 'a unique task id', found: `'${task.id}' again` });
    tasks.add(task.id);
    if (task.replicas.length === 0) {
      problems.push({ path: ['tasks', i, 'replicas'], expected: 'at least one replica server (the model needs every task stored somewhere)', found: 'an empty list' });
    }
    const seen = new Set<string>();
    task.replicas.forEach((server, j) => {
      if (!servers.has(server)) problems.push({ path: ['tasks', i, 'replicas', j], expected: 'a server listed in servers', found: `'${server}'` });
      else if (seen.has(server)) problems.push({ path: ['tasks', i, 'replicas', j], expected: 'each replica server once', found: `'${server}' again` });
      seen.add(server);
    });
  });
  const cost = remoteCostProblem(spec.wRem, spec.wLoc);
  if (cost !== undefined) problems.push({ path: ['wRem'], ...cost });
  return problems;
}

/** The instance a spec describes; an InputError naming `source` for every problem. */
export function htaInstance(spec: HtaInstanceSpec, source = 'instance'): HtaInstance {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new InputError(source, problems.map(withoutLocation));
  const serverIndex = new Map(spec.servers.map((id, i) => [id, i]));
  const replicaStart = new Int32Array(spec.tasks.length + 1);
  spec.tasks.forEach((task, t) => (replicaStart[t + 1] = replicaStart[t] + task.replicas.length));
  const replicaServers = new Int32Array(replicaStart[spec.tasks.length]);
  spec.tasks.forEach((task, t) => task.replicas.forEach((id, j) => (replicaServers[replicaStart[t] + j] = serverIndex.get(id) ?? -1)));
  return { servers: [...spec.servers], tasks: spec.tasks.map((task) => task.id), replicaStart, replicaServers, wLoc: spec.wLoc, wRem: spec.wRem };
}

/**
 * An instance from compressed replica rows of server indices, with ids s0, s1,
 * … and t0, t1, … (generators use this; it skips the id lookups of a spec).
 */
export function indexedInstance(serverCount: number, replicaStart: Int32Array, replicaServers: Int32Array, wLoc: number, wRem: RemoteCost): HtaInstance {
  const m = replicaStart.length - 1;
  for (let t = 0; t < m; t++) {
    if (replicaStart[t + 1] <= replicaStart[t]) throw new RangeError(`task ${t} has no replica`);
  }
  for (const s of replicaServers) if (s < 0 || s >= serverCount) throw new RangeError(`replica server ${s} outside 0…${serverCount - 1}`);
  const cost = remoteCostProblem(wRem, wLoc);
  if (cost !== undefined) throw new RangeError(`wRem: expected ${cost.expected}, found ${cost.found}`);
  return {
    servers: Array.from({ length: serverCount }, (_, i) => `s${i}`),
    tasks: Array.from({ length: m }, (_, t) => `t${t}`),
    replicaStart,
    replicaServers,
    wLoc,
    wRem,
  };
}

/** Compressed rows from one list of server indices per task. */
export function replicaRows(replicas: readonly (readonly number[])[]): { replicaStart: Int32Array; replicaServers: Int32Array } {
  const replicaStart = new Int32Array(replicas.length + 1);
  replicas.forEach((list, t) => (replicaStart[t + 1] = replicaStart[t] + list.length));
  const replicaServers = new Int32Array(replicaStart[replicas.length]);
  replicas.forEach((list, t) => replicaServers.set(list, replicaStart[t]));
  return { replicaStart, replicaServers };
}

/** The placement graph from the servers' side: tasks local to server s are tasks[start[s] … start[s+1]−1], by task index. */
export interface ServerTasks {
  readonly start: Int32Array;
  readonly tasks: Int32Array;
}

export function serverTasks(instance: HtaInstance): ServerTasks {
  const n = instance.servers.length;
  const m = instance.tasks.length;
  const start = new Int32Array(n + 1);
  for (const s of instance.replicaServers) start[s + 1]++;
  for (let s = 0; s < n; s++) start[s + 1] += start[s];
  const fill = start.slice(0, n);
  const tasks = new Int32Array(instance.replicaServers.length);
  for (let t = 0; t < m; t++) {
    for (let e = instance.replicaStart[t]; e < instance.replicaStart[t + 1]; e++) tasks[fill[instance.replicaServers[e]]++] = t;
  }
  return { start, tasks };
}

export function isLocal(instance: HtaInstance, task: number, server: number): boolean {
  for (let e = instance.replicaStart[task]; e < instance.replicaStart[task + 1]; e++) if (instance.replicaServers[e] === server) return true;
  return false;
}
