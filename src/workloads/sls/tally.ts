/**
 * Counts of what an importer met while reading a trace (a default applied, a
 * field it does not use), kept per record so that a record left out adds
 * nothing, and merged into the run's tally when the record is taken. The
 * notes of an import are written from the tally at the end.
 */
/** Examples kept per key: enough to find the records, few enough for a note. */
const EXAMPLES = 5;

export class Tally {
  private readonly counts = new Map<string, number>();
  private readonly examples = new Map<string, string[]>();

  /** Count one occurrence of `key`, remembering the first few distinct examples. */
  add(key: string, example?: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (example === undefined) return;
    const list = this.examples.get(key) ?? [];
    if (list.length < EXAMPLES && !list.includes(example)) list.push(example);
    this.examples.set(key, list);
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  examplesOf(key: string): readonly string[] {
    return this.examples.get(key) ?? [];
  }

  /** The keys counted, in the order first met. */
  keys(): string[] {
    return [...this.counts.keys()];
  }

  merge(other: Tally): void {
    for (const [key, n] of other.counts) this.counts.set(key, (this.counts.get(key) ?? 0) + n);
    for (const [key, list] of other.examples) {
      const mine = this.examples.get(key) ?? [];
      for (const example of list) if (mine.length < EXAMPLES && !mine.includes(example)) mine.push(example);
      this.examples.set(key, mine);
    }
  }
}
