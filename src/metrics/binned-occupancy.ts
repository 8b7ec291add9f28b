/**
 * How many intervals cover each of equal bins of a time window, on average
 * over the bin: the area under a step function, bin by bin. Charts of a long
 * run (running tasks over a day) read these averages rather than every step,
 * so a day of 400,000 attempts becomes a few hundred points that still add up
 * to the same slot-seconds.
 */
export class BinnedOccupancy {
  readonly width: number;
  /** Covered fraction of the bins an interval starts or ends in. */
  private readonly partial: Float64Array;
  /** +1 / −1 at the first and past the last bin an interval covers whole (a difference array). */
  private readonly whole: Float64Array;

  constructor(
    readonly start: number,
    readonly end: number,
    readonly bins: number,
  ) {
    if (!(end > start) || !Number.isInteger(bins) || bins < 1) throw new RangeError(`no bins over [${start}, ${end}) in ${bins}`);
    this.width = (end - start) / bins;
    this.partial = new Float64Array(bins);
    this.whole = new Float64Array(bins + 1);
  }

  /** Adds [from, to) with `weight`, clipped to the window. */
  add(from: number, to: number, weight = 1): void {
    const a = (Math.max(from, this.start) - this.start) / this.width;
    const b = (Math.min(to, this.end) - this.start) / this.width;
    if (!(b > a)) return;
    const first = Math.floor(a);
    const last = Math.min(Math.floor(b), this.bins);
    if (first === last) {
      this.partial[first] += (b - a) * weight;
      return;
    }
    this.partial[first] += (first + 1 - a) * weight;
    this.whole[first + 1] += weight;
    this.whole[last] -= weight;
    if (last < this.bins) this.partial[last] += (b - last) * weight;
  }

  /** The average cover of each bin. */
  values(): Float64Array {
    const out = new Float64Array(this.bins);
    let running = 0;
    for (let i = 0; i < this.bins; i++) {
      running += this.whole[i];
      out[i] = running + this.partial[i];
    }
    return out;
  }
}
