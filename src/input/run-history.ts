/**
 * A previous run's output read as an execution database (`--history DIR`):
 * its tasks.csv (every attempt, `src/report/run-files.ts`) and nodes.csv
 * (each node's speed), whatever scheduler ran it. Each succeeded map or
 * reduce attempt adds its duration times its node's speed to its job's work;
 * failed and killed attempts are left out, as the run's own estimates leave
 * them. Columns are found by their header names.
 */
import type { ExecutionHistory, PastJob } from '../model/execution-history.js';
import { csvRecords, CsvSyntaxError, type CsvRecord } from '../util/csv-records.js';
import { InputError, type InputProblem } from '../util/input-error.js';

/** One file's text and what to call it in a message (its path). */
export interface NamedText {
  readonly source: string;
  readonly text: string;
}

/** Problems kept per file: the first ones say what is wrong. */
const MAX_PROBLEMS = 10;

/** The execution database of the run that wrote `tasks` and `nodes`; an `InputError` naming the file, line and column for bad input. */
export function runHistory(tasks: NamedText, nodes: NamedText): ExecutionHistory {
  const speeds = nodeSpeeds(nodes);
  const jobs = new Map<string, { mapWork: number; maps: number; reduceWork: number; reduces: number }>();
  readTable(tasks, ['job_id', 'kind', 'node', 'start', 'end', 'status'], ([jobId, kind, node, start, end, status], problem) => {
    if (kind !== 'map' && kind !== 'reduce') return problem('kind', "'map' or 'reduce'", kind);
    if (status !== 'succeeded') return;
    const speed = speeds.get(node);
    if (speed === undefined) return problem('node', `a node of ${nodes.source}`, node);
    const duration = Number(end) - Number(start);
    if (start === '' || end === '' || !Number.isFinite(duration) || duration < 0) return problem('end', 'times with start ≤ end', `${start} to ${end}`);
    let job = jobs.get(jobId);
    if (job === undefined) {
      job = { mapWork: 0, maps: 0, reduceWork: 0, reduces: 0 };
      jobs.set(jobId, job);
    }
    if (kind === 'map') {
      job.mapWork += duration * speed;
      job.maps++;
    } else {
      job.reduceWork += duration * speed;
      job.reduces++;
    }
  });
  return [...jobs].map(([id, job]): PastJob => ({ id, ...job }));
}

function nodeSpeeds(nodes: NamedText): Map<string, number> {
  const speeds = new Map<string, number>();
  readTable(nodes, ['node', 'speed'], ([node, speed], problem) => {
    const value = Number(speed);
    if (speed === '' || !Number.isFinite(value) || value <= 0) return problem('speed', 'a number > 0', speed);
    speeds.set(node, value);
  });
  return speeds;
}

/** Reports a problem in a column of the current row. */
type RowProblem = (column: string, expected: string, found: string) => void;

/** Calls `row` with the named columns of each record after the header; throws every problem found, at most MAX_PROBLEMS shown. */
function readTable(file: NamedText, columns: readonly string[], row: (fields: string[], problem: RowProblem) => void): void {
  const problems: InputProblem[] = [];
  let total = 0;
  const add = (problem: InputProblem) => {
    total++;
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  try {
    let indices: number[] | null = null;
    for (const record of csvRecords(file.text)) {
      if (indices === null) {
        indices = headerIndices(record, columns, add);
        if (indices.length === 0) break;
        continue;
      }
      const fields = indices.map((i) => record.fields[i] ?? '');
      row(fields, (column, expected, found) => add({ path: column, line: record.line, expected, found: `'${found}'` }));
    }
    if (indices === null) add({ path: '', expected: `a header with ${columns.join(', ')}`, found: 'an empty file' });
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    add({ path: '', line: error.line, column: error.column, expected: 'CSV (RFC 4180)', found: error.problem });
  }
  if (total > 0) throw new InputError(file.source, problems, total);
}

/** Where each of `columns` is in the header; none when one is missing (a problem added). */
function headerIndices(header: CsvRecord, columns: readonly string[], add: (problem: InputProblem) => void): number[] {
  const missing = columns.filter((column) => !header.fields.includes(column));
  if (missing.length > 0) {
    add({ path: '', line: header.line, expected: `a header with ${columns.join(', ')}`, found: `no ${missing.join(', ')}` });
    return [];
  }
  return columns.map((column) => header.fields.indexOf(column));
}
