/**
 * A scheduler's or placement's options, from `schedulerOptions.<name>`,
 * checked against the schema its factory declares. Every problem becomes an
 * `InputProblem` naming the field (`schedulerOptions.fair.nodeLocalityDelay`),
 * what the option expects (the factory's `optionDescriptions`, in words) and
 * what was found.
 */
import { z } from 'zod';
import { InputError, type InputProblem } from '../util/input-error.js';
import type { Described } from './types.js';

/** The source of every problem of a scheduler's or placement's options: a command places them in the file they came from. */
export const SCHEDULER_OPTIONS = 'schedulerOptions';

/** The options of a part that takes none: every one given is a mistake. */
export const NO_OPTIONS = z.strictObject({});

/** The parsed options of `part`; an `InputError` with every problem of them. */
export function parseSchedulerOptions<Options>(part: Described<Options>, schedulerOptions: Readonly<Record<string, unknown>>): Options {
  const parsed = part.options.safeParse(schedulerOptions[part.name] ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new InputError(SCHEDULER_OPTIONS, problemsOf(part, parsed.error.issues));
}

function problemsOf(part: Described, issues: readonly z.core.$ZodIssue[]): InputProblem[] {
  const { name, optionDescriptions } = part;
  const path = `schedulerOptions.${name}`;
  const known = Object.keys(optionDescriptions).join(', ');
  const options = known === '' ? `no options ('${name}' takes none)` : `one of the options ${known}`;
  return issues.flatMap((issue): InputProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: `${path}.${key}`, expected: options, found: `unknown option '${key}'` }));
    }
    const input = 'input' in issue ? issue.input : undefined;
    if (issue.path.length === 0) {
      return [{ path, expected: known === '' ? options : `a mapping of options (${known})`, found: describe(input) }];
    }
    const at = `${path}.${issue.path.map(String).join('.')}`;
    const conflict = issue.code === 'custom' ? (issue.params as OptionConflict | undefined) : undefined;
    if (conflict?.found !== undefined) return [{ path: at, expected: issue.message, found: conflict.found }];
    return [{ path: at, expected: optionDescriptions[String(issue.path[0])] ?? issue.message, found: describe(input) }];
  });
}

interface OptionConflict {
  readonly found: string;
}

/**
 * In a schema's `superRefine`: an option that cannot go with the others
 * (fifo's `padFraction` without `hadoop1Limits`), with what it expects and
 * what was found, for its problem.
 */
export function refuseOption(context: z.RefinementCtx, option: string, expected: string, found: string): void {
  const params: OptionConflict = { found };
  context.addIssue({ code: 'custom', path: [option], message: expected, params });
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === 'object' ? 'a mapping' : typeof value;
}
