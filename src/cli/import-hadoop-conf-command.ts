/**
 * `mrsched import hadoop-conf DIR`: an operator's Hadoop configuration
 * directory into a scenario file (src/workloads/hadoop-conf/). With --jobs
 * the scenario is checked to load, as every imported scenario is, before it
 * is written; without, it has no jobs yet, and it is checked as it will load
 * once jobs join.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { InputError } from '../util/input-error.js';
import { readScenarioText } from '../input/load-scenario.js';
import type { ScenarioFile } from '../input/scenario-file.js';
import { scenarioText, type GeneratedScenario } from '../workloads/generated-scenario.js';
import { importHadoopConf, JOBS_FORMATS, type JobsFormat } from '../workloads/hadoop-conf/index.js';
import { importScenarioTrace } from '../workloads/scenario-with-trace.js';
import { counted } from './jobs-phrase.js';
import { writeNotice } from './notices.js';
import { checkOutputFile, writeOutputFile } from './output-dir.js';
import { writeStdout } from './standard-output.js';

export function importHadoopConfCommand(): Command {
  return new Command('hadoop-conf')
    .description("Turn a Hadoop configuration directory (yarn-site.xml, mapred-site.xml, fair-scheduler.xml or capacity-scheduler.xml, a rack table) into a scenario file; what was read and left out goes in its notes field.")
    .argument('<dir>', 'the configuration directory (etc/hadoop, or a copy)')
    .option('-o, --out <file>', 'write the scenario here (.json for JSON, else YAML) instead of to stdout')
    .option('--nodes <n>', 'nodes of the cluster, in one rack (needed without a rack table; wins over one)', wholeNumber)
    .option('--jobs <file>', 'a SWIM, Rumen or SLS trace, or a scenario file, whose jobs join')
    .addOption(new Option('--jobs-format <format>', "what --jobs is, when its start does not say").choices([...JOBS_FORMATS]))
    .addHelpText(
      'after',
      `
Without --jobs the scenario has no jobs: add a trace field or jobs to it before simulating (docs/hadoop-conf.md).

Examples:
  $ mrsched import hadoop-conf /etc/hadoop/conf --jobs day.tsv --out cluster.yaml
  $ mrsched import hadoop-conf conf/ --nodes 40 --jobs examples/default.yaml --out cluster.yaml
  $ mrsched simulate cluster.yaml --scheduler fair`,
    )
    .action(async (dir: string, options: HadoopConfCliOptions) => {
      if (options.out !== undefined) checkOutputFile(options.out);
      const imported = await importHadoopConf(dir, {
        ...(options.nodes === undefined ? {} : { nodes: options.nodes }),
        ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
        ...(options.jobsFormat === undefined ? {} : { jobsFormat: options.jobsFormat }),
        ...(options.out === undefined ? {} : { out: options.out }),
      });
      const header = `Imported from ${dir} by mrsched import hadoop-conf.`;
      const json = options.out?.toLowerCase().endsWith('.json') ?? false;
      const generated = { scenario: imported.scenario as unknown as ScenarioFile, notes: imported.notes };
      const text = scenarioText(generated, header, json);
      await checkImported(generated, imported.hasJobs, options.out);
      if (options.out === undefined) writeStdout(text);
      else writeOutputFile(options.out, text);
      const nodes = imported.scenario.cluster.racks.reduce((n, rack) => n + (typeof rack.nodes === 'number' ? rack.nodes : rack.nodes.length), 0);
      writeNotice(
        `imported ${imported.files.join(', ')}: ${counted(nodes, 'node')}, ${counted(imported.scenario.pools.length, 'pool')}` +
          (imported.scheduler === undefined ? '' : `, for --scheduler ${imported.scheduler}`) +
          (options.out === undefined ? '' : ` into ${options.out}`) +
          `; ${imported.notes.length} notes in the file\n`,
      );
      if (!imported.hasJobs) writeNotice('note: no jobs yet: give --jobs, or add a trace field or jobs to the scenario before simulating it\n');
    });
}

export interface HadoopConfCliOptions {
  readonly out?: string;
  readonly nodes?: number;
  readonly jobs?: string;
  readonly jobsFormat?: JobsFormat;
}

function wholeNumber(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < 1) throw new InvalidArgumentError(`expected a whole number ≥ 1, found '${text}'.`);
  return value;
}

/**
 * The scenario loads as written (with its trace imported, relative to where
 * it goes); one without jobs is checked with a stand-in job, which is not
 * written. A problem is ours, not the user's: it is named by the header.
 */
async function checkImported(generated: GeneratedScenario, hasJobs: boolean, out: string | undefined): Promise<void> {
  const source = 'the scenario imported by mrsched import hadoop-conf';
  const where = out ?? 'scenario.yaml';
  const checked = hasJobs ? generated : { ...generated, scenario: { ...generated.scenario, jobs: [{ id: 'stand-in', maps: 1, mapTime: 1 }] } };
  try {
    const read = readScenarioText(scenarioText(checked, source, false), where);
    const trace = read.trace === undefined ? undefined : await importScenarioTrace(read.trace, where);
    read.resolve({ ...(trace === undefined ? {} : { trace: trace.scenario }) });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(source, error.problems.map(({ path, expected, found }) => ({ path, expected, found })), error.total);
  }
}
