/**
 * The run's seeded random generator. Every random draw in mrsched comes from
 * one of these, so one seed gives byte-identical output. Wraps pure-rand's
 * xoroshiro128+ and adds the few distributions the model needs.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

export class Random {
  private readonly generator: JumpableRandomGenerator;

  constructor(seed: number) {
    this.generator = xoroshiro128plus(seed | 0);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return uniformFloat64(this.generator);
  }

  /** Uniform integer in [from, to], both included. */
  int(from: number, to: number): number {
    return uniformInt(this.generator, from, to);
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Normal by Box–Muller (one of the pair is discarded to keep draws independent of call order). */
  normal(mean: number, stdDev: number): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + stdDev * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** An independent stream derived from this one, so adding draws in one part does not shift another. */
  fork(): Random {
    return new Random(this.int(-0x80000000, 0x7fffffff));
  }
}
