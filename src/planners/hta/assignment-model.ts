/**
 * The task assignment problem of "Assigning Tasks for Efficiency in Hadoop"
 * (Fischer, Su, Yin, SPAA 2010) as a linear model: x[t,s] = 1 when task t
 * runs on server s, and L ≥ every server's load, minimized.
 *
 * The remote cost w_rem(r) depends on the count r of remote tasks, which is
 * not linear; the MIP picks r with binaries z_0 … z_m (exactly one is 1, and
 * Σ k·z_k = r) and bounds each load with the w_rem(k) of the chosen k, the
 * rows of other k switched off by a big M (the largest load possible). With a
 * constant w_rem these are not needed and are left out. The relaxation drops
 * integrality and prices remote shares at w_rem(0), the least they can cost.
 */
import type { LinearModel, LinearTerm, Variable, Constraint } from '../../solvers/linear-program.js';
import { isLocal, type HtaInstance } from './hta-instance.js';
import { remoteCostAt } from './remote-cost.js';

export interface AssignmentModel {
  readonly model: LinearModel;
  /** Variable index of x[t,s]. */
  readonly x: (task: number, server: number) => number;
}

export function assignmentModel(instance: HtaInstance, kind: 'exact' | 'relaxation'): AssignmentModel {
  const m = instance.tasks.length;
  const n = instance.servers.length;
  const x = (task: number, server: number): number => task * n + server;
  const load = m * n;
  const exact = kind === 'exact';
  const variables: Variable[] = Array.from({ length: m * n }, () => ({ upper: 1, integer: exact }));
  variables.push({});
  const constraints: Constraint[] = [];
  for (let t = 0; t < m; t++) {
    constraints.push({ terms: Array.from({ length: n }, (_, s) => ({ variable: x(t, s), coefficient: 1 })), lower: 1, upper: 1 });
  }
  const local = (t: number, s: number): boolean => isLocal(instance, t, s);
  /** wLoc·(local tasks on s) + wRem·(remote tasks on s) − L */
  const loadTerms = (s: number, wRem: number): LinearTerm[] => [
    ...Array.from({ length: m }, (_, t) => ({ variable: x(t, s), coefficient: local(t, s) ? instance.wLoc : wRem })),
    { variable: load, coefficient: -1 },
  ];
  const uniform = instance.wRem.kind === 'constant' || remoteCostAt(instance.wRem, 0) === remoteCostAt(instance.wRem, m);
  if (!exact || uniform) {
    const wRem = remoteCostAt(instance.wRem, 0);
    for (let s = 0; s < n; s++) constraints.push({ terms: loadTerms(s, wRem), upper: 0 });
  } else {
    const z = (k: number): number => load + 1 + k;
    for (let k = 0; k <= m; k++) variables.push({ upper: 1, integer: true });
    constraints.push({ terms: Array.from({ length: m + 1 }, (_, k) => ({ variable: z(k), coefficient: 1 })), lower: 1, upper: 1 });
    const remoteTerms: LinearTerm[] = [];
    for (let t = 0; t < m; t++) for (let s = 0; s < n; s++) if (!local(t, s)) remoteTerms.push({ variable: x(t, s), coefficient: 1 });
    for (let k = 1; k <= m; k++) remoteTerms.push({ variable: z(k), coefficient: -k });
    constraints.push({ terms: remoteTerms, lower: 0, upper: 0 });
    const bigM = m * Math.max(instance.wLoc, remoteCostAt(instance.wRem, m));
    for (let k = 0; k <= m; k++) {
      const wRem = remoteCostAt(instance.wRem, k);
      for (let s = 0; s < n; s++) constraints.push({ terms: [...loadTerms(s, wRem), { variable: z(k), coefficient: bigM }], upper: bigM });
    }
  }
  return { model: { sense: 'minimize', objective: [{ variable: load, coefficient: 1 }], variables, constraints }, x };
}
