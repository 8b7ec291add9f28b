/**
 * The replicas a job's map inputs gained during the run (a policy's
 * `Decisions.replicate`, copied by `block-copies.ts`), beside those the
 * scenario placed: each task's new nodes in the order their copies ended,
 * and for the pending maps' lookups (`pending-maps.ts`) the tasks with a new
 * replica on each node and in each rack, ascending. A task is listed by
 * place only if it was pending when its copy ended, and dropped from those
 * lists once a lookup finds it no longer pending: a map that becomes pending
 * again is looked up by its replicas, as every such map is.
 */
export class AddedReplicas {
  /** The task of each copy ended, in order. */
  readonly arrivals: number[] = [];
  private readonly byTask = new Map<number, number[]>();
  private readonly onNode = new Map<number, number[]>();
  private readonly inRack = new Map<number, number[]>();

  constructor(
    private readonly rackOf: Int32Array,
    private readonly isPending: (task: number) => boolean,
  ) {}

  /** The nodes `task`'s input was copied to, or undefined if none. */
  of(task: number): readonly number[] | undefined {
    return this.byTask.get(task);
  }

  /** A copy of `task`'s input block onto `node` has ended. */
  add(task: number, node: number): void {
    this.arrivals.push(task);
    const nodes = this.byTask.get(task);
    if (nodes === undefined) this.byTask.set(task, [node]);
    else nodes.push(node);
    if (!this.isPending(task)) return;
    insertSorted(this.onNode, node, task);
    insertSorted(this.inRack, this.rackOf[node], task);
  }

  /** The lowest pending task with a new replica on `node` that `accepts` takes; -1 if none. */
  firstOn(node: number, accepts: (task: number) => boolean): number {
    return this.firstListed(this.onNode.get(node), accepts);
  }

  /** The lowest pending task with a new replica in `rack` that `accepts` takes; -1 if none. */
  firstIn(rack: number, accepts: (task: number) => boolean): number {
    return this.firstListed(this.inRack.get(rack), accepts);
  }

  private firstListed(tasks: number[] | undefined, accepts: (task: number) => boolean): number {
    if (tasks === undefined) return -1;
    for (let at = 0; at < tasks.length; ) {
      const task = tasks[at];
      if (!this.isPending(task)) {
        tasks.splice(at, 1);
        continue;
      }
      if (accepts(task)) return task;
      at++;
    }
    return -1;
  }
}

/** Lists `task` under `place`, keeping the list ascending and without repeats. */
function insertSorted(lists: Map<number, number[]>, place: number, task: number): void {
  const tasks = lists.get(place);
  if (tasks === undefined) {
    lists.set(place, [task]);
    return;
  }
  let at = tasks.length;
  while (at > 0 && tasks[at - 1] > task) at--;
  if (at > 0 && tasks[at - 1] === task) return;
  tasks.splice(at, 0, task);
}
