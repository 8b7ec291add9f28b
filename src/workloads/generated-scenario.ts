/**
 * A scenario file made by the program (by a trace importer or a workload
 * generator) rather than written by hand, with the assumptions it applied,
 * and its text as written out, the assumptions in its `notes` field, so that
 * nothing is invented silently.
 */
import YAML from 'yaml';
import type { ScenarioFile } from '../input/scenario-file.js';
import type { SkippedRecord } from './skipped-record.js';

export interface GeneratedScenario {
  /** A whole scenario file: cluster, storage, users, pools, jobs or job streams, settings. */
  readonly scenario: ScenarioFile;
  /** One line per assumption applied (cost model, reducer rule, cluster made up …). */
  readonly notes: readonly string[];
  /** Records of a trace left out, and why (importers with skipInvalid only). */
  readonly skipped?: readonly SkippedRecord[];
}

/**
 * The scenario as file text, with where it came from (the description of
 * JSON, a comment atop YAML) and every assumption and skipped record as its
 * `notes` field, in both formats, so that a JSON file loses none of them.
 */
export function scenarioText(generated: GeneratedScenario, header: string, json: boolean): string {
  const skipped = (generated.skipped ?? []).map((s) => `skipped ${s.where}: ${s.reason}`);
  const { name, description, ...rest } = generated.scenario;
  const withNotes: ScenarioFile = {
    ...(name === undefined ? {} : { name }),
    ...(description !== undefined ? { description } : json ? { description: header } : {}),
    notes: [...generated.notes, ...skipped],
    ...rest,
  };
  if (json) return JSON.stringify(withNotes, null, 2) + '\n';
  return `# ${header}\n${YAML.stringify(withNotes, { lineWidth: 0 })}`;
}
