/** `mrsched import FORMAT FILE`: a real trace (SWIM, Rumen, SLS) turned into a scenario file. */
import { Command, InvalidArgumentError } from 'commander';
import { TRACE_FORMATS } from '../input/scenario-file.js';
import { importTrace, TRACE_OPTIONS, type TraceFormat } from '../workloads/import-trace.js';
import { writeGeneratedScenario } from './generated-scenario-output.js';
import { checkOutputFile } from './output-dir.js';
import { reportSkipped } from './skipped-records.js';
import { importHadoopConfCommand } from './import-hadoop-conf-command.js';

export function importCommand(): Command {
  return new Command('import')
    // Its own options before `hadoop-conf` only: that sub-command has an --out of its own.
    .enablePositionalOptions()
    .description('Turn a trace (SWIM TSV, Hadoop Rumen JSON, SLS JSON) into a scenario file; its assumptions go in its notes field. `import hadoop-conf DIR` reads a Hadoop configuration directory instead.')
    .addCommand(importHadoopConfCommand())
    .addArgument(new Command().createArgument('<format>', 'trace format').choices([...TRACE_FORMATS]))
    .argument('<file>', 'the trace file')
    .option('-o, --out <file>', 'write the scenario here (.json for JSON, else YAML) instead of to stdout')
    .option('--skip-invalid', 'leave out malformed records (listed on stderr and in the file) instead of stopping')
    .option('--option <name=value>', 'an importer option; repeat for more (see below)', collectOption)
    .addHelpText(
      'after',
      `
Options by format (defaults in docs/traces/):
${TRACE_FORMATS.map((format) => `  ${format.padEnd(6)} ${TRACE_OPTIONS[format].join(', ')}`).join('\n')}

Examples:
  $ mrsched import swim data/traces/swim/FB-2009_samples_24_times_1hr_0.tsv --out facebook-2009.yaml
  $ mrsched import swim trace.tsv --option nodes=100 --option users=5 > small.yaml
  $ mrsched import rumen job-history.json --option durations=model --out replay.yaml
  $ mrsched import sls inputsls.json --option topology=nodes.json --out sls.yaml
  $ mrsched import hadoop-conf /etc/hadoop/conf --jobs trace.tsv --out cluster.yaml
  $ mrsched simulate facebook-2009.yaml --scheduler fair`,
    )
    .action(async (format: TraceFormat, file: string, options: ImportCliOptions) => {
      if (options.out !== undefined) checkOutputFile(options.out);
      const result = await importTrace(format, file, { ...(options.option ?? {}), skipInvalid: options.skipInvalid === true });
      writeGeneratedScenario(result, `Imported from ${file} by mrsched import ${format}.`, options.out, 'imported');
      reportSkipped(result.skipped, '', ' (all listed in the file)');
    });
}

export interface ImportCliOptions {
  readonly out?: string;
  readonly skipInvalid?: boolean;
  readonly option?: Record<string, string | number | boolean>;
}

/** `name=value`: numbers and true/false become numbers and booleans; anything else stays text. */
export function collectOption(text: string, options: Record<string, string | number | boolean> | undefined) {
  const at = text.indexOf('=');
  if (at <= 0) throw new InvalidArgumentError(`expected name=value, found '${text}'.`);
  const name = text.slice(0, at).trim();
  const raw = text.slice(at + 1).trim();
  const value = raw === 'true' ? true : raw === 'false' ? false : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  return { ...options, [name]: value };
}
