/**
 * Typed reads of configuration properties, each one written in the notes
 * with its file, line and value and where it went in the scenario, and each
 * value that is not of its type a problem at its line (Hadoop stops at
 * start-up on a number it cannot parse). Booleans are `true` or `false` in
 * any case; Hadoop falls back to the default on anything else, which hides a
 * typo, so it is a problem here.
 */
import type { ConfProblems } from './conf-problems.js';
import type { ConfProperties, ConfValue } from './conf-properties.js';

export interface Range {
  readonly min?: number;
  readonly max?: number;
  /** Whole numbers only. */
  readonly whole?: boolean;
}

export class ConfReader {
  /** One line per property read or left out, in the order met. */
  readonly notes: string[] = [];

  constructor(
    readonly properties: ConfProperties,
    readonly problems: ConfProblems,
  ) {}

  /** A number within `range`, noted as going to `target` (a phrase, or a function of the number). */
  number(name: string, range: Range, target: string | ((n: number) => string)): number | undefined {
    const found = this.properties.take(name);
    if (found === undefined) return undefined;
    const text = found.value.trim();
    const value = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
    const whole = range.whole === true;
    const bad = !Number.isFinite(value) || (whole && !Number.isInteger(value)) || (range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max);
    if (bad) {
      this.problem(found, `${whole ? 'a whole number' : 'a number'}${rangeText(range)}`, `'${found.value}'`);
      return undefined;
    }
    this.read(found, typeof target === 'string' ? target : target(value));
    return value;
  }

  /** true or false, noted as going to `target`. */
  boolean(name: string, target: string): boolean | undefined {
    const found = this.properties.take(name);
    if (found === undefined) return undefined;
    const text = found.value.trim().toLowerCase();
    if (text !== 'true' && text !== 'false') {
      this.problem(found, 'true or false', `'${found.value}'`);
      return undefined;
    }
    this.read(found, target);
    return text === 'true';
  }

  /** The raw text, noted by the caller. */
  text(name: string): ConfValue | undefined {
    return this.properties.take(name);
  }

  /** Notes a property as read into `target`. */
  read(found: ConfValue, target: string): void {
    this.notes.push(`${where(found)} ${found.name} = '${found.value}': ${target}`);
  }

  /** Notes a property that is set but not used, with why; takes it, so it is not counted with the unrelated ones. */
  ignore(name: string, reason: string): void {
    const found = this.properties.take(name);
    if (found !== undefined) this.notes.push(`${where(found)} ${found.name} = '${found.value}' not used: ${reason}`);
  }

  problem(found: ConfValue, expected: string, foundText: string): void {
    this.problems.add(found.file, { path: found.name, line: found.line, column: found.column, expected, found: foundText });
  }
}

/** `yarn-site.xml:12`. */
export function where(found: Pick<ConfValue, 'label' | 'line'>): string {
  return `${found.label}:${found.line}`;
}

function rangeText(range: Range): string {
  if (range.min !== undefined && range.max !== undefined) return ` from ${range.min} to ${range.max}`;
  if (range.min !== undefined) return ` ≥ ${range.min}`;
  if (range.max !== undefined) return ` ≤ ${range.max}`;
  return '';
}
