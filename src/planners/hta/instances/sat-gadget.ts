/**
 * The reduction f(φ) of Theorem 3.1 of "Assigning Tasks for Efficiency in
 * Hadoop" (Fischer, Su, Yin, SPAA 2010): a 3CNF formula φ becomes an instance
 * with w_loc = 1, w_rem = 3 and at most two replicas per task that admits a
 * maximum load of 3 exactly when φ is satisfiable.
 *
 * - Clause u: server C_u, literal tasks l_u1, l_u2, l_u3 and an auxiliary task
 *   a_u, all stored on C_u.
 * - Variable i (ω = the most occurrences of any literal): ring servers
 *   R_1 … R_2ω; ring task r_j stored on R_j and R_{j+1} (r_2ω on R_2ω and R_1);
 *   ω variable tasks stored on the sink server only.
 * - Sink: server P with tasks p_1, p_2, p_3.
 * - The k-th occurrence of x_i also stores its literal task on R_{2k−1}, the
 *   k-th occurrence of ¬x_i on R_{2k}.
 */
import { htaInstance, type HtaInstance } from '../hta-instance.js';

/** Literals as signed variable numbers: 2 is x_2, −2 is ¬x_2. */
export type Clause = readonly [number, number, number];

export function satGadgetInstance(formula: readonly Clause[]): HtaInstance {
  if (formula.length === 0) throw new RangeError('the formula needs at least one clause');
  for (const literal of formula.flat()) {
    if (!Number.isInteger(literal) || literal === 0) throw new RangeError(`a literal is a non-zero integer (x_i = i, ¬x_i = −i), found ${literal}`);
  }
  const variables = [...new Set(formula.flat().map(Math.abs))].sort((a, b) => a - b);
  const occurrences = new Map<number, number>();
  for (const literal of formula.flat()) occurrences.set(literal, (occurrences.get(literal) ?? 0) + 1);
  const omega = Math.max(...occurrences.values());
  const ring = (variable: number, j: number): string => `R${variable}_${j}`;
  const servers = [
    ...formula.map((_, u) => `C${u + 1}`),
    ...variables.flatMap((i) => Array.from({ length: 2 * omega }, (_, j) => ring(i, j + 1))),
    'P',
  ];
  const tasks: { id: string; replicas: string[] }[] = [];
  const seen = new Map<number, number>();
  formula.forEach((clause, u) => {
    clause.forEach((literal, v) => {
      const k = (seen.get(literal) ?? 0) + 1;
      seen.set(literal, k);
      tasks.push({ id: `l${u + 1}_${v + 1}`, replicas: [`C${u + 1}`, ring(Math.abs(literal), literal > 0 ? 2 * k - 1 : 2 * k)] });
    });
    tasks.push({ id: `a${u + 1}`, replicas: [`C${u + 1}`] });
  });
  for (const i of variables) {
    for (let j = 1; j <= 2 * omega; j++) tasks.push({ id: `r${i}_${j}`, replicas: [ring(i, j), ring(i, j === 2 * omega ? 1 : j + 1)] });
    for (let j = 1; j <= omega; j++) tasks.push({ id: `v${i}_${j}`, replicas: ['P'] });
  }
  for (let j = 1; j <= 3; j++) tasks.push({ id: `p${j}`, replicas: ['P'] });
  return htaInstance({ servers, tasks, wLoc: 1, wRem: { kind: 'constant', value: 3 } }, 'f(φ)');
}

/** A formula written as `(x1 | x2 | !x3) & (!x1 | x2 | x2)`; ¬, ~, - and ! all negate; ∧, & and ∨, | are accepted. */
export function parseCnf(text: string): Clause[] | { error: string } {
  const clauses = text.split(/[∧&]/).map((part) => part.trim().replace(/^\(|\)$/g, '').trim());
  const formula: Clause[] = [];
  for (const [u, clause] of clauses.entries()) {
    const literals = clause.split(/[∨|]/).map((literal) => literal.trim());
    if (literals.length !== 3) return { error: `clause ${u + 1} ('${clause}') has ${literals.length} literals, expected 3` };
    const parsed = literals.map((literal) => /^([¬~!-]?)\s*x(\d+)$/.exec(literal));
    const bad = parsed.findIndex((match) => match === null || Number(match[2]) === 0);
    if (bad >= 0) return { error: `clause ${u + 1}: '${literals[bad]}' is not a literal like x1 or ¬x1` };
    const [a, b, c] = parsed.map((match) => (match?.[1] === '' ? 1 : -1) * Number(match?.[2]));
    formula.push([a, b, c]);
  }
  return formula;
}
