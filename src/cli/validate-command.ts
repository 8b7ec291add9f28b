/**
 * `mrsched validate FILE [--kind K]`: check a scenario file, and every
 * scheduler's and placement's options in it by the schema its factory
 * declares, without building or running anything; or one of the planners'
 * input files, or a sweep spec, by the same parser its command reads it
 * with (a sweep spec's scheduler modules are not loaded). Without
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
import { parseSweepSpecText, planSweep, type SweepSpec } from '../sweep/index.js';
import { writeStdout } from './standard-output.js';

/** The input files other than scenarios: what each is, the command that reads it, and its parser. */
const OTHER_FILES = {
  makespan: { what: 'makespan problem', command: 'plan makespan', parse: parseMakespanText },
  assign: { what: 'task assignment instance', command: 'plan assign', parse: parseInstanceText },
  dmrs: { what: 'DMRS instance', command: 'plan dmrs', parse: parseDmrsText },
  classes: { what: 'class problem', command: 'plan classes', parse: parseClassFileText },
  'reduce-thresholds': { what: 'reduce thresholds instance', command: 'plan reduce-thresholds', parse: parseThresholdText },
  tree: { what: 'network tree', command: 'topology', parse: parseTreeText },
  sweep: { what: 'sweep spec', command: 'sweep', parse: parseSweepSpecText },
} as const;

type OtherFileKind = keyof typeof OTHER_FILES;
type FileKind = 'scenario' | OtherFileKind;

export function validateCommand(): Command {
  return withModuleOption(
    new Command('validate')
      .description('Check a scenario file, a planner\'s input file or a sweep spec, and report every problem at once (exit 2 if any).')
      .argument('<file>', 'scenario file, planner\'s input file or sweep spec (YAML or JSON)')
      .addOption(new Option('--kind <kind>', 'what the file is (by default: found from what it holds)').choices(['scenario', ...Object.keys(OTHER_FILES)])),
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
      if (options.kind !== undefined && options.kind !== 'scenario') return validateOtherFile(options.kind, file, false, options.schedulerModule);
      let input: Awaited<ReturnType<typeof readScenarioInput>>;
      let scenario: ReturnType<typeof input.resolve>;
      try {
        input = await readScenarioInput(file);
        scenario = input.resolve();
      } catch (error) {
        if (options.kind === 'scenario' || !(error instanceof InputError)) throw error;
        const kind = likeliestOtherKind(file, error.problems.length);
        if (kind === undefined) throw error;
        return validateOtherFile(kind, file, true, options.schedulerModule);
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

/** Checks a planner's input file or a sweep spec by its command's parser; `found`: the kind was found from what the file holds. */
async function validateOtherFile(kind: OtherFileKind, file: string, found: boolean, modules: readonly string[]): Promise<void> {
  const { what, command, parse } = OTHER_FILES[kind];
  let parsed: unknown;
  try {
    parsed = parse(readTextFile(file, `a readable ${what} file (YAML or JSON)`), file);
  } catch (error) {
    if (found) process.stderr.write(`note: ${file} reads best as a ${what} (give --kind to read it as another kind of file):\n`);
    throw error;
  }
  const unchecked = kind === 'sweep' ? await checkSweepCells(parsed as SweepSpec, modules) : '';
  writeStdout(`${file}: valid — a ${what}${found ? ' (found from what it holds)' : ''}, as mrsched ${command} reads it${unchecked}\n`);
}

/**
 * A sweep spec's cells laid out as `sweep` would, which checks its scenarios,
 * schedulers, parameter paths and options; a spec that names scheduler
 * modules is only parsed (a module is a program, loaded by `sweep
 * --allow-modules`, not by a check). Returns what was left unchecked.
 */
async function checkSweepCells(spec: SweepSpec, modules: readonly string[]): Promise<string> {
  if (spec.schedulerModules.length > 0) return ' (its scheduler modules not loaded, so its scenarios and schedulers not checked)';
  await planSweep(spec, await registryWithModules([...modules]));
  return '';
}

/** The kind of file (not a scenario) that finds fewer problems in `file` than `fewest` (a scenario's), the fewest of them; none if none does. */
function likeliestOtherKind(file: string, fewest: number): OtherFileKind | undefined {
  let text: string;
  try {
    text = readTextFile(file, 'a readable file (YAML or JSON)');
  } catch {
    return undefined;
  }
  let likeliest: OtherFileKind | undefined;
  for (const kind of Object.keys(OTHER_FILES) as OtherFileKind[]) {
    const problems = problemCount(() => OTHER_FILES[kind].parse(text, file));
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
