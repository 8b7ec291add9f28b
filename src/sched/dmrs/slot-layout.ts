/**
 * The live cluster as the machines of DMRS's model ("On the Optimality of
 * Scheduling Dependent MapReduce Tasks on Heterogeneous Machines", Aggarwal,
 * Xu, Lan, Subramaniam: machines that run one task at a time, at a speed
 * each): one machine per slot, at its node's speed.
 *
 * - Unified containers (YARN, the paper's Hadoop 2): each container is a
 *   machine that runs maps and reduces alike, as the paper's one-core VMs do.
 * - Split slots (Hadoop 1): each map slot is a machine that runs only maps,
 *   each reduce slot one that runs only reduces; the list schedule keeps
 *   each kind on its own machines, and the LP sees them all (a relaxation:
 *   a schedule on split slots is one on the same machines unrestricted).
 *
 * Machines are numbered node by node (map slots, then reduce slots), so the
 * paper's "lowest i" among equally good machines is the lowest node index.
 * A node's slots of one kind share one queue: its machines are alike.
 */
import { MachinePool, type DmrsMachine, type MachineKinds } from '../../planners/dmrs/index.js';
import type { TaskKind } from '../../model/run-record.js';
import type { NodeView } from '../types.js';

/** A node's queues: 0 for its map slots (or its containers), 1 for its reduce slots. */
export const QUEUES_PER_NODE = 2;

export class SlotLayout {
  readonly machines: DmrsMachine[] = [];
  readonly kinds: MachineKinds[] = [];
  /** Per machine, the queue it belongs to (node × QUEUES_PER_NODE + 0 or 1). */
  readonly queueOf: number[] = [];
  /** Per queue, its first machine and how many it has (0 for a dead node's). */
  readonly firstMachine: Int32Array;
  readonly machineCount: Int32Array;
  /** Per node, the speed the planner believes it has. */
  readonly believedSpeed: Float64Array;
  /** The machines with their kinds, for the plans to reset and fill (built once per layout). */
  readonly pool: MachinePool;
  /** Scratch for the free time of each machine when a plan is made. */
  readonly availableAt: Float64Array;

  /** `believe` gives the speed the planner plans each node with (its own, or the identical-machine baseline's mean). */
  constructor(nodes: readonly NodeView[], believe: (nodes: readonly NodeView[]) => Float64Array) {
    this.believedSpeed = believe(nodes);
    this.firstMachine = new Int32Array(nodes.length * QUEUES_PER_NODE);
    this.machineCount = new Int32Array(nodes.length * QUEUES_PER_NODE);
    for (const node of nodes) {
      if (!node.alive) continue;
      const { spec } = node;
      if (spec.slotModel !== 'split') this.add(node, 0, spec.totalSlots, 'both');
      else {
        this.add(node, 0, spec.mapSlots, 'map');
        this.add(node, 1, spec.reduceSlots, 'reduce');
      }
    }
    this.availableAt = new Float64Array(this.machines.length);
    this.pool = new MachinePool(
      this.machines.map((machine) => machine.speed),
      undefined,
      this.kinds,
    );
  }

  /** The queue of `node` that takes tasks of `kind`. */
  queue(node: NodeView, kind: TaskKind): number {
    return node.index * QUEUES_PER_NODE + (kind === 'reduce' && node.spec.slotModel === 'split' ? 1 : 0);
  }

  private add(node: NodeView, slot: 0 | 1, count: number, kinds: MachineKinds): void {
    const queue = node.index * QUEUES_PER_NODE + slot;
    this.firstMachine[queue] = this.machines.length;
    this.machineCount[queue] = count;
    for (let k = 0; k < count; k++) {
      this.machines.push({ id: `${node.spec.id}/${kinds}${k + 1}`, speed: this.believedSpeed[node.index] });
      this.kinds.push(kinds);
      this.queueOf.push(queue);
    }
  }
}
