/**
 * The attempts that have succeeded on each node, and, from the first
 * quantile asked of them (LATE's SlowNodeThreshold, asked at every offer in
 * a job's tail; no other rule asks), the same counts kept sorted, so that a
 * quantile is read, not sorted for: a count only ever grows by one, and the
 * last of its equals in the sorted counts taking the new value keeps them
 * sorted. A run that never asks pays one increment a success.
 */
import { interpolatedQuantile } from '../util/interpolated-quantile.js';
import { countAtMost } from '../util/count-at-most.js';

export class NodeSuccesses {
  private readonly byNode: Int32Array;
  /** The counts sorted; null until a quantile is asked. */
  private sorted: Int32Array | null = null;

  constructor(nodes: number) {
    this.byNode = new Int32Array(nodes);
  }

  /** An attempt succeeded on `node`. */
  add(node: number): void {
    const count = this.byNode[node]++;
    // The last place holding `count`: the first holding more, less one.
    if (this.sorted !== null) this.sorted[countAtMost(this.sorted, count) - 1]++;
  }

  /** The attempts that have succeeded on `node`. */
  on(node: number): number {
    return this.byNode[node];
  }

  /** The counts' quantile at `share` (`interpolatedQuantile`). */
  quantile(share: number): number {
    this.sorted ??= Int32Array.from(this.byNode).sort();
    return interpolatedQuantile(this.sorted, share);
  }
}
