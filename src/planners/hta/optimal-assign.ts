/**
 * The exact optimum of the task assignment problem of "Assigning Tasks for
 * Efficiency in Hadoop" (Fischer, Su, Yin, SPAA 2010), which the paper proves
 * NP-complete (Theorem 3.1): the MIP of assignment-model.ts solved by HiGHS.
 * For small instances (it has m·n binaries); with a time limit the answer
 * may be only feasible, and the status says so.
 *
 * It starts from the flow-based answer (`flow-assign.ts`, polynomial), the
 * incumbent to beat: when the time limit stops the MIP before it finds an
 * assignment at least as good, flow's assignment is the answer (`from:
 * 'flow'`, status feasible). So the optimum never reports worse than flow: on
 * 2,000 tasks under a time limit it once gave a max load of 246 where flow
 * finds 40. HiGHS as the package drives it takes no MIP start, and bounding L
 * by flow's max load in the model made it slower, not faster (a 3SAT gadget
 * solved in 1.7 s went past 20 s: the bound sits at the optimum and HiGHS
 * struggles to close the gap within its tolerances), so the flow answer is
 * kept beside the MIP rather than put into it.
 */
import { solveLinearModel, type SolveStatus } from '../../solvers/linear-program.js';
import { assignmentLoads, type AssignmentLoads } from './assignment-loads.js';
import { assignmentModel } from './assignment-model.js';
import { flowAssign } from './flow-assign.js';
import type { HtaInstance } from './hta-instance.js';

export interface OptimalAssignment {
  /** optimal; feasible (time limit, not proved optimal); or the solver's other statuses, without an assignment, when even flow's is missing (no task). */
  readonly status: SolveStatus;
  readonly assignment?: Int32Array;
  readonly loads?: AssignmentLoads;
  /** Where the assignment comes from: the MIP, or flow's start when the MIP found nothing better in time. */
  readonly from?: 'mip' | 'flow';
}

export async function optimalAssign(instance: HtaInstance, options: { timeLimitSeconds?: number } = {}): Promise<OptimalAssignment> {
  const m = instance.tasks.length;
  const n = instance.servers.length;
  const start = m === 0 ? null : flowAssign(instance);
  const { model, x } = assignmentModel(instance, 'exact');
  const result = await solveLinearModel(model, options);
  const fromFlow = (): OptimalAssignment =>
    start === null ? { status: result.status } : { status: 'feasible', assignment: start.assignment, loads: assignmentLoads(instance, start.assignment), from: 'flow' };
  if ((result.status !== 'optimal' && result.status !== 'feasible') || result.values === undefined) return fromFlow();
  const values = result.values;
  const assignment = new Int32Array(m);
  for (let t = 0; t < m; t++) {
    let best = 0;
    for (let s = 1; s < n; s++) if (values[x(t, s)] > values[x(t, best)]) best = s;
    assignment[t] = best;
  }
  const loads = assignmentLoads(instance, assignment);
  if (result.status !== 'optimal' && start !== null && loads.maxLoad > start.maxLoad) return fromFlow();
  return { status: result.status, assignment, loads, from: 'mip' };
}
