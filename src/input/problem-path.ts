/**
 * Field paths and the problems located by them: how a path is written
 * (`cluster.racks[1].nodes[3].speed`), and the helpers every check shares
 * to word and collect its problems.
 */
import type { InputProblem } from '../util/input-error.js';
import type { PathProblem } from './scenario-file.js';
import { str, type Obj } from './lenient-access.js';

export type Path = readonly (string | number)[];

/** `cluster.racks[1].nodes[3].speed` */
export function formatPath(path: Path): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** The path `formatPath` wrote, read back: `a.b[2]["x y"]` → ['a', 'b', 2, 'x y']. */
export function parsePath(text: string): Path {
  const segments: (string | number)[] = [];
  for (const [, name, index, quoted] of text.matchAll(/([^.[\]]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    segments.push(index !== undefined ? Number(index) : quoted !== undefined ? (JSON.parse(quoted) as string) : name);
  }
  return segments;
}

/** A problem with its path written out, for input that has no lines to point at. */
export function withoutLocation(problem: PathProblem): InputProblem {
  return { path: formatPath(problem.path), expected: problem.expected, found: problem.found };
}

/** The problems without repeats (same path, expectation and finding), first occurrences in order. */
export function dedupeProblems(problems: PathProblem[]): PathProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${formatPath(p.path)}\u0000${p.expected}\u0000${p.found}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The ids a reference may name, for an `expected` text: ` ('a', 'b')`, nothing when there are many. */
export function known(ids: Iterable<string>): string {
  const list = [...ids];
  if (list.length === 0) return ' (none declared)';
  if (list.length > 12) return '';
  return ` (${list.map((s) => `'${s}'`).join(', ')})`;
}

/** Ids of `items[].id`, reporting duplicates. */
export function uniqueIds(items: Obj[], path: Path, what: string, problems: PathProblem[]): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, i) => {
    const id = str(item, 'id');
    if (id === undefined) return;
    if (ids.has(id)) problems.push({ path: [...path, i, 'id'], expected: `a unique ${what} id`, found: `'${id}' again` });
    ids.add(id);
  });
  return ids;
}
