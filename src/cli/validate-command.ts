/** `mrsched validate FILE`: check a scenario file, and every scheduler's options in it, without running it. */
import { Command } from 'commander';
import { InputError, type InputProblem } from '../model/input-error.js';
import { createScheduler, scenarioPlacements } from '../sched/index.js';
import { loadLinearSolver } from '../solvers/linear-program.js';
import { jobsPhrase } from './jobs-phrase.js';
import { readScenarioInput } from './scenario-input.js';
import { withModuleOption } from './scheduler-choice.js';
import { registryWithModules } from '../sched/scheduler-modules.js';

export function validateCommand(): Command {
  return withModuleOption(
    new Command('validate')
      .description('Check a scenario file and report every problem at once (exit 2 if any).')
      .argument('<file>', 'scenario file (YAML or JSON)'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched validate examples/default.yaml
  $ mrsched validate my-cluster.yaml || echo "fix the lines above"`,
    )
    .action(async (file: string, options: { schedulerModule: string[] }) => {
      const input = await readScenarioInput(file);
      const scenario = input.resolve();
      // Scheduler and placement options are checked by their owners: ask every one.
      const registry = await registryWithModules(options.schedulerModule);
      const factories = [...registry.list(), ...registry.placements()];
      const solver = factories.some((f) => f.needsLinearSolver === true) ? await loadLinearSolver() : null;
      let problems: InputProblem[] = [];
      const collect = (check: () => void): void => {
        try {
          check();
        } catch (error) {
          if (!(error instanceof InputError)) throw error;
          problems = problems.concat(error.problems);
        }
      };
      collect(() => scenarioPlacements(registry, scenario));
      for (const factory of registry.list()) collect(() => createScheduler(factory, scenario, solver));
      for (const factory of registry.placements()) collect(() => factory.create(scenario, { solver }));
      // The flow scheduler and the flow placement read the same options: say each problem once.
      problems = problems.filter((p, i) => problems.findIndex((q) => q.path === p.path && q.found === p.found) === i);
      if (problems.length > 0) throw new InputError(input.path, problems);
      const { cluster, jobs } = scenario;
      const racks = `${cluster.racks.length} rack${cluster.racks.length === 1 ? '' : 's'}`;
      process.stdout.write(`${input.path}: valid — ${cluster.nodes.length} nodes in ${racks}, ${jobsPhrase(jobs)}\n`);
    });
}
