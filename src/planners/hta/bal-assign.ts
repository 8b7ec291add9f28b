/**
 * bal-assign of Algorithm 2 in "Assigning Tasks for Efficiency in Hadoop"
 * (Fischer, Su, Yin, SPAA 2010): complete a partial assignment α of local
 * tasks. The remote cost is frozen at w^α_rem = w_rem(u^α) (every uncovered
 * task counted as remote); then, until all tasks are placed, the server with
 * the least virtual load (ties: lowest number) receives an unassigned task,
 * costing w_loc if the task is local to it and w^α_rem otherwise.
 *
 * The paper lets the task be any unassigned one. We take a local task when the
 * server has one (its lowest-numbered), since that costs less. When it has
 * none, the server receives a remote slot that is filled at the end, in task
 * order, with the tasks no server took locally. That is a valid choice of
 * "any unassigned task" (each slot's task was unassigned at the slot's step,
 * and is remote to that server, or the server would have taken it locally),
 * and it means a remote step needs no search.
 */
import type { HtaInstance, ServerTasks } from './hta-instance.js';
import { loadsFromCounts, type AssignmentLoads } from './assignment-loads.js';
import { remoteCostAt } from './remote-cost.js';

export interface BalancedAssignment extends AssignmentLoads {
  /** V^B: the largest virtual load (w^α_rem for every remote task). */
  readonly virtualMaxLoad: number;
}

/** Scratch arrays sized once and reused for every τ. */
export class BalAssigner {
  private readonly taken: Uint8Array;
  private readonly next: Int32Array;
  private readonly localCount: Int32Array;
  private readonly remoteCount: Int32Array;
  private readonly heap: Int32Array;
  private readonly key: Float64Array;
  private readonly slots: Int32Array;

  constructor(
    private readonly instance: HtaInstance,
    private readonly local: ServerTasks,
  ) {
    const n = instance.servers.length;
    this.taken = new Uint8Array(instance.tasks.length);
    this.next = new Int32Array(n);
    this.localCount = new Int32Array(n);
    this.remoteCount = new Int32Array(n);
    this.heap = new Int32Array(n);
    this.key = new Float64Array(n);
    this.slots = new Int32Array(instance.tasks.length);
  }

  /**
   * B from α (each task's local server or −1). With `assignment`, also writes
   * each task's server there; without it, only counts (enough to compare τ).
   */
  run(alpha: Int32Array, assignment?: Int32Array): BalancedAssignment {
    const { instance, local, taken, next, localCount, remoteCount, heap, key, slots } = this;
    const n = instance.servers.length;
    const m = instance.tasks.length;
    const wLoc = instance.wLoc;
    localCount.fill(0);
    remoteCount.fill(0);
    let unassigned = 0;
    for (let t = 0; t < m; t++) {
      const s = alpha[t];
      taken[t] = s >= 0 ? 1 : 0;
      if (s >= 0) localCount[s]++;
      else unassigned++;
      if (assignment !== undefined) assignment[t] = s;
    }
    const wVirtual = remoteCostAt(instance.wRem, unassigned);
    for (let s = 0; s < n; s++) {
      next[s] = local.start[s];
      key[s] = localCount[s] * wLoc;
      heap[s] = s;
    }
    for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(heap, key, n, i);
    let slotCount = 0;
    for (let left = unassigned; left > 0; left--) {
      const s = heap[0];
      let at = next[s];
      const end = local.start[s + 1];
      while (at < end && taken[local.tasks[at]] === 1) at++;
      next[s] = at;
      if (at < end) {
        const t = local.tasks[at];
        taken[t] = 1;
        localCount[s]++;
        key[s] += wLoc;
        if (assignment !== undefined) assignment[t] = s;
      } else {
        remoteCount[s]++;
        key[s] += wVirtual;
        slots[slotCount++] = s;
      }
      siftDown(heap, key, n, 0);
    }
    let virtualMaxLoad = 0;
    for (let s = 0; s < n; s++) virtualMaxLoad = Math.max(virtualMaxLoad, key[s]);
    if (assignment !== undefined) {
      let slot = 0;
      for (let t = 0; t < m; t++) if (taken[t] === 0) assignment[t] = slots[slot++];
    }
    return { ...loadsFromCounts(instance, localCount, remoteCount), virtualMaxLoad };
  }
}

/** Restores the heap below i, ordered by (key, server number). */
function siftDown(heap: Int32Array, key: Float64Array, size: number, i: number): void {
  const item = heap[i];
  const itemKey = key[item];
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    const right = child + 1;
    if (right < size && before(heap[right], heap[child], key)) child = right;
    const c = heap[child];
    if (key[c] > itemKey || (key[c] === itemKey && c > item)) break;
    heap[i] = c;
    i = child;
  }
  heap[i] = item;
}

function before(a: number, b: number, key: Float64Array): boolean {
  return key[a] < key[b] || (key[a] === key[b] && a < b);
}
