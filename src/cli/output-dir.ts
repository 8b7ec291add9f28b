/**
 * A command's output written all or nothing, and never where it should not.
 *
 * A directory (`--out DIR`: simulate's run files, compare's report) is
 * checked before the run (prepareOutputDirectory), so that a target that
 * cannot be written (a path under /proc, a file, another program's
 * directory) is refused before minutes of simulation. Its files are then
 * written into a fresh hidden directory beside it (`.DIR.mrsched-PID-XXXXXX`)
 * and swapped in once every one is complete. The target is replaced when it
 * is missing, empty, or a previous output: a directory holding only files
 * mrsched writes into one (isOutputFile); anything else is refused
 * unless `force`. A failed write (a full disk) and SIGINT, SIGTERM or SIGHUP
 * remove the hidden directory and leave the target as it was. SIGKILL, which
 * no program can catch, leaves the hidden directory behind; the next output
 * beside it removes it once its process has ended. Replacing an existing
 * directory takes two renames (the old one aside, the new one in): a SIGKILL
 * between the two leaves the previous output in `.DIR.mrsched-PID-XXXXXX.old`.
 *
 * A file (`--out FILE`, `--gantt FILE`) is written to a hidden file beside
 * it and renamed over it, which replaces an existing file at once.
 */
import { chmodSync, type Dirent, lstatSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { BESIDE_FILE_NAME } from '../report/beside-files.js';
import type { FileText } from '../report/run-files.js';
import { UsageError } from './errors.js';
import { whileWriting, whileWritingSync } from './interrupt-cleanup.js';

/**
 * Whether a command writes a file of this name into an --out directory, at
 * its top or in its folders (compare's runs/<scheduler>-<seed>/, Batsim's
 * batsim/): a directory holding only such files, in folders of only such, is
 * a previous output.
 */
export function isOutputFile(name: string): boolean {
  return OUTPUT_DIRECTORY_FILES.has(name) || BESIDE_FILE_NAME.test(name);
}

/** The fixed names; beside them, a report's files of attempts. */
const OUTPUT_DIRECTORY_FILES: ReadonlySet<string> = new Set([
  'tasks.csv',
  'jobs.csv',
  'nodes.csv',
  'summary.json',
  'report.html',
  'decisions.jsonl',
  'schedule.csv',
]);

/** How deep an output's folders go (runs/fifo-1/batsim/). */
const OUTPUT_FOLDER_DEPTH = 3;

export interface OutputDirectory {
  /** Writes the files (name → text) into the directory, all or nothing. */
  write(files: Readonly<Record<string, FileText>>): Promise<void>;
}

type Fail = (why: string) => UsageError;

/** The output directory `dir`, checked now (before the run): a UsageError naming `option` when it cannot be written or replaced. */
export function prepareOutputDirectory(dir: string, force: boolean, option = '--out'): OutputDirectory {
  const target = resolve(dir);
  const fail: Fail = (why) => new UsageError(`${option} ${dir}: ${why}`);
  checkReplaceable(target, force, fail);
  probeBeside(target, fail);
  return { write: (files) => writeDirectory(target, files, force, fail) };
}

/** Checks now, before the work that makes it, that the file `path` can be written; a UsageError naming `option` when not. */
export function checkOutputFile(path: string, option = '--out'): void {
  const target = resolve(path);
  const fail: Fail = (why) => new UsageError(`${option} ${path}: ${why}`);
  checkFileTarget(target, fail);
  probeBeside(target, fail);
}

/**
 * Checks now that `path` may take an output its command fills as it goes and
 * a later run resumes (`kind`, such as a sweep directory): something can be
 * written there (not under /proc, where creating directories would loop),
 * and it is missing, empty, or holds one of `marks` (or one being written:
 * `mark.…`, as another process sharing it makes it); another directory
 * (another command's output, anything else) is left alone unless `force`. A
 * UsageError naming `option` otherwise.
 */
export function checkResumableDirectory(path: string, kind: string, marks: readonly string[], force: boolean, option = '--out'): void {
  const target = resolve(path);
  const fail: Fail = (why) => new UsageError(`${option} ${path}: ${why}`);
  probeBeside(target, fail);
  const stat = statOrMissing(target, fail);
  if (stat === undefined) return;
  if (!stat.isDirectory()) throw fail('is not a directory');
  const names = readdirSync(target);
  const marked = names.some((name) => marks.some((mark) => name === mark || name.startsWith(`${mark}.`)));
  if (force || names.length === 0 || marked) return;
  const shown = names.sort().slice(0, 3).map((name) => `'${name}'`).join(', ') + (names.length > 3 ? ', …' : '');
  throw fail(`holds ${shown} and no ${marks.join(' or ')}: it is not ${kind}, and is left alone (choose another directory, or --force to write into it)`);
}

/** One file, written beside its place and renamed into it; `option` names it in errors. */
export function writeOutputFile(path: string, text: string, option = '--out'): void {
  const target = resolve(path);
  const fail: Fail = (why) => new UsageError(`${option} ${path}: ${why}`);
  checkFileTarget(target, fail);
  makeParents(dirname(target), fail);
  removeAbandoned(target);
  // The file is written in a fresh hidden directory beside the target (a name no other run can hold), then moved out.
  let staging: string | undefined;
  const cleanup = (): void => {
    if (staging !== undefined) rmSync(staging, { recursive: true, force: true });
  };
  whileWritingSync(cleanup, () => {
    try {
      staging = mkdtempSync(hiddenName(target));
      const temporary = join(staging, basename(target));
      writeFileSync(temporary, text, { flag: 'wx' });
      renameSync(temporary, target);
      cleanup();
      staging = undefined;
    } catch (error) {
      cleanup();
      throw fail(`cannot write the file (${reason(error)})`);
    }
  });
}

async function writeDirectory(target: string, files: Readonly<Record<string, FileText>>, force: boolean, fail: Fail): Promise<void> {
  // Again: the target may have changed while the run went on.
  checkReplaceable(target, force, fail);
  const parent = dirname(target);
  makeParents(parent, fail);
  removeAbandoned(target);
  let staging: string | undefined;
  const cleanup = (): void => {
    if (staging !== undefined) rmSync(staging, { recursive: true, force: true });
  };
  await whileWriting(cleanup, async () => {
    try {
      staging = mkdtempSync(hiddenName(target));
      // mkdtemp makes it private (0700); the output gets the mode any new directory would.
      chmodSync(staging, 0o777 & ~process.umask());
      for (const [name, text] of Object.entries(files)) {
        const path = join(staging, name);
        // A name may hold folders (runs/fifo-1/tasks.csv); inside the fresh staging directory they cannot loop.
        mkdirSync(dirname(path), { recursive: true });
        await writeText(path, text);
      }
      swapIn(staging, target);
      staging = undefined;
    } catch (error) {
      cleanup();
      throw fail(`cannot write the output files (${reason(error)}); the directory is as it was`);
    }
  });
}

/** A target the output may replace: missing, or (unless `force`) an empty directory or a previous output. */
function checkReplaceable(target: string, force: boolean, fail: Fail): void {
  if (basename(target) === '') throw fail('is the root directory');
  const stat = statOrMissing(target, fail);
  if (stat === undefined || force) return;
  if (!stat.isDirectory()) throw fail('is not a directory (--force replaces it)');
  const foreign = foreignEntries(target, OUTPUT_FOLDER_DEPTH);
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 3).map((entry) => `'${entry.name}'`).join(', ') + (foreign.length > 3 ? ', …' : '');
    throw fail(
      `holds ${shown}, which mrsched does not write: it is not a previous output, and is left alone ` +
        '(choose another directory, or --force to replace it)',
    );
  }
}

