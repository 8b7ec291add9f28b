/**
 * The properties of the directory's *-site.xml files (and
 * capacity-scheduler.xml) as one configuration, the way Hadoop's daemons
 * layer them: core-site, hdfs-site, mapred-site, yarn-site, then the
 * Capacity Scheduler's file; a later file's value replaces an earlier one's
 * unless the earlier is final. Each reader takes the properties it uses
 * through `take`, which marks them used: what is never taken is counted as
 * "not about scheduling" in the notes.
 *
 * `${name}` in a value is replaced by that property's value, as Hadoop
 * expands variables (at most 20 levels deep); `${env.X}` and a name no file
 * sets are left as written, and the value is then refused by whichever
 * reader needs a number.
 */
import type { SiteFile, SiteProperty } from './site-file.js';

export interface ConfValue {
  readonly name: string;
  /** The value with variables expanded. */
  readonly value: string;
  readonly file: string;
  readonly label: string;
  readonly line: number;
  readonly column: number;
}

const MAX_EXPANSIONS = 20;

export class ConfProperties {
  private readonly values = new Map<string, { property: SiteProperty; file: SiteFile }>();
  private readonly taken = new Set<string>();
  /** Remarks on properties set in two files, for the notes. */
  readonly remarks: string[] = [];

  constructor(files: readonly SiteFile[]) {
    for (const file of files) {
      for (const property of file.properties.values()) {
        const before = this.values.get(property.name);
        if (before !== undefined && before.property.final) {
          this.remarks.push(`${property.name} is final in ${before.file.label}:${before.property.line}: ${file.label}:${property.line} may not change it ('${before.property.value}' kept, as in Hadoop)`);
          continue;
        }
        if (before !== undefined) this.remarks.push(`${property.name} set in ${before.file.label}:${before.property.line} and ${file.label}:${property.line}: ${file.label}'s value kept, as Hadoop reads it later`);
        this.values.set(property.name, { property, file });
      }
    }
  }

  /** The property's value if any file sets it, marked as used. */
  take(name: string): ConfValue | undefined {
    const entry = this.values.get(name);
    if (entry === undefined) return undefined;
    this.taken.add(name);
    return { name, value: this.expand(entry.property.value), file: entry.file.path, label: entry.file.label, line: entry.property.line, column: entry.property.column };
  }

  /** Names set by any file, in the order first met. */
  names(): string[] {
    return [...this.values.keys()];
  }

  /** Names set but never taken. */
  untaken(): string[] {
    return this.names().filter((name) => !this.taken.has(name));
  }

  private expand(value: string): string {
    let text = value;
    for (let round = 0; round < MAX_EXPANSIONS && text.includes('${'); round++) {
      const next = text.replace(/\$\{([^}$\s]+)\}/g, (whole, name: string) => this.values.get(name)?.property.value ?? whole);
      if (next === text) break;
      text = next;
    }
    return text;
  }
}
