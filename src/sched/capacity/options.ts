/**
 * Options of the Capacity Scheduler, from `scenario.schedulerOptions.capacity`:
 *
 * - `maxMapsPerHeartbeat`: most maps handed to one node per heartbeat
 *   (Hadoop's `mapred.capacity-scheduler.maximum-tasks-per-heartbeat`);
 *   unlimited when absent, as in Hadoop, so a heartbeat fills every free map
 *   slot it can.
 *
 * Unknown or malformed options are an `InputError` naming each field.
 */
import { z } from 'zod';
import { InputError, type InputProblem } from '../../model/input-error.js';
import type { Scenario } from '../../model/scenario.js';

export interface CapacityOptions {
  /** Infinity when unlimited. */
  readonly maxMapsPerHeartbeat: number;
}

const EXPECTED = {
  maxMapsPerHeartbeat: 'a whole number of maps ≥ 1',
} as const;

const schema = z.strictObject({
  maxMapsPerHeartbeat: z.number().int().min(1).optional(),
});

const PATH = 'schedulerOptions.capacity';

export function capacityOptions(scenario: Scenario): CapacityOptions {
  const raw = scenario.schedulerOptions.capacity ?? {};
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw new InputError('schedulerOptions', parsed.error.issues.flatMap(problems));
  return { maxMapsPerHeartbeat: parsed.data.maxMapsPerHeartbeat ?? Infinity };
}

function problems(issue: z.core.$ZodIssue): InputProblem[] {
  const known = Object.keys(EXPECTED).join(', ');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: `${PATH}.${key}`,
      expected: `one of the options ${known}`,
      found: `unknown option '${key}'`,
    }));
  }
  const input = 'input' in issue ? issue.input : undefined;
  if (issue.path.length === 0) {
    return [{ path: PATH, expected: `a mapping of options (${known})`, found: describe(input) }];
  }
  const field = String(issue.path[0]);
  const expected = field in EXPECTED ? EXPECTED[field as keyof typeof EXPECTED] : issue.message;
  return [{ path: `${PATH}.${issue.path.map(String).join('.')}`, expected, found: describe(input) }];
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `'${value}'`;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === 'object' ? 'a mapping' : typeof value;
}
