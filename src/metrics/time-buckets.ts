/**
 * A piecewise-constant function of time, averaged over equal buckets of a
 * span: what a chart of f(t) over a run draws. Pieces are added as the
 * sweeps of the time-averaged metrics integrate them, so a bucket's mean is
 * exact, not a sample, and the buckets' means average to the sweep's.
 */
export class TimeBuckets {
  /** ∫ f dt over each bucket, and the time f was given in it. */
  private readonly integral: Float64Array;
  private readonly covered: Float64Array;
  readonly width: number;

  constructor(
    readonly start: number,
    readonly end: number,
    readonly count: number,
  ) {
    if (!(end > start) || !Number.isInteger(count) || count < 1) throw new RangeError(`time buckets need end > start and a whole count ≥ 1, not [${start}, ${end}] in ${count}`);
    this.width = (end - start) / count;
    this.integral = new Float64Array(count);
    this.covered = new Float64Array(count);
  }

  /** f = `value` on [from, to) (clipped to the span). */
  add(from: number, to: number, value: number): void {
    const a = Math.max(from, this.start);
    const b = Math.min(to, this.end);
    if (!(b > a)) return;
    let i = Math.min(this.count - 1, Math.floor((a - this.start) / this.width));
    for (; i < this.count; i++) {
      const low = Math.max(a, this.start + i * this.width);
      const high = i === this.count - 1 ? b : Math.min(b, this.start + (i + 1) * this.width);
      if (high > low) {
        this.integral[i] += value * (high - low);
        this.covered[i] += high - low;
      }
      if (high >= b) return;
    }
  }

  /** Each bucket's ∫ f dt over its width: f counts as 0 where nothing was added. */
  means(): Float64Array {
    return this.integral.map((v) => v / this.width);
  }

  /** The time f was given in each bucket. */
  coveredTime(): Float64Array {
    return this.covered.slice();
  }

  /** Each bucket's ∫ f dt over the time f was given in it; NaN where it never was. */
  coveredMeans(): Float64Array {
    return this.integral.map((v, i) => (this.covered[i] > 0 ? v / this.covered[i] : NaN));
  }
}
