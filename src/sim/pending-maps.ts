/**
 * One job's pending map tasks indexed by where their input lives, as Hadoop's
 * JobInProgress keeps its non-running map cache: per node, per rack, and all.
 *
 * Built when the job is submitted, per node (and per rack at the first
 * rack-level query) as one compressed table — the tasks of place p are
 * tasks[start[p] .. start[p + 1]), in ascending order — with a cursor per
 * place that moves past tasks no longer pending (the cursors never move
 * back). Tasks that become pending again (their node failed, or their output
 * was lost) go to a short `again` list instead, looked at first. Within a place, the lowest-numbered pending task comes out first.
 *
 * Replicas copied in during the run (`added-replicas.ts`) count as the
 * scenario's do, from the end of their copy: a lookup takes the lower of
 * the first task in a place's table and the first with a new replica there.
 *
 * A task that has failed (`failures` above 0) is looked for only in the
 * `failed` list, ahead of every other at any locality: Hadoop 1's
 * findNewMapTask schedules "the task with the most failures, unless failure
 * was on this machine" first, bypassing the caches; YARN's AM asks for
 * failed maps at a higher priority, on any node.
 */
import type { MapTasks } from '../model/map-tasks.js';
import { AddedReplicas } from './added-replicas.js';
import type { ArrayPool } from './array-pool.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type LocalityLevel } from './policy.js';

/** The tasks of each place (node or rack), and how far each place's pending search has got. */
interface PlaceTable {
  readonly start: Int32Array;
  readonly tasks: Int32Array;
  readonly cursor: Int32Array;
}

const NO_ARRIVALS: readonly number[] = [];

const EMPTY_TABLE: PlaceTable = { start: new Int32Array(1), tasks: new Int32Array(0), cursor: new Int32Array(0) };

export class PendingMaps {
  private byNode: PlaceTable;
  /** Built at the first rack-level query: many jobs never need it. */
  private byRack: PlaceTable | null = null;
  /** Next task to look at when any task will do. */
  private anyCursor = 0;
  /** Next position in `inputless` (maps that read no input: local anywhere). */
  private inputlessCursor = 0;
  private inputless: Int32Array;
  /** Tasks pending again after having run; few, and looked at first. */
  private readonly again: number[] = [];
  /** Tasks pending again after a failure; fewer, and looked at before any other. */
  private readonly failed: number[] = [];
  /** Replicas copied in during the run; null until the first (most jobs never get one). */
  private added: AddedReplicas | null = null;

  constructor(
    private readonly maps: MapTasks,
    private readonly rackOf: Int32Array,
    private readonly rackCount: number,
    private readonly isPending: (task: number) => boolean,
    /** Whether a replica's node is alive: rack entries may point at replicas lost since. */
    private readonly isAlive: (node: number) => boolean,
    /** Where the tables' starts and cursors come from, and go back to at `clear`. */
    private readonly arrays: ArrayPool,
    /** How many times each task has failed. */
    private readonly failures: Uint8Array,
    /** Whether a task that failed is not to run on a node again (it failed there). */
    private readonly avoids: (task: number, node: number) => boolean,
  ) {
    let inputless = 0;
    for (let task = 0; task < maps.length; task++) if (maps.replicaCount(task) === 0) inputless++;
    this.inputless = new Int32Array(inputless);
    inputless = 0;
    for (let task = 0; task < maps.length; task++) {
      if (maps.replicaCount(task) === 0) this.inputless[inputless++] = task;
    }
    this.byNode = tableByPlace(maps, rackOf.length, (node) => node, arrays);
  }

  /** A task that ran has become pending again. */
  add(task: number): void {
    if (this.failures[task] > 0) this.addFailed(task);
    else this.again.push(task);
  }

  /** A task has failed, and is pending again. */
  addFailed(task: number): void {
    if (!this.failed.includes(task)) this.failed.push(task);
  }

  /** A copy of `task`'s input block onto `node` has ended: the map is local there from now. */
  replicaAdded(task: number, node: number): void {
    this.added ??= new AddedReplicas(this.rackOf, this.isPending);
    this.added.add(task, node);
  }

  /** The nodes `task`'s input was copied to during the run, or undefined if none. */
  addedReplicas(task: number): readonly number[] | undefined {
    return this.added?.of(task);
  }

  /** The task of each copy ended so far, in order (one entry per replica added). */
  replicaArrivals(): readonly number[] {
    return this.added?.arrivals ?? NO_ARRIVALS;
  }

  /** Forget everything (the job has ended). */
  clear(): void {
    for (const table of [this.byNode, this.byRack]) {
      if (table === null || table === EMPTY_TABLE) continue;
      this.arrays.give(table.start);
      this.arrays.give(table.cursor);
    }
    this.byNode = EMPTY_TABLE;
    this.byRack = null;
    this.inputless = new Int32Array(0);
    this.again.length = 0;
    this.failed.length = 0;
    this.added = null;
  }

