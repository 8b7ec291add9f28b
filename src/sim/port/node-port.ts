/** A node as a policy sees it: a read-only port onto the runtime's state, which it keeps private. */
import type { ClusterNode } from '../../model/cluster.js';
import type { NodeState } from '../node-state.js';
import type { NodeView } from '../policy.js';

export class NodePort implements NodeView {
  readonly #node: NodeState;
  readonly index: number;
  readonly spec: ClusterNode;
  readonly rackIndex: number;

  constructor(node: NodeState) {
    this.#node = node;
    this.index = node.index;
    this.spec = node.spec;
    this.rackIndex = node.rackIndex;
  }

  get alive(): boolean {
    return this.#node.alive;
  }

  get runningMaps(): number {
    return this.#node.runningMaps;
  }

  get runningReduces(): number {
    return this.#node.runningReduces;
  }

  get runningAMs(): number {
    return this.#node.runningAMs;
  }

  get freeMapSlots(): number {
    return this.#node.freeMapSlots;
  }

  get freeReduceSlots(): number {
    return this.#node.freeReduceSlots;
  }

  get freeMemory(): number {
    return this.#node.freeMemory;
  }

  get freeVcores(): number {
    return this.#node.freeVcores;
  }
}
