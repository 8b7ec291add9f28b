/**
 * The comparisons a `serve` of this directory finished before, listed for
 * its page to reopen: every `serve-runs/run-N/` holding a report, newest
 * first, with what its summary.json says was compared. A folder whose
 * summary does not read (written by hand, cut short) is listed by its
 * report alone: the report is what the page opens.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { ServedDirectory } from './served-directory.js';

/** Where the comparisons go, below the served directory, each in `run-N`. */
export const RUNS_FOLDER = 'serve-runs';
/** Runs listed at most: the newest. */
const MAX_LISTED = 200;

export interface EarlierRun {
  readonly name: string;
  /** The report's URL on the server, relative to its page. */
  readonly report: string;
  /** From its summary: the scenario file as the command named it (else the scenario's name), the schedulers, the seeds. */
  readonly scenario: string | null;
  readonly schedulers: readonly string[];
  readonly seeds: readonly number[];
}

export function earlierRuns(served: ServedDirectory): EarlierRun[] {
  const folder = join(served.root, RUNS_FOLDER);
  if (!existsSync(folder)) return [];
  const numbers = readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const number = entry.isDirectory() ? /^run-([1-9]\d{0,8})$/.exec(entry.name)?.[1] : undefined;
    return number !== undefined && existsSync(join(folder, entry.name, 'report.html')) ? [Number(number)] : [];
  });
  return numbers
    .sort((a, b) => b - a)
    .slice(0, MAX_LISTED)
    .map((number) => {
      const name = `run-${number}`;
      return { name, report: `files/${RUNS_FOLDER}/${name}/report.html`, ...summaryOf(join(folder, name, 'summary.json')) };
    });
}

/** The part of a comparison's summary.json (report/comparison-summary.ts) the list shows. */
const summarySchema = z.looseObject({
  provenance: z.looseObject({ scenario: z.looseObject({ path: z.string() }).nullable() }).optional(),
  scenario: z.string(),
  schedulers: z.array(z.looseObject({ scheduler: z.string() })),
  seeds: z.array(z.number()),
});

/** What a comparison's summary.json says was compared, or nothing known when it does not read as one. */
function summaryOf(path: string): Pick<EarlierRun, 'scenario' | 'schedulers' | 'seeds'> {
  let text: unknown;
  try {
    text = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    text = undefined;
  }
  const summary = summarySchema.safeParse(text);
  if (!summary.success) return { scenario: null, schedulers: [], seeds: [] };
  const { provenance, scenario, schedulers, seeds } = summary.data;
  return { scenario: provenance?.scenario?.path ?? scenario, schedulers: schedulers.map((s) => s.scheduler), seeds };
}
