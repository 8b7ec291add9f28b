/** The workload generators a sweep spec may name as a scenario (`generate: loadgen`), as `mrsched generate KIND` runs them. */
import type { ScenarioFile } from '../input/scenario-file.js';
import { dmrsScenario } from '../workloads/generators/dmrs.js';
import { loadgenScenario } from '../workloads/generators/loadgen.js';

export const GENERATORS = ['loadgen', 'dmrs'] as const;
export type GeneratorName = (typeof GENERATORS)[number];

/** The scenario file the generator makes with these options; an InputError naming each bad option. */
export function generateScenario(generator: GeneratorName, options: Readonly<Record<string, unknown>>): ScenarioFile {
  const generate = generator === 'loadgen' ? loadgenScenario : dmrsScenario;
  return generate(options as Parameters<typeof generate>[0]).scenario;
}
