/**
 * Writing a scenario the program made (imported or generated): checked to
 * load before anything is written (a scenario we got wrong is our bug, not
 * the user's), written atomically to --out or to stdout, and summed up on
 * stderr.
 */
import { parseScenarioText } from '../model/load-scenario.js';
import { scenarioText, type GeneratedScenario } from '../workloads/generated-scenario.js';
import { counted, jobsPhrase } from './jobs-phrase.js';
import { writeOutputFile } from './output-dir.js';
import { writeStdout } from './standard-output.js';

export function writeGeneratedScenario(generated: GeneratedScenario, header: string, out: string | undefined, verb: string): void {
  const json = out?.toLowerCase().endsWith('.json') ?? false;
  const text = scenarioText(generated, header, json);
  const scenario = parseScenarioText(text, out ?? 'the scenario written to stdout');
  if (out === undefined) writeStdout(text);
  else writeOutputFile(out, text);
  process.stderr.write(
    `${verb} ${jobsPhrase(scenario.jobs)} on ${counted(scenario.cluster.nodes.length, 'node')}` +
      (out === undefined ? '' : ` into ${out}`) +
      `; ${generated.notes.length} assumptions noted in the file\n`,
  );
}
