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
    /** How many problems were found: more than `problems` holds when a reader kept only the first ones. */
    readonly total = problems.length,
  ) {
    super(formatProblems(source, problems, total));
    this.name = 'InputError';
  }
}

/** Characters of a path, an expectation or a finding a message shows: a 1 MB field makes no readable line. */
const SHOWN_CHARACTERS = 300;

export function formatProblem(source: string, problem: InputProblem): string {
  const where = problem.line === undefined ? source : `${source}:${problem.line}:${problem.column ?? 1}`;
  const field = problem.path === '' ? '' : ` ${shownText(problem.path)}:`;
  return `${where}:${field} expected ${shownText(problem.expected)}, found ${shownText(problem.found)}`;
}

/**
 * `text` as a message shows it: control characters escaped (an id holding
 * an escape sequence must not drive the terminal), bidirectional formatting
 * characters too (U+202E would show the rest of the line reversed), and
 * only its start and its length when it is longer than a line should be.
 */
export function shownText(text: string): string {
  const visible = text.replace(/[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (visible.length <= SHOWN_CHARACTERS) return visible;
  return `${visible.slice(0, SHOWN_CHARACTERS - 60)}… (${text.length.toLocaleString('en')} characters in all)`;
}

/** Problems a message lists; the rest are counted (a file of 10^5 bad records would bury the first ones). */
export const LISTED_PROBLEMS = 100;

function formatProblems(source: string, problems: readonly InputProblem[], total: number): string {
  const count = total === 1 ? '1 problem' : `${total} problems`;
  const listed = problems.slice(0, LISTED_PROBLEMS).map((p) => '  ' + formatProblem(source, p));
  const rest = total - listed.length;
  const more = rest > 0 ? [`  … and ${rest} more problem${rest === 1 ? '' : 's'} (the first ${listed.length} are listed)`] : [];
  return [`${shownText(source)}: ${count}`, ...listed, ...more].join('\n');
}
