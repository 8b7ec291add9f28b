/**
 * Maximum flow by Dinic's algorithm (BFS level graph, blocking flow by
 * iterative DFS with current-arc pointers) on typed arrays.
 *
 * The network keeps its flow between calls: raising a capacity with
 * `setCapacity` and calling `maxFlow` again augments from the current flow
 * instead of starting over. The HTA max-cover step relies on this (the
 * previous τ's flow stays feasible when server capacities grow).
 */

/** Arcs of a network before it is laid out; `build` turns them into a FlowNetwork. */
export class FlowNetworkBuilder {
  private from: Int32Array;
  private to: Int32Array;
  private capacity: Float64Array;
  private count = 0;

  constructor(
    readonly nodeCount: number,
    expectedArcs = 16,
  ) {
    const size = Math.max(1, expectedArcs);
    this.from = new Int32Array(size);
    this.to = new Int32Array(size);
    this.capacity = new Float64Array(size);
  }

  /** Adds the arc from → to and returns its index (the index `setCapacity` and `flowOn` take). */
  addArc(from: number, to: number, capacity: number): number {
    if (from < 0 || from >= this.nodeCount || to < 0 || to >= this.nodeCount) {
      throw new RangeError(`arc ${from}→${to} outside the ${this.nodeCount} nodes`);
    }
    if (!(capacity >= 0 && capacity < Infinity)) throw new RangeError(`arc ${from}→${to}: capacity ${capacity} is not a finite number ≥ 0`);
    if (this.count === this.from.length) this.grow();
    this.from[this.count] = from;
    this.to[this.count] = to;
    this.capacity[this.count] = capacity;
    return this.count++;
  }

  build(): FlowNetwork {
    return new FlowNetwork(this.nodeCount, this.from.subarray(0, this.count), this.to.subarray(0, this.count), this.capacity.subarray(0, this.count));
  }

  private grow(): void {
    const size = this.from.length * 2;
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    const capacity = new Float64Array(size);
    from.set(this.from);
    to.set(this.to);
    capacity.set(this.capacity);
    this.from = from;
    this.to = to;
    this.capacity = capacity;
  }
}

/**
 * A network laid out in compressed rows: the residual arcs leaving node v are
 * first[v] … first[v+1]−1; every added arc has a paired reverse arc.
 */
export class FlowNetwork {
  private readonly first: Int32Array;
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly reverse: Int32Array;
  private readonly residual: Float64Array;
  private readonly capacityOf: Float64Array;
  /** Residual position of each added arc, by the index addArc returned. */
  private readonly position: Int32Array;
  private readonly level: Int32Array;
  private readonly current: Int32Array;
  private readonly queue: Int32Array;
  private readonly path: Int32Array;
  private total = 0;

  constructor(
    readonly nodeCount: number,
    from: Int32Array,
    to: Int32Array,
    capacity: Float64Array,
  ) {
    const arcs = from.length;
    this.first = new Int32Array(nodeCount + 1);
    for (let a = 0; a < arcs; a++) {
      this.first[from[a] + 1]++;
      this.first[to[a] + 1]++;
    }
    for (let v = 0; v < nodeCount; v++) this.first[v + 1] += this.first[v];
    const fill = this.first.slice(0, nodeCount);
    this.head = new Int32Array(2 * arcs);
    this.tail = new Int32Array(2 * arcs);
    this.reverse = new Int32Array(2 * arcs);
    this.residual = new Float64Array(2 * arcs);
    this.capacityOf = new Float64Array(2 * arcs);
    this.position = new Int32Array(arcs);
    for (let a = 0; a < arcs; a++) {
      const forward = fill[from[a]]++;
      const backward = fill[to[a]]++;
      this.head[forward] = to[a];
      this.tail[forward] = from[a];
      this.head[backward] = from[a];
      this.tail[backward] = to[a];
      this.reverse[forward] = backward;
      this.reverse[backward] = forward;
      this.residual[forward] = capacity[a];
      this.capacityOf[forward] = capacity[a];
      this.position[a] = forward;
    }
    this.level = new Int32Array(nodeCount);
    this.current = new Int32Array(nodeCount);
    this.queue = new Int32Array(nodeCount);
    this.path = new Int32Array(nodeCount);
  }

  /** The flow value sent by every maxFlow call so far. */
  get value(): number {
    return this.total;
  }

  /** Flow on an added arc. */
  flowOn(arc: number): number {
    const at = this.position[arc];
    return this.capacityOf[at] - this.residual[at];
  }

  capacity(arc: number): number {
    return this.capacityOf[this.position[arc]];
  }

