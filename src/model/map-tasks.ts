/**
 * A job's map tasks in columns: one typed array per field, and the replicas
 * of every task in one array (task i's are `replicaNodes[replicaStart[i] ..
 * replicaStart[i + 1])`). A day of 16 million maps held as objects took about
 * 160 bytes of heap each and much of the collector's time; in columns they
 * take 40 bytes each, outside the heap (BENCHMARKS.md, "Memory").
 */

/** One map task as an object: how tests, explicit task lists and policies' views spell it. */
export interface MapTask {
  /** Bytes of the input split this map reads (0 for a map without input). */
  readonly inputBytes: number;
  /** Nodes (indices into cluster.nodes) holding a replica of the input block. */
  readonly replicas: readonly number[];
  /** Compute work, seconds at speed 1. */
  readonly work: number;
  /** Bytes of map output, partitioned among the job's reduces by their shuffle shares. */
  readonly outputBytes: number;
}

export class MapTasks implements Iterable<MapTask> {
  readonly length: number;

  constructor(
    /** Bytes of each input split (0 for a map without input). */
    readonly inputBytes: Float64Array,
    /** Compute work, seconds at speed 1. */
    readonly work: Float64Array,
    /** Bytes of map output, partitioned among the job's reduces by their shuffle shares. */
    readonly outputBytes: Float64Array,
    /** Where each task's replicas start in `replicaNodes`; one entry more than there are tasks. */
    readonly replicaStart: Int32Array,
    /** Node indices holding a replica of each task's input block, task after task. */
    readonly replicaNodes: Int32Array,
  ) {
    this.length = inputBytes.length;
  }

  /** Columns for tasks given one by one (tests, explicit task lists, resplit jobs). */
  static from(tasks: readonly MapTask[]): MapTasks {
    const n = tasks.length;
    const replicaStart = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) replicaStart[i + 1] = replicaStart[i] + tasks[i].replicas.length;
    const replicaNodes = new Int32Array(replicaStart[n]);
    const inputBytes = new Float64Array(n);
    const work = new Float64Array(n);
    const outputBytes = new Float64Array(n);
    tasks.forEach((task, i) => {
      inputBytes[i] = task.inputBytes;
      work[i] = task.work;
      outputBytes[i] = task.outputBytes;
      replicaNodes.set(task.replicas, replicaStart[i]);
    });
    return new MapTasks(inputBytes, work, outputBytes, replicaStart, replicaNodes);
  }

  /** The nodes holding task i's input: a view into the column, not a copy. */
  replicas(task: number): Int32Array {
    return this.replicaNodes.subarray(this.replicaStart[task], this.replicaStart[task + 1]);
  }

  replicaCount(task: number): number {
    return this.replicaStart[task + 1] - this.replicaStart[task];
  }

  /** Task i as an object (for code that is not on a hot path). */
  at(task: number): MapTask {
    return {
      inputBytes: this.inputBytes[task],
      replicas: Array.from(this.replicas(task)),
      work: this.work[task],
      outputBytes: this.outputBytes[task],
    };
  }

  /** Every task as an object. */
  toArray(): MapTask[] {
    return Array.from({ length: this.length }, (_, task) => this.at(task));
  }

  *[Symbol.iterator](): Iterator<MapTask> {
    for (let task = 0; task < this.length; task++) yield this.at(task);
  }

  /** Σ output bytes. */
  totalOutputBytes(): number {
    let sum = 0;
    for (let i = 0; i < this.length; i++) sum += this.outputBytes[i];
    return sum;
  }
}
