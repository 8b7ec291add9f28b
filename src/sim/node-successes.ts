/**
 * The attempts that have succeeded on each node, and the same counts kept
 * sorted, so that a quantile of them (LATE's SlowNodeThreshold, asked at
 * every offer in a job's tail) is read, not sorted for: a count only ever
 * grows by one, and the last of its equals in the sorted counts taking the
 * new value keeps them sorted.
 */
import { interpolatedQuantile } from '../util/interpolated-quantile.js';
import { countAtMost } from '../util/count-at-most.js';

export class NodeSuccesses {
  private readonly byNode: Int32Array;
  private readonly sorted: Int32Array;

  constructor(nodes: number) {
    this.byNode = new Int32Array(nodes);
    this.sorted = new Int32Array(nodes);
  }

  /** An attempt succeeded on `node`. */
  add(node: number): void {
    const count = this.byNode[node]++;
    // The last place holding `count`: the first holding more, less one.
    this.sorted[countAtMost(this.sorted, count) - 1]++;
  }

  /** The attempts that have succeeded on `node`. */
  on(node: number): number {
    return this.byNode[node];
  }

  /** The counts' quantile at `share` (`interpolatedQuantile`). */
  quantile(share: number): number {
    return interpolatedQuantile(this.sorted, share);
  }
}
