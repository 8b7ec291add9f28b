/** Test helpers: the real WordCount trace, modified copies of it, temporary trace files. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRACES } from '../../../test-support/traces.js';

/** One real WordCount job (Apache Hadoop test data, Apache License 2.0). */
export const WORDCOUNT = TRACES.rumenWordcount;
export const WORDCOUNT_ID = 'job_201009241532_0001';

export function wordcountText(): string {
  return readFileSync(WORDCOUNT, 'utf8');
}

/** A fresh copy of the WordCount job object, to modify. */
export function wordcountJob(): Record<string, unknown> {
  return JSON.parse(wordcountText()) as Record<string, unknown>;
}

/** The task list `key` of a job object, as objects to modify. */
export function tasksOf(job: Record<string, unknown>, key: 'mapTasks' | 'reduceTasks' | 'otherTasks'): Record<string, unknown>[] {
  return job[key] as Record<string, unknown>[];
}

/** The attempts of a task, as objects to modify. */
export function attemptsOf(task: Record<string, unknown>): Record<string, unknown>[] {
  return task.attempts as Record<string, unknown>[];
}

/** Writes `text` to a new temporary file named `name`; returns its path. */
export function traceFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'rumen-')), name);
  writeFileSync(path, text);
  return path;
}
