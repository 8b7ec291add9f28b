/**
 * The exact optimum of the task assignment problem of "Assigning Tasks for
 * Efficiency in Hadoop" (Fischer, Su, Yin, SPAA 2010), which the paper proves
 * NP-complete (Theorem 3.1): the MIP of assignment-model.ts solved by HiGHS.
 * For small instances (it has m·n binaries); with a time limit the answer
 * may be only feasible, or missing, and the status says which.
 */
import { solveLinearModel, type SolveStatus } from '../../solvers/linear-program.js';
import { assignmentLoads, type AssignmentLoads } from './assignment-loads.js';
import { assignmentModel } from './assignment-model.js';
import type { HtaInstance } from './hta-instance.js';

export interface OptimalAssignment {
  /** optimal, feasible (time limit, not proved optimal), timedout (no assignment found in time), or the solver's other statuses. */
  readonly status: SolveStatus;
  readonly assignment?: Int32Array;
  readonly loads?: AssignmentLoads;
}

export async function optimalAssign(instance: HtaInstance, options: { timeLimitSeconds?: number } = {}): Promise<OptimalAssignment> {
  const m = instance.tasks.length;
  const n = instance.servers.length;
  const { model, x } = assignmentModel(instance, 'exact');
  const result = await solveLinearModel(model, options);
  if ((result.status !== 'optimal' && result.status !== 'feasible') || result.values === undefined) return { status: result.status };
  const values = result.values;
  const assignment = new Int32Array(m);
  for (let t = 0; t < m; t++) {
    let best = 0;
    for (let s = 1; s < n; s++) if (values[x(t, s)] > values[x(t, best)]) best = s;
    assignment[t] = best;
  }
  return { status: result.status, assignment, loads: assignmentLoads(instance, assignment) };
}
