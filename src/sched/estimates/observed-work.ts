import type { TaskEnd } from '../../sim/policy.js';

/** Work seen so far in one group of jobs: maps (with the bytes they read) and reduces, seconds at speed 1. */
export class ObservedWork {
  mapWork = 0;
  mapBytes = 0;
  maps = 0;
  reduceWork = 0;
  reduces = 0;

  /** A succeeded map reading `inputBytes`, or a reduce, of `work` seconds at speed 1. */
  add(kind: TaskEnd['kind'], work: number, inputBytes: number): void {
    if (kind === 'map') {
      this.mapWork += work;
      this.mapBytes += inputBytes;
      this.maps++;
    } else {
      this.reduceWork += work;
      this.reduces++;
    }
  }

  /** Work of a map reading `bytes`, from these observations (they include at least one map). */
  mapEstimate(bytes: number): number {
    return bytes > 0 && this.mapBytes > 0 ? (bytes * this.mapWork) / this.mapBytes : this.mapWork / this.maps;
  }

  /** Work of a reduce, from these observations (they include at least one reduce). */
  reduceEstimate(): number {
    return this.reduceWork / this.reduces;
  }
}
