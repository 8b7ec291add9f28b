export { PAPER_EXPERIMENTS, findExperiment } from './registry.js';
export { verdict, type PaperExperiment, type PaperFigure, type PaperInterval, type ReproduceContext, type Verdict } from './paper-experiment.js';
export { runClaimMap } from './claim-map-run.js';
export type { ModelSensitivity, Sensitivity, SpecVariant, SweptSensitivity } from './sensitivity.js';
