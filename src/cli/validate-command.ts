/**
 * `mrsched validate FILE [--kind K]`: check a scenario file, and every
 * scheduler's and placement's options in it by the schema its factory
 * declares, without building or running anything; or one of the planners'
 * input files, by the same parser its plan command reads it with. Without
 * --kind, a file that is not a valid scenario is read as the kind of file
 * that finds the fewest problems in it (a makespan problem, for one, has a
 * scenario's `cluster` and `jobs`, so the keys alone do not tell).
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
import { writeStdout } from './standard-output.js';

/** The planners' input files: what each is, the command that reads it, and its parser. */
const PLANNER_FILES = {
  makespan: { what: 'makespan problem', command: 'plan makespan', parse: parseMakespanText },
  assign: { what: 'task assignment instance', command: 'plan assign', parse: parseInstanceText },
  dmrs: { what: 'DMRS instance', command: 'plan dmrs', parse: parseDmrsText },
  classes: { what: 'class problem', command: 'plan classes', parse: parseClassFileText },
  'reduce-thresholds': { what: 'reduce thresholds instance', command: 'plan reduce-thresholds', parse: parseThresholdText },
  tree: { what: 'network tree', command: 'topology', parse: parseTreeText },
} as const;

type PlannerFileKind = keyof typeof PLANNER_FILES;
type FileKind = 'scenario' | PlannerFileKind;

export function validateCommand(): Command {
  return withModuleOption(
    new Command('validate')
      .description('Check a scenario file, or a planner\'s input file, and report every problem at once (exit 2 if any).')
      .argument('<file>', 'scenario file, or a planner\'s input file (YAML or JSON)')
      .addOption(new Option('--kind <kind>', 'what the file is (by default: found from what it holds)').choices(['scenario', ...Object.keys(PLANNER_FILES)])),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched validate examples/default.yaml
  $ mrsched validate my-cluster.yaml || echo "fix the lines above"
  $ mrsched validate examples/makespan/tian-five-jobs.yaml
  $ mrsched validate --kind dmrs examples/dmrs/worked-example.yaml`,
    )
    .action(async (file: string, options: { schedulerModule: string[]; kind?: FileKind }) => {
      if (options.kind !== undefined && options.kind !== 'scenario') return validatePlannerFile(options.kind, file, false);
      let input: Awaited<ReturnType<typeof readScenarioInput>>;
      let scenario: ReturnType<typeof input.resolve>;
      try {
        input = await readScenarioInput(file);
        scenario = input.resolve();
      } catch (error) {
        if (options.kind === 'scenario' || !(error instanceof InputError)) throw error;
        const kind = likeliestPlannerKind(file, error.problems.length);
        if (kind === undefined) throw error;
        return validatePlannerFile(kind, file, true);
      }
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

/** Checks a planner's input file by its plan command's parser; `found`: the kind was found from what the file holds. */
function validatePlannerFile(kind: PlannerFileKind, file: string, found: boolean): void {
  const { what, command, parse } = PLANNER_FILES[kind];
  try {
    parse(readTextFile(file, `a readable ${what} file (YAML or JSON)`), file);
  } catch (error) {
    if (found) process.stderr.write(`note: ${file} reads best as a ${what} (give --kind to read it as another kind of file):\n`);
    throw error;
  }
  writeStdout(`${file}: valid — a ${what}${found ? ' (found from what it holds)' : ''}, as mrsched ${command} reads it\n`);
}

/** The planner's file kind that finds fewer problems in `file` than `fewest` (a scenario's), the fewest of them; none if none does. */
function likeliestPlannerKind(file: string, fewest: number): PlannerFileKind | undefined {
  let text: string;
  try {
    text = readTextFile(file, 'a readable file (YAML or JSON)');
  } catch {
    return undefined;
  }
  let likeliest: PlannerFileKind | undefined;
  for (const kind of Object.keys(PLANNER_FILES) as PlannerFileKind[]) {
    const problems = problemCount(() => PLANNER_FILES[kind].parse(text, file));
    if (problems < fewest) {
      likeliest = kind;
      fewest = problems;
    }
  }
  return likeliest;
}

/** How many problems `parse` finds (0 when it accepts). */
function problemCount(parse: () => unknown): number {
  try {
    parse();
    return 0;
  } catch (error) {
    if (error instanceof InputError) return error.problems.length;
    throw error;
  }
}
