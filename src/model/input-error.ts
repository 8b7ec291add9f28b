/**
 * Bad input, with every problem found. Each problem names where it is (a
 * field path, and the file line when known), what was expected and what was
 * found. The CLI prints these and exits 2; library callers can read them.
 */

export interface InputProblem {
  /** Field path such as `cluster.nodes[3].rack`, or '' for the whole document. */
  readonly path: string;
  /** 1-based line (and column) in the file, when the input came from a file. */
  readonly line?: number;
  readonly column?: number;
  readonly expected: string;
  readonly found: string;
}

export class InputError extends Error {
  constructor(
    /** The file (or other source) the input came from. */
    readonly source: string,
    readonly problems: readonly InputProblem[],
  ) {
    super(formatProblems(source, problems));
    this.name = 'InputError';
  }
}

export function formatProblem(source: string, problem: InputProblem): string {
  const where = problem.line === undefined ? source : `${source}:${problem.line}:${problem.column ?? 1}`;
  const field = problem.path === '' ? '' : ` ${problem.path}:`;
  return `${where}:${field} expected ${problem.expected}, found ${problem.found}`;
}

/** Problems a message lists; the rest are counted (a file of 10^5 bad records would bury the first ones). */
export const LISTED_PROBLEMS = 100;

/** A line saying how many problems were not listed, or undefined when all were. */
export function unlistedProblems(problems: readonly InputProblem[]): string | undefined {
  const rest = problems.length - LISTED_PROBLEMS;
  return rest > 0 ? `… and ${rest} more problem${rest === 1 ? '' : 's'} (the first ${LISTED_PROBLEMS} are listed)` : undefined;
}

function formatProblems(source: string, problems: readonly InputProblem[]): string {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  const listed = problems.slice(0, LISTED_PROBLEMS).map((p) => '  ' + formatProblem(source, p));
  const rest = unlistedProblems(problems);
  return [`${source}: ${count}`, ...listed, ...(rest === undefined ? [] : [`  ${rest}`])].join('\n');
}
