/**
 * `mrsched generate hta KIND`: task assignment instances for `mrsched plan
 * assign`: the constructions of Theorems 4.1 and 4.3 and the 3SAT gadget of
 * Theorem 3.1 of "Assigning Tasks for Efficiency in Hadoop", and random
 * placements under Hadoop's replica policy.
 */
import { Command, Option } from 'commander';
import {
  hadoopPlacementInstance,
  parseCnf,
  satGadgetInstance,
  theorem41Instance,
  theorem43Instance,
  type HtaInstance,
  type RemoteCost,
} from '../planners/hta/index.js';
import { instanceFileText } from '../planners/hta/instance-file.js';
import { parseCost, parseRemoteCost } from './cost-options.js';
import { UsageError } from './errors.js';
import { parseCount, parseSeed } from './options.js';
import { checkOutputFile, writeOutputFile } from './output-dir.js';
import { writeStdout } from './standard-output.js';

const KINDS = ['theorem-4-1', 'theorem-4-3', 'sat', 'hadoop'] as const;
type Kind = (typeof KINDS)[number];

interface GenerateOptions {
  readonly servers?: number;
  readonly tasks?: number;
  readonly extraReplica?: boolean;
  readonly formula?: string;
  readonly replication: number;
  readonly rackSize: number;
  readonly seed: number;
  readonly wLoc: number;
  readonly wRem: RemoteCost;
  readonly out?: string;
}

export function generateHtaCommand(): Command {
  return new Command('hta')
    .description('Write a task assignment instance (JSON) for mrsched plan assign.')
    .addArgument(new Command().createArgument('<kind>', 'what to build').choices([...KINDS]))
    .option('-n, --servers <n>', 'servers (theorem-4-1, theorem-4-3, hadoop)', parseCount(1, 1_000_000))
    .option('-m, --tasks <m>', 'tasks (theorem-4-3, hadoop)', parseCount(0, 10_000_000))
    .option('--extra-replica', 'theorem-4-1: add the replica of t_n on s_1 that lets round robin go wrong')
    .option('--formula <cnf>', "sat: a 3CNF formula such as '(x1 | x2 | !x3) & (!x1 | x2 | x2)'")
    .option('--replication <r>', 'hadoop: replicas per task', parseCount(1, 1000), 3)
    .option('--rack-size <k>', 'hadoop: servers per rack', parseCount(1, 1_000_000), 40)
    .option('--seed <seed>', 'hadoop: random seed', parseSeed, 1)
    .option('--w-loc <number>', 'cost of a local task (not sat: the gadget fixes 1)', parseCost, 1)
    .addOption(new Option('--w-rem <cost>', 'cost of a remote task: 3, 2+0.5r or a table 2,3,5 (not sat: the gadget fixes 3)').argParser(parseRemoteCost).default({ kind: 'constant', value: 3 }, '3'))
    .option('-o, --out <file>', 'write here instead of stdout')
    .addHelpText(
      'after',
      `
Examples:
  $ mrsched generate hta theorem-4-1 --servers 5 --extra-replica
  $ mrsched generate hta theorem-4-3 --tasks 12 --servers 5
  $ mrsched generate hta sat --formula '(x1 | x2 | x3)'
  $ mrsched generate hta hadoop --servers 100 --tasks 10000 --seed 7 --out random.json`,
    )
    .action((kind: Kind, options: GenerateOptions) => {
      if (options.out !== undefined) checkOutputFile(options.out);
      const text = instanceFileText(build(kind, options));
      if (options.out === undefined) writeStdout(text);
      else writeOutputFile(options.out, text);
    });
}

function build(kind: Kind, options: GenerateOptions): HtaInstance {
  const need = (value: number | undefined, flag: string): number => {
    if (value === undefined) throw new UsageError(`${kind} needs ${flag}.`);
    return value;
  };
  try {
    switch (kind) {
      case 'theorem-4-1':
        return theorem41Instance(need(options.servers, '--servers'), options.extraReplica === true, options.wLoc, options.wRem);
      case 'theorem-4-3':
        return theorem43Instance(need(options.tasks, '--tasks'), need(options.servers, '--servers'), options.wLoc, options.wRem);
      case 'sat': {
        if (options.formula === undefined) throw new UsageError('sat needs --formula.');
        const formula = parseCnf(options.formula);
        if ('error' in formula) throw new UsageError(`--formula: ${formula.error}.`);
        return satGadgetInstance(formula);
      }
      case 'hadoop':
        return hadoopPlacementInstance({
          servers: need(options.servers, '--servers'),
          tasks: need(options.tasks, '--tasks'),
          replication: options.replication,
          rackSize: options.rackSize,
          seed: options.seed,
          wLoc: options.wLoc,
          wRem: options.wRem,
        });
    }
  } catch (error) {
    // The generators state their own preconditions (n ≥ 2, m ≤ n(n−2), w_rem(0) ≥ w_loc …): the user's numbers broke one.
    if (error instanceof RangeError) throw new UsageError(`${kind}: ${error.message}.`);
    throw error;
  }
}
