/**
 * Reading scenario files: YAML or JSON text to a resolved Scenario, with
 * every problem located at its line and column in the file.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { unreadableFile } from './unreadable-file.js';
import { InputError, type InputProblem } from './input-error.js';
import type { Scenario } from './scenario.js';
import type { PathProblem } from './scenario-file.js';
import { formatPath, resolveScenarioValue } from './resolve-scenario.js';

/** The scenario that ships with mrsched (examples/default.yaml), from src/ and from dist/ alike. */
export const DEFAULT_SCENARIO_PATH = fileURLToPath(new URL('../../examples/default.yaml', import.meta.url));

export interface LoadOptions {
  /** Replaces settings.seed before anything random is drawn. */
  readonly seed?: number;
}

/** Read, check and resolve a scenario file. Throws InputError (naming the file) for every problem. */
export function loadScenario(path: string, options: LoadOptions = {}): Scenario {
  return parseScenarioText(readScenarioFile(path), path, options);
}

/** A scenario file's text; an InputError naming the file when it cannot be read. */
export function readScenarioFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw unreadableFile(path, error, 'a readable scenario file (YAML or JSON)');
  }
}

/**
 * Check and resolve scenario text (YAML, or JSON, which YAML reads too).
 * `source` names the text in problems (usually the file path).
 */
export function parseScenarioText(text: string, source: string, options: LoadOptions = {}): Scenario {
  const { raw, locateAll } = parseLocatedText(text, source, 'a scenario (a mapping with cluster, jobs, …)');
  const result = resolveScenarioValue(raw, source, options.seed);
  if (!result.ok) throw new InputError(source, locateAll(result.problems));
  return result.scenario;
}

/**
 * YAML or JSON text to a plain value, keeping the document so that problems
 * found later by field path get their line and column (`locateAll`, sorted by
 * position). Syntax errors and an empty document are an InputError naming
 * `source`; `expected` says what the document should be.
 */
export function parseLocatedText(
  text: string,
  source: string,
  expected: string,
): { raw: unknown; locateAll: (problems: readonly PathProblem[]) => InputProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), { lineCounter, prettyErrors: true, uniqueKeys: true, merge: true });
  if (doc.errors.length > 0) {
    // One error per line: the parser's later errors on a line follow from its first.
    const firstPerLine = doc.errors.filter(
      (error, i) => doc.errors.findIndex((other) => other.linePos?.[0].line === error.linePos?.[0].line) === i,
    );
    throw new InputError(
      source,
      firstPerLine.map((error) => ({
        path: '',
        ...(error.linePos ? { line: error.linePos[0].line, column: error.linePos[0].col } : {}),
        expected: 'valid YAML or JSON',
        found: `a syntax error: ${yamlMessage(error.message)}`,
      })),
    );
  }
  let raw: unknown;
  try {
    raw = doc.toJS();
  } catch (error) {
    throw new InputError(source, [{ path: '', expected: 'valid YAML or JSON', found: (error as Error).message }]);
  }
  if (raw === null || raw === undefined) {
    throw new InputError(source, [{ path: '', expected, found: 'an empty document' }]);
  }
  return { raw, locateAll: (problems) => sortByPosition(problems.map((problem) => locate(doc, lineCounter, problem))) };
}

/** The first line of a YAML error, without the position (reported apart). */
function yamlMessage(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** Stable sort: by line and column, problems without a line last. */
function sortByPosition(problems: InputProblem[]): InputProblem[] {
  return problems
    .map((problem, i) => ({ problem, i }))
    .sort(
      (a, b) =>
        (a.problem.line ?? Infinity) - (b.problem.line ?? Infinity) ||
        (a.problem.column ?? 0) - (b.problem.column ?? 0) ||
        a.i - b.i,
    )
    .map(({ problem }) => problem);
}

interface Ranged {
  range?: readonly [number, number, number] | null;
}

/**
 * The problem's line and column: the node at its path, or for a path that
 * does not exist (a missing field) the nearest node above it. An unknown
 * field points at its key.
 */
function locate(doc: Document, lineCounter: LineCounter, problem: PathProblem): InputProblem {
  let node: unknown = doc.contents;
  let at: Ranged | null = doc.contents as Ranged | null;
  let key: Ranged | null = null;
  let complete = true;
  for (const segment of problem.path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((p) => String(isScalar(p.key) ? p.key.value : p.key) === String(segment));
      if (pair === undefined) {
        complete = false;
        break;
      }
      key = pair.key as Ranged;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      key = null;
      node = node.items[segment];
    } else {
      complete = false;
      break;
    }
    const ranged = node as Ranged | null;
    at = ranged?.range ? ranged : (key ?? at);
  }
  if (complete && problem.atKey && key?.range) at = key;
  const base = { path: formatPath(problem.path), expected: problem.expected, found: problem.found };
  if (!at?.range) return base;
  const { line, col } = lineCounter.linePos(at.range[0]);
  return { ...base, line, column: col };
}
