/**
 * A sweep parameter's path into a scenario document, as people write it:
 * `settings.slowStart`, `cluster.racks[0].nodes`, `cluster.racks[*].nodes`
 * (every entry of the list), `schedulerOptions.fair.nodeLocalityDelay`, or
 * `["odd key"]`. Setting a value copies the nodes along the path and leaves
 * the document it was given unchanged, since every cell starts from the same
 * document.
 */
import { isObj } from '../input/lenient-access.js';

/** A key, a list index, or every entry of a list. */
export type PathStep = { readonly key: string } | { readonly index: number } | { readonly every: true };

const STEP = /^(?:\.?([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[(\*)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The steps of `text`, or undefined when it is not a path. */
export function parsePath(text: string): PathStep[] | undefined {
  const steps: PathStep[] = [];
  let rest = text;
  while (rest !== '') {
    const match = STEP.exec(rest);
    // A key after the first needs its dot: `a.b`, not `ab` read as two.
    if (match === null || (match[1] !== undefined && steps.length > 0 && !rest.startsWith('.'))) return undefined;
    if (match[1] !== undefined) steps.push({ key: match[1] });
    else if (match[2] !== undefined) steps.push({ index: Number(match[2]) });
    else if (match[3] !== undefined) steps.push({ every: true });
    else steps.push({ key: JSON.parse(match[4]) as string });
    rest = rest.slice(match[0].length);
  }
  return steps.length === 0 || text.startsWith('.') ? undefined : steps;
}

/**
 * Why `steps` cannot be set in `document`, or undefined when they can: every
 * list step must meet a list (an index inside it), every key step a mapping
 * or nothing yet (the mappings are made).
 */
export function pathProblem(document: unknown, steps: readonly PathStep[]): string | undefined {
  return problemAt(document, steps, 0);
}

function problemAt(node: unknown, steps: readonly PathStep[], at: number): string | undefined {
  if (at === steps.length) return undefined;
  const step = steps[at];
  const where = at === 0 ? 'the document' : `'${describeSteps(steps.slice(0, at))}'`;
  if ('key' in step) {
    if (node === undefined) return undefined;
    if (!isObj(node)) return `${where} is not a mapping, so it has no field '${step.key}'`;
    return problemAt(node[step.key], steps, at + 1);
  }
  if (!Array.isArray(node)) return `${where} is not a list`;
  if ('index' in step) {
    return step.index < node.length ? problemAt(node[step.index], steps, at + 1) : `${where} has ${node.length} ${node.length === 1 ? 'entry' : 'entries'}, so no [${step.index}]`;
  }
  if (node.length === 0) return `${where} is an empty list`;
  for (const entry of node) {
    const problem = problemAt(entry, steps, at + 1);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** `document` with `value` at `steps` (check them with pathProblem first); the document itself is not changed. */
export function withValueAt(document: unknown, steps: readonly PathStep[], value: unknown): unknown {
  if (steps.length === 0) return value;
  const [step, ...rest] = steps;
  if ('key' in step) {
    const mapping = isObj(document) ? document : {};
    return { ...mapping, [step.key]: withValueAt(mapping[step.key], rest, value) };
  }
  const list = document as unknown[];
  return list.map((entry, i) => ('every' in step || i === step.index ? withValueAt(entry, rest, value) : entry));
}

/** The path written back from its steps. */
export function describeSteps(steps: readonly PathStep[]): string {
  return steps
    .map((step, i) => {
      if ('every' in step) return '[*]';
      if ('index' in step) return `[${step.index}]`;
      if (!/^[A-Za-z_$][\w$-]*$/.test(step.key)) return `[${JSON.stringify(step.key)}]`;
      return i === 0 ? step.key : `.${step.key}`;
    })
    .join('');
}
