/**
 * A scenario file made by the program (by a trace importer or a workload
 * generator) rather than written by hand, with the assumptions it applied,
 * and its text as written out: the assumptions as comments at the top of
 * YAML, or in the description of JSON, so that nothing is invented silently.
 */
import YAML from 'yaml';
import type { ScenarioFile } from '../model/scenario-file.js';
import type { SkippedRecord } from './skipped-record.js';

export interface GeneratedScenario {
  /** A whole scenario file: cluster, storage, users, pools, jobs or job streams, settings. */
  readonly scenario: ScenarioFile;
  /** One line per assumption applied (cost model, reducer rule, cluster made up …). */
  readonly notes: readonly string[];
  /** Records of a trace left out, and why (importers with skipInvalid only). */
  readonly skipped?: readonly SkippedRecord[];
}

/** The scenario as file text, with where it came from and every assumption as comments (YAML) or fields (JSON). */
export function scenarioText(generated: GeneratedScenario, header: string, json: boolean): string {
  const skipped = generated.skipped ?? [];
  if (json) return JSON.stringify({ description: header, ...generated.scenario }, null, 2) + '\n';
  const comments = [header, '', 'Assumptions:', ...generated.notes.map((note) => `- ${note}`)];
  if (skipped.length > 0) {
    comments.push('', `Skipped ${skipped.length} record(s):`, ...skipped.map((s) => `- ${s.where}: ${s.reason}`));
  }
  const text = comments.map((line) => `# ${line}`.trimEnd()).join('\n');
  return `${text}\n${YAML.stringify(generated.scenario, { lineWidth: 0 })}`;
}
