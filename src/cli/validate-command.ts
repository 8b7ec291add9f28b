/**
 * `mrsched validate FILE [--kind K]`: check a scenario file, and every
 * scheduler's and placement's options in it by the schema its factory
 * declares, without building or running anything; or, with --kind, one of
 * the planners' input files, by the same parser its plan command reads it
 * with.
 */
import { Command, Option } from 'commander';
import { InputError, type InputProblem } from '../util/input-error.js';
import { parseSchedulerOptions, scenarioPlacements } from '../sched/index.js';
import { counted, jobsPhrase } from './jobs-phrase.js';
import { readScenarioInput } from './scenario-input.js';
import { refuseInScenarioFile } from './scheduler-option-problems.js';
import { withModuleOption } from './scheduler-choice.js';
import { registryWithModules } from '../plugins/scheduler-modules.js';
import { readTextFile } from '../input/unreadable-file.js';
import { parseClassFileText } from '../planners/adaptive/class-file.js';
import { parseDmrsText } from '../planners/dmrs/instance-file.js';
import { parseInstanceText } from '../planners/hta/instance-file.js';
import { parseMakespanText } from '../planners/makespan/input-file.js';
import { parseThresholdText } from '../planners/reduce-placement/threshold-file.js';
import { parseTreeText } from '../planners/reduce-placement/tree-file.js';

/** The planners' input files: what each is, the command that reads it, and its parser. */
const PLANNER_FILES = {
  makespan: { what: 'makespan problem', command: 'plan makespan', parse: parseMakespanText },
  assign: { what: 'task assignment instance', command: 'plan assign', parse: parseInstanceText },
  dmrs: { what: 'DMRS instance', command: 'plan dmrs', parse: parseDmrsText },
  classes: { what: 'class problem', command: 'plan classes', parse: parseClassFileText },
  'reduce-thresholds': { what: 'reduce thresholds instance', command: 'plan reduce-thresholds', parse: parseThresholdText },
  tree: { what: 'network tree', command: 'topology', parse: parseTreeText },
} as const;

type FileKind = 'scenario' | keyof typeof PLANNER_FILES;
import { writeStdout } from './standard-output.js';

export function validateCommand(): Command {
  return withModuleOption(
    new Command('validate')
      .description('Check a scenario file, or a planner\'s input file, and report every problem at once (exit 2 if any).')
      .argument('<file>', 'scenario file, or with --kind a planner\'s input file (YAML or JSON)')
      .addOption(new Option('--kind <kind>', 'what the file is').choices(['scenario', ...Object.keys(PLANNER_FILES)]).default('scenario')),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched validate examples/default.yaml
  $ mrsched validate my-cluster.yaml || echo "fix the lines above"
  $ mrsched validate --kind makespan examples/makespan/tian-five-jobs.yaml
  $ mrsched validate --kind dmrs examples/dmrs/worked-example.yaml`,
    )
    .action(async (file: string, options: { schedulerModule: string[]; kind: FileKind }) => {
      if (options.kind !== 'scenario') {
        const { what, command, parse } = PLANNER_FILES[options.kind];
        parse(readTextFile(file, `a readable ${what} file (YAML or JSON)`), file);
        writeStdout(`${file}: valid — a ${what}, as mrsched ${command} reads it\n`);
        return;
      }
      const input = await readScenarioInput(file);
      const scenario = input.resolve();
      // Every scheduler's and placement's options, by the schema its factory declares.
      const registry = await registryWithModules(options.schedulerModule);
      let problems: InputProblem[] = [];
      const collect = (check: () => void): void => {
        try {
          check();
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          problems = problems.concat(error.problems);
        }
      };
      const { schedulerOptions } = scenario;
      collect(() => registry.checkOptionKeys(schedulerOptions));
      collect(() => scenarioPlacements(registry, schedulerOptions));
      // A scheduler and a placement of one name (flow) share one schema: checked once.
      const parts = new Map([...registry.list(), ...registry.placements()].map((factory) => [factory.name, factory]));
      for (const part of parts.values()) collect(() => parseSchedulerOptions(part, schedulerOptions));
      if (problems.length > 0) refuseInScenarioFile(input, problems);
      const { cluster, jobs } = scenario;
      writeStdout(`${input.path}: valid — ${counted(cluster.nodes.length, 'node')} in ${counted(cluster.racks.length, 'rack')}, ${jobsPhrase(jobs)}\n`);
    });
}
