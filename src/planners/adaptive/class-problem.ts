/**
 * The input of the LP of Rasooli and Down (class-allocation.ts): resources,
 * and job classes with an arrival rate α_i and an execution rate μ_{i,j} on
 * each resource j (jobs per unit of time with the whole resource; any unit
 * of time, the same for all). The classes of a classification are such
 * classes; so are those of a class file (class-file.ts).
 */
import { InputError } from '../../util/input-error.js';
import { uniqueIds, withoutLocation } from '../../input/problem-path.js';
import type { PathProblem } from '../../input/schema-problems.js';
import { isRate, type RateProfile } from './job-type.js';

export interface ClassProblem {
  readonly resources: readonly string[];
  /** Each class's α_i and μ_{i,j}. */
  readonly classes: readonly RateProfile[];
}

/** Every rule a class problem must follow: unique ids, one finite rate ≥ 0 per resource, a finite arrival rate ≥ 0. */
export function classProblemErrors(problem: ClassProblem): PathProblem[] {
  const problems: PathProblem[] = [];
  const resources = new Set<string>();
  problem.resources.forEach((id, j) => {
    if (resources.has(id)) problems.push({ path: ['resources', j], expected: 'a unique resource id', found: `'${id}' again` });
    resources.add(id);
  });
  uniqueIds(problem.classes.map((c) => ({ id: c.id })), ['classes'], 'class', problems);
  const m = problem.resources.length;
  problem.classes.forEach((c, i) => {
    if (!isRate(c.arrivalRate)) problems.push({ path: ['classes', i, 'arrivalRate'], expected: 'a finite number ≥ 0', found: String(c.arrivalRate) });
    if (c.rates.length !== m) {
      problems.push({ path: ['classes', i, 'rates'], expected: `one rate per resource (${m})`, found: `${c.rates.length} rate${c.rates.length === 1 ? '' : 's'}` });
    }
    c.rates.forEach((rate, j) => {
      if (!isRate(rate)) problems.push({ path: ['classes', i, 'rates', j], expected: 'a finite number ≥ 0', found: String(rate) });
    });
  });
  return problems;
}

/** Throws an InputError naming `source` with every problem of the class problem. */
export function assertValidClassProblem(problem: ClassProblem, source = 'class problem'): void {
  const problems = classProblemErrors(problem);
  if (problems.length > 0) throw new InputError(source, problems.map(withoutLocation));
}
