/**
 * A trace given as the wrong format, told in one sentence: a Rumen trace
 * read as SWIM is not a hundred lines without six tab-separated columns, nor
 * a SWIM trace read as Rumen a JSON syntax error, but "this looks like a
 * Rumen trace: try the format rumen". What the start of a trace looks like:
 *
 * - SWIM: lines of 6 or 7 tab-separated columns, the 2nd to 6th numbers;
 * - Rumen: JSON objects, a job's with "jobID" (and "mapTasks", "submitTime");
 * - SLS: JSON objects, a job's with "job.id" (and "am.type", "job.tasks").
 *
 * Only a start that clearly is one of them is named: anything else is left
 * to the importer's own messages.
 */
import { InputError } from '../util/input-error.js';
import type { TRACE_FORMATS } from '../input/scenario-file.js';
import { readUtf8Chunks } from './utf8-text.js';

type Format = (typeof TRACE_FORMATS)[number];

/** How much of the trace is looked at: a few records of any format. */
const HEAD_CHARACTERS = 64 * 1024;

const DESCRIPTION: Readonly<Record<Format, string>> = {
  swim: 'a SWIM trace (lines of 6 or 7 tab-separated columns: job id, submit time, gap, map input, shuffle and reduce output bytes)',
  rumen: 'a Rumen trace (JSON job objects with "jobID", "mapTasks", …)',
  sls: 'an SLS trace (JSON job objects with "job.id", "job.tasks", …)',
};

/** The format the start of a trace clearly has, or undefined when it says nothing sure. */
export function guessTraceFormat(head: string): Format | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) {
    const keys = new Set([...text.matchAll(/"([^"\\]{1,40})"\s*:/g)].map((match) => match[1]));
    const rumen = keys.has('jobID') && (keys.has('mapTasks') || keys.has('submitTime') || keys.has('launchTime'));
    const sls = keys.has('job.id') || keys.has('job.tasks') || keys.has('am.type');
    if (rumen !== sls) return rumen ? 'rumen' : 'sls';
    return undefined;
  }
  const columns = text.split('\n', 1)[0].replace(/\r$/, '').split('\t');
  const numbers = columns.slice(1, 6).every((column) => /^\s*\d+(\.\d+)?\s*$/.test(column));
  return (columns.length === 6 || columns.length === 7) && numbers ? 'swim' : undefined;
}

/**
 * Throws an InputError of one sentence when the trace at `path` looks like
 * another format than `format`; nothing when it looks like `format`, like
 * none, or cannot be read (the importer says why).
 */
export async function checkTraceFormat(format: Format, path: string): Promise<void> {
  let head = '';
  try {
    for await (const chunk of readUtf8Chunks(path, 'a readable trace file')) {
      head += chunk;
      if (head.length >= HEAD_CHARACTERS) break;
    }
  } catch (error) {
    if (error instanceof InputError) return;
    throw error;
  }
  const guess = guessTraceFormat(head.slice(0, HEAD_CHARACTERS));
  if (guess === undefined || guess === format) return;
  throw new InputError(path, [
    { path: '', expected: DESCRIPTION[format], found: `what looks like ${DESCRIPTION[guess]}: try the format ${guess} (\`mrsched import ${guess}\`)` },
  ]);
}
