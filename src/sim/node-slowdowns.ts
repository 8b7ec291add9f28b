/**
 * When a computation ends on a node whose speed changes over time
 * (`settings.variability`: intervals in which it computes at a fraction of
 * its speed, given or drawn; factors multiply where they overlap). An
 * attempt's compute end is found when it starts computing, by walking the
 * node's speed changes from then.
 *
 * Drawn slowdowns come one after another on each node: the time from one's
 * end (or the start) to the next one's start is exponential, of mean one
 * hour over `perNodeHour`, and its length too, of mean `meanDuration`; each
 * at `factor`. Each node draws from its own fork of
 * the seed's `node-slowdowns` stream, as far ahead as a computation needs:
 * the intervals a node gets do not depend on when they are asked for.
 */
import type { DrawnSlowdowns, Slowdown } from '../model/scenario.js';
import type { Random } from '../util/random.js';

/** A node's speed changes: at `times[k]` its speed factor becomes `factors[k]` (1 before the first). */
interface SpeedSteps {
  readonly times: Float64Array;
  readonly factors: Float64Array;
}

const HOUR = 3600;

/** A node's drawn slowdowns: its draws, the intervals so far, and when the next starts. */
interface NodeDraws {
  readonly random: Random;
  readonly intervals: Slowdown[];
  nextFrom: number;
}

export class NodeSlowdowns {
  private readonly steps: (SpeedSteps | undefined)[] = [];
  private readonly given = new Map<number, Slowdown[]>();
  /** Per node, with drawn slowdowns (else empty). */
  private readonly draws: NodeDraws[] = [];

  constructor(
    slowdowns: readonly Slowdown[],
    private readonly drawn: DrawnSlowdowns | null,
    /** The seed's `node-slowdowns` stream, forked once per node in node order (with drawn slowdowns). */
    random: Random | null,
    nodes: number,
  ) {
    for (const s of slowdowns) this.given.set(s.node, [...(this.given.get(s.node) ?? []), s]);
    if (drawn !== null && random !== null) {
      for (let node = 0; node < nodes; node++) {
        const own = random.fork();
        this.draws.push({ random: own, intervals: [], nextFrom: own.exponential(HOUR / drawn.perNodeHour) });
      }
    }
    for (const node of this.given.keys()) this.build(node);
  }

  /** When `seconds` of computing at the node's full speed, started at `from`, end. */
  end(node: number, from: number, seconds: number): number {
    let end = this.walk(node, from, seconds);
    // Drawn slowdowns are drawn up to the end found; one drawn before it moves it, and the walk is done again.
    while (this.draws.length > 0 && this.draws[node].nextFrom <= end) {
      this.drawUntil(node, end);
      end = this.walk(node, from, seconds);
    }
    return end;
  }

  private walk(node: number, from: number, seconds: number): number {
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

  /** The node's drawn slowdowns that start by `time`. */
  private drawUntil(node: number, time: number): void {
    const draws = this.draws[node];
    const { perNodeHour, meanDuration, factor } = this.drawn!;
    while (draws.nextFrom <= time) {
      const to = draws.nextFrom + draws.random.exponential(meanDuration);
      draws.intervals.push({ node, from: draws.nextFrom, to, factor });
      draws.nextFrom = to + draws.random.exponential(HOUR / perNodeHour);
    }
    this.build(node);
  }

  /** The node's speed steps from its given and drawn slowdowns. */
  private build(node: number): void {
    const list = [...(this.given.get(node) ?? []), ...(this.draws[node]?.intervals ?? [])];
    const times = [...new Set(list.flatMap((s) => [s.from, s.to]))].sort((a, b) => a - b);
    const factors = times.map((t) => list.reduce((f, s) => (s.from <= t && t < s.to ? f * s.factor : f), 1));
    this.steps[node] = { times: Float64Array.from(times), factors: Float64Array.from(factors) };
  }
}
