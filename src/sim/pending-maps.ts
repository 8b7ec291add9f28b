/**
 * One job's pending map tasks indexed by where their input lives, as Hadoop's
 * JobInProgress keeps its non-running map cache: per node, per rack, and all.
 * Lists are stacks with lazy deletion: an entry whose task is no longer
 * pending is dropped when it reaches the top. Tasks enter in reverse order so
 * the lowest-numbered pending task comes out first.
 */
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type LocalityLevel } from './policy.js';

export class PendingMaps {
  private readonly byNode = new Map<number, number[]>();
  private readonly byRack = new Map<number, number[]>();
  private readonly all: number[] = [];
  /** Maps that read no input: local anywhere. */
  private readonly anywhere: number[] = [];
  /** Level of the task `find` returned last. */
  lastLevel: LocalityLevel = OFF_RACK;

  constructor(
    private readonly replicas: readonly (readonly number[])[],
    private readonly rackOf: Int32Array,
    private readonly isPending: (task: number) => boolean,
    /** Whether a replica's node is alive: rack entries may point at replicas lost since. */
    private readonly isAlive: (node: number) => boolean,
  ) {
    for (let task = replicas.length - 1; task >= 0; task--) this.add(task);
  }

  /** Forget every entry (the job has ended). */
  clear(): void {
    this.byNode.clear();
    this.byRack.clear();
    this.all.length = 0;
    this.anywhere.length = 0;
  }

  /** Index a task that has become pending. */
  add(task: number): void {
    if (this.replicas[task].length === 0) {
      this.anywhere.push(task);
      return;
    }
    this.all.push(task);
    const racks: number[] = [];
    for (const node of this.replicas[task]) {
      push(this.byNode, node, task);
      const rack = this.rackOf[node];
      if (!racks.includes(rack)) {
        racks.push(rack);
        push(this.byRack, rack, task);
      }
    }
  }

  /**
   * A pending task at the best level up to `maxLevel` for a node; -1 if none.
   * Sets `lastLevel`. A map without input counts as node-local everywhere.
   */
  find(node: number, maxLevel: LocalityLevel): number {
    let task = this.top(this.byNode.get(node), node, false);
    if (task < 0) task = this.top(this.anywhere, -1, false);
    if (task >= 0) {
      this.lastLevel = NODE_LOCAL;
      return task;
    }
    if (maxLevel === NODE_LOCAL) return -1;
    task = this.top(this.byRack.get(this.rackOf[node]), this.rackOf[node], true);
    if (task >= 0) {
      this.lastLevel = RACK_LOCAL;
      return task;
    }
    if (maxLevel === RACK_LOCAL) return -1;
    task = this.top(this.all, -1, false);
    if (task >= 0) this.lastLevel = OFF_RACK;
    return task;
  }

  private top(list: number[] | undefined, rack: number, checkRack: boolean): number {
    if (list === undefined) return -1;
    while (list.length > 0 && !this.isPending(list[list.length - 1])) list.pop();
    if (!checkRack) return list.length > 0 ? list[list.length - 1] : -1;
    // After a node failure a rack entry may have no live replica left in the rack: look past it.
    for (let i = list.length - 1; i >= 0; i--) {
      const task = list[i];
      if (this.isPending(task) && this.hasLiveReplicaIn(task, rack)) return task;
    }
    return -1;
  }

  private hasLiveReplicaIn(task: number, rack: number): boolean {
    for (const node of this.replicas[task]) if (this.rackOf[node] === rack && this.isAlive(node)) return true;
    return false;
  }
}

function push(map: Map<number, number[]>, key: number, task: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [task]);
  else list.push(task);
}
