/** Every makespan planner by name, for the CLI and library callers who pick one at run time. */
import { planBalancedPools } from './balanced-pools.js';
import { planJohnson } from './johnson-plan.js';
import { planMkjr } from './mkjr.js';
import { planOptimal, type ExactModel } from './optimal.js';
import type { MakespanAlgorithm, MakespanPlan } from './plan.js';
import type { MakespanProblem } from './problem.js';
import { planSlotRatio } from './slot-ratio.js';
import { planUaas } from './uaas.js';

export interface PlanOptions {
  /** For `optimal`: the model searched (default `tasks`). */
  readonly model?: ExactModel;
  /** Names the input in errors. */
  readonly source?: string;
}

export function planMakespan(problem: MakespanProblem, algorithm: MakespanAlgorithm, options: PlanOptions = {}): MakespanPlan {
  switch (algorithm) {
    case 'johnson':
      return planJohnson(problem, options.source);
    case 'uaas':
      return planUaas(problem, options.source);
    case 'mkjr':
      return planMkjr(problem, problem.cluster, options.source);
    case 'balanced-pools':
      return planBalancedPools(problem, options.source);
    case 'slot-ratio':
      return planSlotRatio(problem, options.source);
    case 'optimal':
      return planOptimal(problem, options.model, options.source);
  }
}
