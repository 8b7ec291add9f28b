/** Work seen so far in one group of jobs: maps (with the bytes they read) and reduces, seconds at speed 1. */
export class ObservedWork {
  mapWork = 0;
  mapBytes = 0;
  maps = 0;
  reduceWork = 0;
  reduces = 0;

  /** `count` succeeded maps of `work` in all, reading `bytes` (0 when not known). */
  addMaps(count: number, work: number, bytes: number): void {
    this.maps += count;
    this.mapWork += work;
    this.mapBytes += bytes;
  }

  /** `count` succeeded reduces of `work` in all. */
  addReduces(count: number, work: number): void {
    this.reduces += count;
    this.reduceWork += work;
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
