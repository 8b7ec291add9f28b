/**
 * Lower bounds on the optimal maximum load L^O of "Assigning Tasks for
 * Efficiency in Hadoop" (Fischer, Su, Yin, SPAA 2010):
 * - the paper's ⌈m/n⌉·w_loc (some server runs ⌈m/n⌉ tasks, each costing at least w_loc);
 * - the LP relaxation: tasks split fractionally, a remote share costing
 *   w_rem(0), the least a remote task can cost. Every integral assignment is
 *   a solution of it, so its optimum is a lower bound; solved with HiGHS.
 */
import { solveLinearModel, type SolveStatus } from '../../solvers/linear-program.js';
import type { HtaInstance } from './hta-instance.js';
import { assignmentModel } from './assignment-model.js';

export function countLowerBound(instance: HtaInstance): number {
  const m = instance.tasks.length;
  return m === 0 ? 0 : Math.ceil(m / instance.servers.length) * instance.wLoc;
}

export interface LpLowerBound {
  readonly status: SolveStatus;
  /** The bound when status is optimal (a feasible LP point is no bound). */
  readonly value?: number;
}

export async function lpLowerBound(instance: HtaInstance, timeLimitSeconds?: number): Promise<LpLowerBound> {
  const { model } = assignmentModel(instance, 'relaxation');
  const result = await solveLinearModel(model, timeLimitSeconds === undefined ? {} : { timeLimitSeconds });
  return result.status === 'optimal' && result.objective !== undefined ? { status: 'optimal', value: result.objective } : { status: result.status };
}
