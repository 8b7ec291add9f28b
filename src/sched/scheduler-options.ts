/**
 * A scheduler's options, from `scenario.schedulerOptions.<name>`, checked
 * against its zod schema. Every problem becomes an `InputProblem` naming the
 * field (`schedulerOptions.fair.nodeLocalityDelay`), what the option expects
 * (from `expected`, in words) and what was found.
 */
import type { z } from 'zod';
import { InputError, type InputProblem } from '../util/input-error.js';
import type { Scenario } from '../model/scenario.js';

/** The source of every problem of a scheduler's or placement's options: a command places them in the file they came from. */
export const SCHEDULER_OPTIONS = 'schedulerOptions';

export function parseSchedulerOptions<Schema extends z.ZodType>(
  scenario: Scenario,
  name: string,
  schema: Schema,
  expected: Readonly<Record<string, string>>,
): z.output<Schema> {
  const parsed = schema.safeParse(scenario.schedulerOptions[name] ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  const path = `schedulerOptions.${name}`;
  const known = Object.keys(expected).join(', ');
  const options = known === '' ? `no options ('${name}' takes none)` : `one of the options ${known}`;
  const problems = parsed.error.issues.flatMap((issue): InputProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: `${path}.${key}`, expected: options, found: `unknown option '${key}'` }));
    }
    const input = 'input' in issue ? issue.input : undefined;
    if (issue.path.length === 0) {
      return [{ path, expected: known === '' ? options : `a mapping of options (${known})`, found: describe(input) }];
    }
    const field = String(issue.path[0]);
    return [
      {
        path: `${path}.${issue.path.map(String).join('.')}`,
        expected: expected[field] ?? issue.message,
        found: describe(input),
      },
    ];
  });
  throw new InputError(SCHEDULER_OPTIONS, problems);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === 'object' ? 'a mapping' : typeof value;
}
