/** The task estimates a scheduler's `estimates` option names (task-estimates.ts says what each gives). */
import { LearnedEstimates } from './learned-estimates.js';
import { OracleEstimates } from './oracle-estimates.js';
import type { EstimateSetup, EstimateSource, TaskEstimates } from './task-estimates.js';

export function taskEstimates(source: EstimateSource, setup: EstimateSetup): TaskEstimates {
  return source === 'oracle' ? new OracleEstimates(setup.oracle) : new LearnedEstimates(setup);
}
