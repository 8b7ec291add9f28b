/**
 * `--history DIR` of `simulate` and `compare`: a previous run's output folder
 * (`simulate --out`, or one of `compare --out`'s runs/<scheduler>-<seed>/)
 * read as the execution database where learned estimates start from.
 */
import { join } from 'node:path';
import type { ExecutionHistory } from '../model/execution-history.js';
import { runHistory } from '../input/run-history.js';
import { readTextFile } from '../input/unreadable-file.js';

export const HISTORY_OPTION_FLAGS = '--history <dir>';
export const HISTORY_OPTION_HELP =
  "a previous run's output folder (its tasks.csv and nodes.csv, as simulate --out writes them): the earlier runs of each recurring job where learned estimates start from (dmrs)";

/** The execution database of the run whose files are in `dir`; an input error naming the file for a missing or bad one. */
export function readHistory(dir: string): ExecutionHistory {
  const file = (name: string) => {
    const source = join(dir, name);
    return { source, text: readTextFile(source, `a previous run's ${name}`) };
  };
  return runHistory(file('tasks.csv'), file('nodes.csv'));
}
