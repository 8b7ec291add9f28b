/**
 * The machines of a list schedule and the time each is free, built to answer
 * Algorithm 1's one question fast: on which machine does a task end first?
 * ("On the Optimality of Scheduling Dependent MapReduce Tasks on
 * Heterogeneous Machines", Aggarwal, Xu, Lan, Subramaniam, §III-C: the
 * machine i with the least max(free_i, ready) + size/s_i, ties to the lowest
 * i.)
 *
 * A scan over the machines costs O(M) per task; a simulated cluster has
 * thousands of slots and few distinct speeds. So machines are grouped by
 * speed (and by the kinds of task they run), each group keeps its free times
 * in a min segment tree, and a group's best machine is found by one descent:
 * the lowest-indexed machine free by `ready` (all of them end at ready +
 * size/s, the least in the group), else the lowest-indexed of those free
 * first. The task goes to the group whose best ends first, ties to the lower
 * index: O(G log M) for G groups, the same machine a scan picks, but where
 * two machines of one group end at the same time only once rounded: the
 * one free first, which truly ends first, where a scan of rounded ends
 * takes the lower index.
 *
 * Machines may be limited to one kind of task: a simulated node's map slots
 * run only maps and its reduce slots only reduces (the paper's machines run
 * both, as unified containers do).
 */
import type { TaskKind } from '../../model/run-record.js';

/** The tasks a machine runs. */
export type MachineKinds = 'map' | 'reduce' | 'both';

interface Group {
  readonly speed: number;
  readonly runs: MachineKinds;
  readonly runsMaps: boolean;
  readonly runsReduces: boolean;
  /** Machine indices, ascending. */
  readonly machines: number[];
  /** Leaves from `leaves` on: the free time of machines[k] at leaves + k (+∞ past the last); inner nodes the least of their two children. */
  tree: Float64Array;
  leaves: number;
}

export class MachinePool {
  private readonly groups: Group[] = [];
  private readonly groupOf: Int32Array;
  private readonly leafOf: Int32Array;

  /** `availableAt` defaults to 0 for every machine, `kinds` to both kinds. */
  constructor(speeds: ArrayLike<number>, availableAt?: ArrayLike<number>, kinds?: ArrayLike<MachineKinds>) {
    const count = speeds.length;
    if (kinds !== undefined && kinds.length !== count) throw new RangeError(`kinds has ${kinds.length} entries for ${count} machines`);
    this.groupOf = new Int32Array(count);
    this.leafOf = new Int32Array(count);
    const byKey = new Map<string, number>();
    for (let m = 0; m < count; m++) {
      const runs = kinds?.[m] ?? 'both';
      const key = `${speeds[m]}/${runs}`;
      let g = byKey.get(key);
      if (g === undefined) {
        g = this.groups.push({ speed: speeds[m], runs, runsMaps: runs !== 'reduce', runsReduces: runs !== 'map', machines: [], tree: new Float64Array(0), leaves: 0 }) - 1;
        byKey.set(key, g);
      }
      this.groupOf[m] = g;
      this.leafOf[m] = this.groups[g].machines.push(m) - 1;
    }
    for (const group of this.groups) {
      let leaves = 1;
      while (leaves < group.machines.length) leaves *= 2;
      group.leaves = leaves;
      group.tree = new Float64Array(2 * leaves).fill(Infinity);
    }
    this.reset(availableAt);
  }

  /** Sets every machine's free time at once (default 0), for a caller that plans again on the same machines. */
  reset(availableAt?: ArrayLike<number>): void {
    if (availableAt !== undefined && availableAt.length !== this.size) throw new RangeError(`availableAt has ${availableAt.length} times for ${this.size} machines`);
    for (let m = 0; m < this.size; m++) {
      const group = this.groups[this.groupOf[m]];
      group.tree[group.leaves + this.leafOf[m]] = availableAt?.[m] ?? 0;
    }
    for (const group of this.groups) for (let node = group.leaves - 1; node >= 1; node--) group.tree[node] = Math.min(group.tree[2 * node], group.tree[2 * node + 1]);
  }

  get size(): number {
    return this.groupOf.length;
  }

  /** The tasks `machine` runs. */
  runs(machine: number): MachineKinds {
    return this.groups[this.groupOf[machine]].runs;
  }

  freeAt(machine: number): number {
    const group = this.groups[this.groupOf[machine]];
    return group.tree[group.leaves + this.leafOf[machine]];
  }

  setFree(machine: number, time: number): void {
    const group = this.groups[this.groupOf[machine]];
    const tree = group.tree;
    const leaf = group.leaves + this.leafOf[machine];
    tree[leaf] = time;
    for (let node = leaf >> 1; node >= 1; node >>= 1) tree[node] = Math.min(tree[2 * node], tree[2 * node + 1]);
  }

  /**
   * The machine on which a task of `kind`, ready at `ready`, of `size` ends
   * first (ends at max(free, ready) + size/speed; ties: the lowest index);
   * −1 when no machine runs that kind.
   */
  earliestFinish(kind: TaskKind, ready: number, size: number): number {
    let best = -1;
    let bestEnd = Infinity;
    const isMap = kind === 'map';
    for (const group of this.groups) {
      if (!(isMap ? group.runsMaps : group.runsReduces)) continue;
      const least = group.tree[1];
      const start = least <= ready ? ready : least;
      const end = start + size / group.speed;
      if (end > bestEnd) continue;
      const machine = group.machines[this.leftmostAtMost(group, start)];
      if (end < bestEnd || machine < best) {
        best = machine;
        bestEnd = end;
      }
    }
    return best;
  }

  /** The first leaf (position in the group) whose free time is at most `time`; one must be. */
  private leftmostAtMost(group: Group, time: number): number {
    const tree = group.tree;
    let node = 1;
    while (node < group.leaves) node = tree[2 * node] <= time ? 2 * node : 2 * node + 1;
    return node - group.leaves;
  }
}
