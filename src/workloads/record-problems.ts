/**
 * The problems of a trace's records, gathered for one InputError that lists
 * every bad record (not only the first) up to LISTED_PROBLEMS and counts the
 * rest without keeping them; and a record's problems placed at their line
 * and column: a problem's path names the record (`job 2 (job_2)`) and then
 * the JSON path inside it, which is found in the record's text (for a field
 * that is missing, the nearest value that holds it).
 */
import { InputError, LISTED_PROBLEMS, type InputProblem } from '../util/input-error.js';
import { jsonValuePositions } from './json-positions.js';
import type { SequencedValue } from './json-sequence.js';

export class RecordProblems {
  private readonly kept: InputProblem[] = [];
  private total = 0;

  add(problems: readonly InputProblem[]): void {
    for (const problem of problems) if (this.kept.length < LISTED_PROBLEMS) this.kept.push(problem);
    this.total += problems.length;
  }

  get count(): number {
    return this.total;
  }

  /** Throws an InputError naming `source` with the problems, when there are any. */
  throwIfAny(source: string): void {
    if (this.total > 0) throw new InputError(source, this.kept, this.total);
  }
}

/** `problems` of `record`, whose paths start with `label`, at their lines and columns in the file. */
export function locateInRecord(record: Pick<SequencedValue, 'line' | 'column' | 'text'>, label: string, problems: readonly InputProblem[]): InputProblem[] {
  let positions: Map<string, number> | undefined;
  return problems.map((problem) => {
    if (problem.line !== undefined) return problem;
    positions ??= jsonValuePositions(record.text);
    const inside = problem.path.startsWith(label) ? problem.path.slice(label.length) : '';
    const offset = positions.get(nearestPath(inside, positions)) ?? 0;
    const before = record.text.slice(0, offset);
    const newline = before.lastIndexOf('\n');
    const lines = newline < 0 ? 0 : before.split('\n').length - 1;
    return { ...problem, line: record.line + lines, column: newline < 0 ? record.column + offset : offset - newline };
  });
}

/** `path`, or the longest path above it that has a value (keys may hold dots, so each cut is tried). */
function nearestPath(path: string, positions: ReadonlyMap<string, number>): string {
  for (let end = path.length; end > 0; end--) {
    if ((end === path.length || path[end] === '.' || path[end] === '[') && positions.has(path.slice(0, end))) return path.slice(0, end);
  }
  return '';
}
