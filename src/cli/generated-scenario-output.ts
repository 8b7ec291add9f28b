/**
 * Writing a scenario the program made (imported or generated): checked to
 * load before anything is written (a scenario we got wrong is our bug, not
 * the user's), written atomically to --out or to stdout, and summed up on
 * stderr (unless --quiet).
 */
import { InputError } from '../util/input-error.js';
import { parseScenarioText } from '../input/load-scenario.js';
import type { Scenario } from '../model/scenario.js';
import { scenarioText, type GeneratedScenario } from '../workloads/generated-scenario.js';
import { counted, jobsPhrase } from './jobs-phrase.js';
import { writeOutputFile } from './output-dir.js';
import { writeStdout } from './standard-output.js';
import { writeNotice } from './notices.js';

export function writeGeneratedScenario(generated: GeneratedScenario, header: string, out: string | undefined, verb: string): void {
  const json = out?.toLowerCase().endsWith('.json') ?? false;
  const text = scenarioText(generated, header, json);
  const scenario = checkedScenario(text, header);
  if (out === undefined) writeStdout(text);
  else writeOutputFile(out, text);
  writeNotice(
    `${verb} ${jobsPhrase(scenario.jobs)} on ${counted(scenario.cluster.nodes.length, 'node')}` +
      (out === undefined ? '' : ` into ${out}`) +
      `; ${generated.notes.length} assumptions noted in the file\n`,
  );
}

/**
 * The scenario the text holds; its problems (a scenario over a limit the
 * environment sets lower, or our own mistake) named by where it came from,
 * `header`, since the text is no file a line could point into.
 */
function checkedScenario(text: string, header: string): Scenario {
  const source = `the scenario ${header.replace(/\.$/, '').replace(/^\w/, (c) => c.toLowerCase())}`;
  try {
    return parseScenarioText(text, source);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(source, error.problems.map(({ path, expected, found }) => ({ path, expected, found })), error.total);
  }
}
