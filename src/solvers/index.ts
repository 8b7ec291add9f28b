export { FlowNetwork, FlowNetworkBuilder } from './max-flow.js';
export {
  loadLinearSolver,
  solveLinearModel,
  lpFormat,
  type LinearModel,
  type LinearSolver,
  type LinearTerm,
  type Variable,
  type Constraint,
  type SolveOptions,
  type SolveResult,
  type SolveStatus,
} from './linear-program.js';
