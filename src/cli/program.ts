/** The `mrsched` command line: its sub-commands, and how it ends on errors. */
import { Command, CommanderError } from 'commander';
import { compareCommand } from './compare-command.js';
import { experimentCommand } from './experiment-command.js';
import { generateCommand } from './generate-command.js';
import { importCommand } from './import-command.js';
import { planCommand } from './plan-command.js';
import { reportError, EXIT_USAGE } from './errors.js';
import { replayCheckCommand } from './replay-check-command.js';
import { reproduceCommand } from './reproduce-command.js';
import { schedulersCommand } from './schedulers-command.js';
import { simulateCommand } from './simulate-command.js';
import { writeStdout } from './standard-output.js';
import { shownText } from '../util/input-error.js';
import { topologyCommand } from './topology-command.js';
import { sweepCommand } from './sweep-command.js';
import { validateCommand } from './validate-command.js';
import { serveCommand } from './serve-command.js';
import { VERSION } from './provenance.js';
import { setQuiet } from './notices.js';

function buildProgram(): Command {
  const program = new Command('mrsched')
    .description('Simulate Hadoop MapReduce clusters and compare schedulers on them.')
    .version(VERSION, '-V, --version', "print mrsched's version")
    // A sub-command's own sub-commands take their options after their name (`sweep merge DIRS --out DIR`).
    .enablePositionalOptions()
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched compare                          # every scheduler on the built-in default scenario
  $ mrsched sweep examples/sweeps/slowstart.yaml
  $ mrsched reproduce --list
  $ mrsched simulate --scheduler fair --out out/fair
  $ mrsched import swim trace.tsv --out from-trace.yaml
  $ mrsched replay-check data/traces/rumen/wordcount.json
  $ mrsched generate dmrs --experiment E4 --out e4.yaml
  $ mrsched topology examples/reduce-placement/fig1-tree.json
  $ mrsched experiment reduce-placement --reading 2
  $ mrsched validate examples/default.yaml
  $ mrsched schedulers`,
    );
  for (const command of [
    simulateCommand(),
    compareCommand(),
    sweepCommand(),
    reproduceCommand(),
    importCommand(),
    replayCheckCommand(),
    generateCommand(),
    planCommand(),
    topologyCommand(),
    experimentCommand(),
    validateCommand(),
    serveCommand(),
    schedulersCommand(),
  ]) {
    program.addCommand(command);
  }
  // Commander's own usage errors exit 2 like every other user mistake, start with our prefix in place of its
  // 'error:', each line of them shown as ours are (cut, control characters escaped: they quote the arguments);
  // its help is written in full or fails.
  const exitOnUsage = (command: Command): void => {
    command.exitOverride();
    command.configureOutput({
      writeOut: writeStdout,
      outputError: (text, write) => write(text.replace(/^error: /, 'mrsched: ').split('\n').map(shownText).join('\n')),
    });
    command.commands.forEach(exitOnUsage);
  };
  exitOnUsage(program);
  // Every command takes --quiet, read before it runs from it or a command above it (notices.ts).
  const withQuiet = (command: Command): void => {
    command.option('-q, --quiet', 'no progress and no notes on stderr (warnings and errors still)');
    command.commands.forEach(withQuiet);
  };
  program.commands.forEach(withQuiet);
  program.hook('preAction', (_program, command) => setQuiet(command.optsWithGlobals<{ quiet?: boolean }>().quiet === true));
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are not errors; commander has already printed its message.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    return reportError(error, (text) => process.stderr.write(text));
  }
}
