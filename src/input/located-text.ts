/**
 * YAML or JSON text checked with every problem located at its line and
 * column: syntax errors where the parser found them, and a checker's
 * path-located problems at the node of their path (or, for a missing field,
 * the nearest node above it). Shared by every file format mrsched reads.
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, parseDocument, type Alias, type Document, type Node } from 'yaml';
import { InputError, type InputProblem } from '../util/input-error.js';
import { formatPath, withoutLocation } from './problem-path.js';
import type { PathProblem, SchemaResult } from './schema-problems.js';
import { atMost, limitBytes, readLimits, textSize } from './size-limits.js';
import { parseStrictJson } from './strict-json.js';
import { forbiddenCharacters } from './text-characters.js';
import { yamlValue, type YamlValue } from './yaml-value.js';

/** Text read once as YAML or JSON: its value, and checks whose problems are located in the text. */
export interface LocatedText {
  /** The document's value (not to be changed: every check reads the same one). */
  readonly value: unknown;
  /** `check` run on the value; an InputError with every problem, located, when it fails. */
  check<T>(check: (raw: unknown) => SchemaResult<T>): T;
}

/**
 * Read `text` (YAML, or JSON, which YAML reads too). Syntax errors, control
 * characters and an empty document are an InputError naming `source`;
 * `what` says what the document should have been. JSON is read by
 * JSON.parse, and by the (much slower) YAML parser only when a check fails
 * and its problems need lines. YAML past the YAML limit is refused before
 * it is parsed (the parser takes about 80 bytes of memory per byte of
 * text); JSON past it has its problems reported by field path only.
 */
export function readLocatedText(text: string, source: string, what: string): LocatedText {
  const body = text.replace(/^\uFEFF/, '');
  const forbidden = forbiddenCharacters(body);
  if (forbidden.length > 0) throw new InputError(source, forbidden);
  const limits = readLimits();
  const yamlParsable = body.length <= limitBytes(limits, 'yamlMiB');
  const json = parseStrictJson(body);
  if (json === undefined && !yamlParsable) {
    throw new InputError(source, [
      { path: '', expected: `${atMost(limits, 'yamlMiB', 'of YAML')}, or JSON`, found: `${textSize(body.length)} of text that is not JSON` },
    ]);
  }
  let parsed: ParsedYaml | undefined = json === undefined ? parseYaml(body, source, what) : undefined;
  const value = json ?? parsed?.value;
  return {
    value,
    check<T>(check: (raw: unknown) => SchemaResult<T>): T {
      const result = check(value);
      if (result.ok) return result.value;
      if (!yamlParsable) throw new InputError(source, result.problems.map(withoutLocation));
      parsed ??= parseYaml(body, source, what);
      const { doc, lineCounter, aliasTargets } = parsed;
      throw new InputError(source, sortByPosition(result.problems.map((problem) => locate(doc, lineCounter, aliasTargets, problem))));
    },
  };
}

/** Read `text` once and run `check` on it (see readLocatedText). */
export function parseLocatedText<T>(text: string, source: string, what: string, check: (raw: unknown) => SchemaResult<T>): T {
  return readLocatedText(text, source, what).check(check);
}

interface ParsedYaml {
  readonly doc: Document;
  readonly lineCounter: LineCounter;
  readonly value: unknown;
  readonly aliasTargets: ReadonlyMap<Alias, Node>;
}

function parseYaml(body: string, source: string, what: string): ParsedYaml {
  const lineCounter = new LineCounter();
  // logLevel 'error': the parser's warnings (a mapping used as a key, stringified) would reach stderr as Node
  // process warnings beside our message; such a key is an unknown field, which the checks report at its place.
  const doc = parseDocument(body, { lineCounter, prettyErrors: true, uniqueKeys: true, merge: true, logLevel: 'error' });
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
  let read: YamlValue;
  try {
    read = yamlValue(doc, body, MAX_ALIAS_COUNT);
  } catch (error) {
    // Our refusals, and the stack's end on a document nested too deep.
    throw new InputError(source, [{ path: '', expected: 'valid YAML or JSON', found: (error as Error).message }]);
  }
  const { value, aliasTargets } = read;
  // Without an anchor (`&name`) there is no alias to expand.
  const expansion = body.includes('&') ? anchorExpansion(value) : undefined;
  if (expansion !== undefined) {
    throw new InputError(source, [
      { path: '', expected: `anchors and aliases that make the document at most ${MAX_EXPANSION} times as large as written`, found: expansion },
    ]);
  }
  if (value === null || value === undefined) {
    throw new InputError(source, [{ path: '', expected: what, found: 'an empty document' }]);
  }
  return { doc, lineCounter, value, aliasTargets };
}

/**
 * Aliases of one anchor a document may hold: a file that gives each of its
 * jobs a shared shape by `<<: *shape` needs one per job. A "billion laughs"
 * (anchors of anchors, each ten times the last) needs few: how large the
 * aliases make the document is judged apart (MAX_EXPANSION).
 */
const MAX_ALIAS_COUNT = 100_000;

/** How many times its own values a document may come to once every alias is expanded. */
const MAX_EXPANSION = 10;

/**
 * Undefined when `value`, each alias expanded (a value reached twice counted
 * twice), has at most MAX_EXPANSION times the values it holds once each
 * (plus a million); else what it came to. A few large anchors aliased many
 * times cost the checks as much as a bomb, which the alias count alone does
 * not see.
 */
function anchorExpansion(value: unknown): string | undefined {
  const seen = new Set<object>();
  let distinct = 0;
  walk(value, (v) => {
    distinct++;
    if (typeof v !== 'object' || v === null || seen.has(v)) return false;
    seen.add(v);
    return true;
  });
  const cap = MAX_EXPANSION * distinct + 1_000_000;
  let total = 0;
  walk(value, () => ++total <= cap);
  return total > cap ? `more than ${cap.toLocaleString('en')} values from ${distinct.toLocaleString('en')} written` : undefined;
}

/** Visits `value` and, depth first, the children of each value `enter` returns true for (iterative: input may nest deeply). */
function walk(value: unknown, enter: (v: unknown) => boolean): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (enter(v) && typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push(child);
  }
}

/** The first line of a YAML error, without the position (reported apart). */
function yamlMessage(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** By line and column, problems without a line last; ties keep their order (sort is stable). */
function sortByPosition(problems: InputProblem[]): InputProblem[] {
  return problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0));
}

interface Ranged {
  range?: readonly [number, number, number] | null;
}

/**
 * The problem's line and column: the node at its path, or for a path that
 * does not exist (a missing field) the nearest node above it. An unknown
 * field points at its key.
 */
function locate(doc: Document, lineCounter: LineCounter, aliasTargets: ReadonlyMap<Alias, Node>, problem: PathProblem): InputProblem {
  let node: unknown = doc.contents;
  let at: Ranged | null = doc.contents as Ranged | null;
  let key: Ranged | null = null;
  let complete = true;
  for (const segment of problem.path) {
    if (isAlias(node)) node = aliasTargets.get(node);
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
