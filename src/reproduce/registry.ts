/**
 * Every paper's headline experiments, by name, in the order `mrsched
 * reproduce --list` shows them. A paper's owner adds its experiments in a
 * file of its own under experiments/ and one line here.
 */
import { AGGARWAL_EXPERIMENTS } from './experiments/aggarwal-dmrs.js';
import { FISCHER_EXPERIMENTS } from './experiments/fischer-hta.js';
import { RASOOLI_DOWN_EXPERIMENTS } from './experiments/rasooli-down.js';
import { REDUCE_PLACEMENT_EXPERIMENTS } from './experiments/reduce-placement.js';
import { TIAN_EXPERIMENTS } from './experiments/tian-makespan.js';
import type { PaperExperiment } from './paper-experiment.js';

export const PAPER_EXPERIMENTS: readonly PaperExperiment[] = [
  ...TIAN_EXPERIMENTS, // seed 000
  ...AGGARWAL_EXPERIMENTS, // seed 001
  ...RASOOLI_DOWN_EXPERIMENTS, // seed 002
  ...REDUCE_PLACEMENT_EXPERIMENTS, // seed 003
  ...FISCHER_EXPERIMENTS, // seed 004
];

export function findExperiment(name: string): PaperExperiment | undefined {
  return PAPER_EXPERIMENTS.find((experiment) => experiment.name === name);
}
