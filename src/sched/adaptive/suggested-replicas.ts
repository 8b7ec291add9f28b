/**
 * The adaptive scheduler's locality trick (Rasooli and Down, CASCON 2011):
 * "we can replicate the required data of the suggested classes of a
 * resource, on that resource. Consequently, locality will be increased".
 *
 * When a job is classified (it arrives) and whenever the plan changes, each
 * pending map of the job whose input block has no replica on a live node of
 * a kind its class is suggested to (in either classification, min-share or
 * fairness: its tasks are offered slots there), and no copy asked for one,
 * gets one copy asked for (`Decisions.replicate`): on the live node of those
 * kinds with the fewest copies asked so far, the lowest index on ties, so
 * the copies spread over the suggested nodes. A job whose type is not
 * planned yet is suggested everywhere, so its blocks already lie on a
 * suggested node and it needs none (nor is it looked at).
 */
import { MinHeap } from '../../util/min-heap.js';
import type { ClusterView, Decisions, JobView } from '../types.js';
import type { NodeKinds } from './node-kinds.js';

export class SuggestedReplicas {
  /** Copies asked so far, per node. */
  private readonly asked: Int32Array;
  /** Per job index, the node a copy of each map's block was asked on (-1: none). */
  private readonly askedFor = new Map<number, Int32Array>();

  constructor(private readonly kinds: NodeKinds) {
    this.asked = new Int32Array(kinds.kindOf.length);
  }

  /** Ask for the copies `job`'s pending maps lack, `suggested` telling the node kinds its class is suggested to. */
  place(job: JobView, suggested: (kind: number) => boolean, view: ClusterView, decisions: Decisions): void {
    const { kindOf } = this.kinds;
    const onSuggested = (node: number): boolean => node >= 0 && view.nodes[node].alive && suggested(kindOf[node]);
    const targets = view.nodes.filter((node) => onSuggested(node.index));
    // Every live node suggested: a block with a live replica lies on one already (and one without cannot be copied).
    if (targets.length === 0 || targets.length === view.liveNodes) return;
    let askedFor = this.askedFor.get(job.index);
    if (askedFor === undefined) this.askedFor.set(job.index, (askedFor = new Int32Array(job.spec.mapCount).fill(-1)));
    const fewest = new MinHeap(targets.length);
    for (const node of targets) fewest.push(this.asked[node.index], node.index, node.index);
    const maps = job.spec.maps;
    for (let task = 0; task < maps.length; task++) {
      const { replicas } = maps[task];
      if (replicas.length === 0 || !view.isMapPending(job, task) || onSuggested(askedFor[task]) || replicas.some(onSuggested)) continue;
      const node = fewest.peekValue();
      decisions.replicate(job, task, node);
      askedFor[task] = node;
      fewest.replaceTop(++this.asked[node], node, node);
    }
  }

  /** A job has ended: what was asked for it is forgotten. */
  forget(job: JobView): void {
    this.askedFor.delete(job.index);
  }
}