/** The entries of `dir` mrsched does not write: files of other names, links, and folders holding any such (or too deep). */
function foreignEntries(dir: string, depth: number): Dirent[] {
  return readdirSync(dir, { withFileTypes: true }).filter((entry) => {
    if (entry.isFile()) return !isOutputFile(entry.name);
    if (!entry.isDirectory() || depth === 0) return true;
    return foreignEntries(join(dir, entry.name), depth - 1).length > 0;
  });
}

/** A file target: missing, or a file (which the output replaces), not a directory. */
function checkFileTarget(target: string, fail: Fail): void {
  if (basename(target) === '') throw fail('is the root directory');
  if (statOrMissing(target, fail)?.isDirectory()) throw fail('is a directory, not a file');
}

/** The target's own entry (a link, not what it points to), or undefined when there is none. */
function statOrMissing(target: string, fail: Fail): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fail(`cannot be read (${reason(error)})`);
  }
}

/**
 * Creates and removes a hidden entry where the output's own will go: fails
 * now for a place nothing can be written (/proc, read-only). It bears the
 * pid, as the output's own does: a signal between its two steps (the
 * signals' default action, before any handler) leaves it for the next
 * output to remove.
 */
function probeBeside(target: string, fail: Fail): void {
  const existing = nearestExisting(dirname(target), fail);
  try {
    rmdirSync(mkdtempSync(join(existing, `.${basename(target)}.mrsched-${process.pid}-probe-`)));
  } catch (error) {
    throw fail(`nothing can be written in ${existing} (${reason(error)})`);
  }
}

