export { FlowNetwork, FlowNetworkBuilder } from './max-flow.js';
export {
  solveLinearModel,
  lpFormat,
  type LinearModel,
  type LinearTerm,
  type Variable,
  type Constraint,
  type SolveOptions,
  type SolveResult,
  type SolveStatus,
} from './linear-program.js';
