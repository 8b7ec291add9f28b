/** `mrsched validate FILE`: check a scenario file, and every scheduler's options in it, without running it. */
import { Command } from 'commander';
import { InputError, type InputProblem } from '../model/input-error.js';
import { builtinSchedulers } from '../sched/index.js';
import { jobsPhrase } from './jobs-phrase.js';
import { readScenarioInput } from './scenario-input.js';

export function validateCommand(): Command {
  return new Command('validate')
    .description('Check a scenario file and report every problem at once (exit 2 if any).')
    .argument('<file>', 'scenario file (YAML or JSON)')
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched validate examples/default.yaml
  $ mrsched validate my-cluster.yaml || echo "fix the lines above"`,
    )
    .action(async (file: string) => {
      const input = await readScenarioInput(file);
      const scenario = input.resolve();
      // Scheduler options are checked by their schedulers: ask every built-in one.
      let problems: InputProblem[] = [];
      for (const factory of builtinSchedulers().list()) {
        try {
          factory.create(scenario);
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          problems = problems.concat(error.problems);
        }
      }
      if (problems.length > 0) throw new InputError(input.path, problems);
      const { cluster, jobs } = scenario;
      const racks = `${cluster.racks.length} rack${cluster.racks.length === 1 ? '' : 's'}`;
      process.stdout.write(`${input.path}: valid — ${cluster.nodes.length} nodes in ${racks}, ${jobsPhrase(jobs)}\n`);
    });
}