/** `dir` or its nearest ancestor that exists, which must be a directory. */
function nearestExisting(dir: string, fail: Fail): string {
  for (let at = dir; ; at = dirname(at)) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(at).isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && dirname(at) !== at) continue;
      throw fail(`cannot reach ${at} (${reason(error)})`);
    }
    if (!isDirectory) throw fail(`${at} is not a directory`);
    return at;
  }
}

/**
 * Creates the missing directories down to `dir`, one level at a time (not
 * mkdir's recursive option, which loops for ever on a path under /proc).
 */
function makeParents(dir: string, fail: Fail): void {
  const existing = nearestExisting(dir, fail);
  const missing: string[] = [];
  for (let at = dir; at !== existing; at = dirname(at)) missing.push(at);
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fail(`cannot create ${at} (${reason(error)})`);
    }
  }
}

/** The start of the hidden directories beside `target` this process writes into: `.NAME.mrsched-PID-` (mkdtemp ends it). */
function hiddenName(target: string): string {
  return join(dirname(target), `.${basename(target)}.mrsched-${process.pid}-`);
}

/** Removes hidden directories a killed process left beside `target` (not the `.old` of a replaced output). */
function removeAbandoned(target: string): void {
  const prefix = `.${basename(target)}.mrsched-`;
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix) || name.endsWith('.old')) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid)) rmSync(join(dirname(target), name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Puts the complete `staging` directory in the place of `target`: one rename
 * when the target is missing or empty; else the old one aside, the new one
 * in, the old one removed.
 */
function swapIn(staging: string, target: string): void {
  try {
    renameSync(staging, target);
    return;
  } catch (error) {
    if (!['ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
  const old = `${staging}.old`;
  renameSync(target, old);
  try {
    renameSync(staging, target);
  } catch (error) {
    renameSync(old, target);
    throw error;
  }
  rmSync(old, { recursive: true, force: true });
}

/** Characters written at a time: an interruption is handled between two writes. */
const CHUNK = 4 * 2 ** 20;

async function writeText(path: string, text: FileText): Promise<void> {
  const file = await open(path, 'wx');
  try {
    for (const chunk of typeof text === 'string' ? slices(text) : text) await file.writeFile(chunk);
  } finally {
    await file.close();
  }
}

/** A text in slices of CHUNK characters, never cut between the two halves of a surrogate pair (each is encoded on its own). */
function* slices(text: string): Generator<string> {
  for (let from = 0; from < text.length; ) {
    let to = Math.min(text.length, from + CHUNK);
    if (to < text.length && /[\uD800-\uDBFF]/.test(text[to - 1])) to--;
    yield text.slice(from, to);
    from = to;
  }
}

function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code === undefined ? String(message) : `${code}: ${message.replace(/^\w+: /, '')}`;
}
