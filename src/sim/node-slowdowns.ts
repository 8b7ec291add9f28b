/**
 * When a computation ends on a node whose speed changes over time
 * (`settings.variability.slowdowns`: intervals in which it computes at a
 * fraction of its speed, factors multiplying where they overlap). The
 * intervals are known from the start, so an attempt's compute end is found
 * when it starts computing, by walking the node's speed changes from then.
 */
import type { Slowdown } from '../model/scenario.js';

/** A node's speed changes: at `times[k]` its speed factor becomes `factors[k]` (1 before the first). */
interface SpeedSteps {
  readonly times: Float64Array;
  readonly factors: Float64Array;
}

export class NodeSlowdowns {
  private readonly steps: (SpeedSteps | undefined)[] = [];

  constructor(slowdowns: readonly Slowdown[]) {
    const byNode = new Map<number, Slowdown[]>();
    for (const s of slowdowns) byNode.set(s.node, [...(byNode.get(s.node) ?? []), s]);
    for (const [node, list] of byNode) {
      const times = [...new Set(list.flatMap((s) => [s.from, s.to]))].sort((a, b) => a - b);
      const factors = times.map((t) => list.reduce((f, s) => (s.from <= t && t < s.to ? f * s.factor : f), 1));
      this.steps[node] = { times: Float64Array.from(times), factors: Float64Array.from(factors) };
    }
  }

  /** When `seconds` of computing at the node's full speed, started at `from`, end. */
  end(node: number, from: number, seconds: number): number {
    const steps = this.steps[node];
    if (steps === undefined) return from + seconds;
    const { times, factors } = steps;
    let k = 0;
    while (k < times.length && times[k] <= from) k++;
    let t = from;
    let factor = k === 0 ? 1 : factors[k - 1];
    let left = seconds;
    for (; k < times.length; k++) {
      const segment = (times[k] - t) * factor;
      if (left <= segment) return t + left / factor;
      left -= segment;
      t = times[k];
      factor = factors[k];
    }
    return t + left / factor;
  }
}
