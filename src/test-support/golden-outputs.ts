/**
 * Golden outputs: the digests of the `tasks.csv` and `jobs.csv` that chosen
 * runs write, kept in `golden-outputs.json` beside this file, so that any
 * change of behaviour in the engine or a scheduler shows in the commit that
 * makes it. A refactor that claims to change nothing is held to it by the
 * suite, not by its message.
 *
 * `npm run golden:update` rewrites the file (it sets MRSCHED_UPDATE_GOLDEN);
 * run it only for a change meant to change outputs, and say which in the
 * commit. Each entry keeps the run's attempt count, end time and events
 * beside the digests, so that the file's diff shows what moved.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunRecord } from '../model/run-record.js';
import { jobsCsv, tasksCsvChunks } from '../report/run-files.js';

export interface GoldenOutput {
  readonly tasks: string;
  readonly jobs: string;
  readonly attempts: number;
  readonly endTime: number;
}

const FILE = fileURLToPath(new URL('golden-outputs.json', import.meta.url));
export const UPDATING_GOLDEN = process.env.MRSCHED_UPDATE_GOLDEN === '1';

export function goldenOutputOf(run: RunRecord): GoldenOutput {
  const tasks = createHash('sha256');
  for (const chunk of tasksCsvChunks(run)) tasks.update(chunk);
  return {
    tasks: tasks.digest('hex'),
    jobs: createHash('sha256').update(jobsCsv(run)).digest('hex'),
    attempts: run.attempts.count,
    endTime: run.endTime,
  };
}

/** The recorded outputs, by case name ("default.yaml under fair"). */
export function recordedGoldenOutputs(): Readonly<Record<string, GoldenOutput>> {
  return JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, GoldenOutput>;
}

/** Writes every case's output, replacing the file (cases sorted by name, so that a diff shows only what changed). */
export function writeGoldenOutputs(outputs: ReadonlyMap<string, GoldenOutput>): void {
  const sorted = Object.fromEntries([...outputs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}
