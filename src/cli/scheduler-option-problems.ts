/**
 * A scheduler's or placement's options are read from the scenario file, but
 * their owners check them without it and name their problems' source
 * `schedulerOptions`: a command that ran them on a file places the problems
 * at their lines in it, so the message names the file and the line as every
 * other problem of the file does.
 */
import { InputError, type InputProblem } from '../util/input-error.js';
import { parsePath } from '../input/problem-path.js';
import { SCHEDULER_OPTIONS } from '../sched/scheduler-options.js';
import type { ScenarioWithTrace } from '../workloads/scenario-with-trace.js';

/** `work`'s result; a scheduler options' InputError it throws placed in `input`'s file, anything else as it is. */
export function inScenarioFile<T>(input: ScenarioWithTrace, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof InputError) || error.source !== SCHEDULER_OPTIONS) throw error;
    return refuseInScenarioFile(input, error.problems);
  }
}

/** Throws an InputError naming `input`'s file with `problems`, placed at the lines their paths lead to. */
export function refuseInScenarioFile(input: ScenarioWithTrace, problems: readonly InputProblem[]): never {
  return input.refuse(problems.map(({ path, expected, found }) => ({ path: parsePath(path), expected, found })));
}
