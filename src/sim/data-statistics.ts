/** Hadoop's DataStatistics: a count, a sum and a sum of squares, enough for a mean and a standard deviation. */
export class DataStatistics {
  count = 0;
  sum = 0;
  sumSquares = 0;

  add(x: number): void {
    this.count++;
    this.sum += x;
    this.sumSquares += x * x;
  }

  remove(x: number): void {
    this.count--;
    this.sum -= x;
    this.sumSquares -= x * x;
  }

  /** No value: every sum exactly nothing (removing the values one by one may leave a rounding behind). */
  clear(): void {
    this.count = 0;
    this.sum = 0;
    this.sumSquares = 0;
  }

  /** One value replaced by another. */
  replace(old: number, x: number): void {
    this.sum += x - old;
    this.sumSquares += x * x - old * old;
  }

  get mean(): number {
    return this.sum / this.count;
  }

  get std(): number {
    return Math.sqrt(Math.max(this.sumSquares / this.count - this.mean * this.mean, 0));
  }
}