  /**
   * A pending task at the best level up to `maxLevel` for a node; -1 if none.
   * A map without input counts as node-local everywhere.
   */
  find(node: number, maxLevel: LocalityLevel): number {
    if (this.failed.length > 0) {
      const failed = this.findFailed(node);
      if (failed >= 0) return failed;
    }
    // A task pending again competes at its own level, ahead of the others there.
    const again = this.again.length > 0 ? this.findAgain(node, maxLevel) : -1;
    const againLevel = again >= 0 ? this.levelOf(again, node) : OFF_RACK;
    if (again >= 0 && againLevel === NODE_LOCAL) return again;
    let task = this.firstIn(this.byNode, node, -1);
    if (this.added !== null) task = lowest(task, this.added.firstOn(node, this.neverFailed));
    if (task < 0) task = this.firstInputless();
    if (task >= 0) return task;
    if (again >= 0 && againLevel === RACK_LOCAL) return again;
    if (maxLevel === NODE_LOCAL) return -1;
    const rack = this.rackOf[node];
    // A rack twice for one task is harmless.
    this.byRack ??= tableByPlace(this.maps, this.rackCount, (node) => this.rackOf[node], this.arrays);
    task = this.firstIn(this.byRack, rack, rack);
    if (this.added !== null) task = lowest(task, this.added.firstIn(rack, (added) => this.failures[added] === 0 && this.hasLiveReplicaIn(added, rack)));
    if (task >= 0) return task;
    if (again >= 0) return again;
    if (maxLevel === RACK_LOCAL) return -1;
    while (this.anyCursor < this.maps.length && !this.isPending(this.anyCursor)) this.anyCursor++;
    for (let task = this.anyCursor; task < this.maps.length; task++) if (this.isPending(task) && this.failures[task] === 0) return task;
    return -1;
  }

  private readonly neverFailed = (task: number): boolean => this.failures[task] === 0;

  /**
   * The first pending task of `place` in `table`; with `rack` ≥ 0, only one
   * with a live replica in that rack. The cursor moves past tasks that are
   * not pending, never past pending ones.
   */
  private firstIn(table: PlaceTable, place: number, rack: number): number {
    if (table === EMPTY_TABLE) return -1;
    const { tasks, cursor } = table;
    const end = table.start[place + 1];
    let at = cursor[place];
    while (at < end && !this.isPending(tasks[at])) at++;
    cursor[place] = at;
    for (; at < end; at++) {
      const task = tasks[at];
      if (this.isPending(task) && this.failures[task] === 0 && (rack < 0 || this.hasLiveReplicaIn(task, rack))) return task;
    }
    return -1;
  }

  private firstInputless(): number {
    while (this.inputlessCursor < this.inputless.length && !this.isPending(this.inputless[this.inputlessCursor])) {
      this.inputlessCursor++;
    }
    // A task that failed is looked for in `failed` only.
    for (let at = this.inputlessCursor; at < this.inputless.length; at++) {
      const task = this.inputless[at];
      if (this.isPending(task) && this.failures[task] === 0) return task;
    }
    return -1;
  }

  /** The failed task with the most failures (the lowest-numbered of those) not to be avoided on `node`, dropping entries no longer pending. */
  private findFailed(node: number): number {
    let best = -1;
    for (let i = this.failed.length - 1; i >= 0; i--) {
      const task = this.failed[i];
      if (!this.isPending(task)) {
        this.failed.splice(i, 1);
        continue;
      }
      if (this.avoids(task, node)) continue;
      if (best < 0 || this.failures[task] > this.failures[best] || (this.failures[task] === this.failures[best] && task < best)) best = task;
    }
    return best;
  }

  /** The best task of the `again` list for the node, dropping entries no longer pending. */
  private findAgain(node: number, maxLevel: LocalityLevel): number {
    let best = -1;
    let bestLevel: LocalityLevel = OFF_RACK;
    for (let i = this.again.length - 1; i >= 0; i--) {
      const task = this.again[i];
      if (!this.isPending(task)) {
        this.again.splice(i, 1);
        continue;
      }
      const level = this.levelOf(task, node);
      if (level <= maxLevel && (best < 0 || level < bestLevel || (level === bestLevel && task < best))) {
        best = task;
        bestLevel = level;
      }
    }
    return best;
  }

  /** The locality a pending task would have on a node. */
  levelOf(task: number, node: number): LocalityLevel {
    const { replicaStart, replicaNodes } = this.maps;
    const from = replicaStart[task];
    const to = replicaStart[task + 1];
    if (from === to) return NODE_LOCAL;
    for (let i = from; i < to; i++) if (replicaNodes[i] === node) return NODE_LOCAL;
    if (this.added?.of(task)?.includes(node) === true) return NODE_LOCAL;
    return this.hasLiveReplicaIn(task, this.rackOf[node]) ? RACK_LOCAL : OFF_RACK;
  }

  private hasLiveReplicaIn(task: number, rack: number): boolean {
    const { replicaStart, replicaNodes } = this.maps;
    for (let i = replicaStart[task]; i < replicaStart[task + 1]; i++) {
      if (this.rackOf[replicaNodes[i]] === rack && this.isAlive(replicaNodes[i])) return true;
    }
    const added = this.added?.of(task);
    return added !== undefined && added.some((node) => this.rackOf[node] === rack && this.isAlive(node));
  }
}

/** The lower of two tasks found, either of which may be -1 (none). */
function lowest(a: number, b: number): number {
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
}

/**
 * The tasks of each place for every replica: a stable counting sort by place,
 * so tasks stay in ascending order within a place. A place listed twice for
 * one task (two replicas in one rack) is harmless. The starts and the
 * cursors, `places + 1` long, come from `arrays`.
 */
function tableByPlace(maps: MapTasks, places: number, placeOf: (node: number) => number, arrays: ArrayPool): PlaceTable {
  const { replicaStart, replicaNodes } = maps;
  const start = arrays.ints(places + 1);
  for (let i = 0; i < replicaNodes.length; i++) start[placeOf(replicaNodes[i]) + 1]++;
  for (let place = 0; place < places; place++) start[place + 1] += start[place];
  const cursor = arrays.ints(places + 1);
  cursor.set(start.subarray(0, places));
  const tasks = new Int32Array(replicaNodes.length);
  for (let task = 0; task < maps.length; task++) {
    for (let i = replicaStart[task]; i < replicaStart[task + 1]; i++) tasks[cursor[placeOf(replicaNodes[i])]++] = task;
  }
  cursor.set(start.subarray(0, places));
  return { start, tasks, cursor };
}