  /** Sets an arc's capacity; it may not drop below the flow already on it. */
  setCapacity(arc: number, capacity: number): void {
    const at = this.position[arc];
    const flow = this.capacityOf[at] - this.residual[at];
    if (!(capacity >= flow && capacity < Infinity)) throw new RangeError(`arc ${arc}: capacity ${capacity} is not finite or is below its flow ${flow}`);
    this.capacityOf[at] = capacity;
    this.residual[at] = capacity - flow;
  }

  /** Augments the current flow to a maximum flow from source to sink; returns the flow added. */
  maxFlow(source: number, sink: number): number {
    if (source === sink) throw new RangeError('source and sink are the same node');
    // A flow that fills every arc out of the source or into the sink is maximum: no search needed to prove it.
    const bound = Math.min(this.capacityAround(source, 'out'), this.capacityAround(sink, 'in'));
    let added = 0;
    while (this.total + added < bound && this.buildLevels(source, sink)) added += this.blockingFlow(source, sink);
    this.total += added;
    return added;
  }

  /** Capacity of the added arcs leaving (out) or entering (in) node v. */
  private capacityAround(v: number, direction: 'out' | 'in'): number {
    let sum = 0;
    for (let a = this.first[v]; a < this.first[v + 1]; a++) {
      sum += direction === 'out' ? this.capacityOf[a] : this.capacityOf[this.reverse[a]];
    }
    return sum;
  }

  /**
   * The source side of a minimum cut: nodes reachable from the source in the
   * residual network (1) or not (0). After maxFlow, the capacity of the arcs
   * leaving this set equals the flow value (max-flow = min-cut).
   */
  minCutSide(source: number): Uint8Array {
    const side = new Uint8Array(this.nodeCount);
    const queue = this.queue;
    let read = 0;
    let write = 0;
    queue[write++] = source;
    side[source] = 1;
    while (read < write) {
      const v = queue[read++];
      for (let a = this.first[v]; a < this.first[v + 1]; a++) {
        const w = this.head[a];
        if (side[w] === 0 && this.residual[a] > 0) {
          side[w] = 1;
          queue[write++] = w;
        }
      }
    }
    return side;
  }

  /** Total capacity of the added arcs leaving `side` (1) for the rest (0). */
  cutCapacity(side: Uint8Array): number {
    let sum = 0;
    for (let a = 0; a < this.position.length; a++) {
      const at = this.position[a];
      if (side[this.tail[at]] === 1 && side[this.head[at]] === 0) sum += this.capacityOf[at];
    }
    return sum;
  }

  /** BFS levels from the source; expansion stops at the sink's level, which is all the blocking flow uses. */
  private buildLevels(source: number, sink: number): boolean {
    const { level, queue, first, head, residual } = this;
    level.fill(-1);
    level[source] = 0;
    let read = 0;
    let write = 0;
    queue[write++] = source;
    while (read < write) {
      const v = queue[read++];
      if (level[sink] >= 0 && level[v] >= level[sink]) break;
      for (let a = first[v]; a < first[v + 1]; a++) {
        const w = head[a];
        if (level[w] < 0 && residual[a] > 0) {
          level[w] = level[v] + 1;
          queue[write++] = w;
        }
      }
    }
    return level[sink] >= 0;
  }

  /** Augmenting paths along the level graph until none is left; returns the flow sent. */
  private blockingFlow(source: number, sink: number): number {
    const { level, current, first, head, tail, residual, reverse, path } = this;
    current.set(first.subarray(0, this.nodeCount));
    let sent = 0;
    let depth = 0;
    let v = source;
    for (;;) {
      if (v === sink) {
        let bottleneck = Infinity;
        for (let i = 0; i < depth; i++) bottleneck = Math.min(bottleneck, residual[path[i]]);
        let cut = depth;
        for (let i = 0; i < depth; i++) {
          const a = path[i];
          residual[a] -= bottleneck;
          residual[reverse[a]] += bottleneck;
          if (residual[a] === 0 && cut === depth) cut = i;
        }
        sent += bottleneck;
        depth = cut;
        v = depth === 0 ? source : head[path[depth - 1]];
        continue;
      }
      let a = current[v];
      const end = first[v + 1];
      while (a < end && !(residual[a] > 0 && level[head[a]] === level[v] + 1)) a++;
      current[v] = a;
      if (a < end) {
        path[depth++] = a;
        v = head[a];
      } else {
        if (v === source) return sent;
        level[v] = -1;
        const back = path[--depth];
        v = tail[back];
        current[v]++;
      }
    }
  }
}
