/**
 * How the command ends on a problem: a user's mistake (bad input, bad option)
 * prints what is wrong, never a stack trace, and exits 2; a scheduler that
 * breaks the rules exits 1 naming it; anything else is a bug in mrsched and
 * shows its stack.
 */
import { shownText, InputError } from '../util/input-error.js';
import { PolicyError } from '../sim/policy.js';
import { isOutOfMemory, OutOfMemoryError } from '../util/heap-guard.js';
import { moduleOfError } from '../plugins/scheduler-modules.js';

export const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;

/** A disk that takes no more (full, over quota, past a file-size limit, read-only): the machine's state, not a bug. */
const DISK_FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EROFS']);

/** A mistake on the command line. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A command that ran to its end but finishes with a status of its own (a sweep some of whose cells failed). */
export class ExitStatus extends Error {
  override name = 'ExitStatus';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function reportError(error: unknown, stderr: (text: string) => void): number {
  if (error instanceof InputError) {
    // The message lists the problems, each cut to a readable length.
    stderr(`mrsched: ${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof ExitStatus) {
    stderr(`mrsched: ${error.message}\n`);
    return error.status;
  }
  if (error instanceof UsageError) {
    stderr(`mrsched: ${shownText(error.message)}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof OutOfMemoryError) {
    const twice = Math.max(1, Math.ceil((2 * error.heapLimitBytes) / 2 ** 30)) * 1024;
    stderr(`mrsched: ${error.message}\n  Give Node a larger heap (NODE_OPTIONS=--max-old-space-size=${twice} mrsched …) or run a smaller scenario.\n`);
    return EXIT_USAGE;
  }
  if (isOutOfMemory(error)) {
    stderr(`mrsched: out of memory: ${(error as Error).message}; the machine has no more to give: run a smaller scenario.\n`);
    return EXIT_USAGE;
  }
  if (error instanceof PolicyError) {
    stderr(`mrsched: ${error.message}\n`);
    return EXIT_FAILURE;
  }
  if (DISK_FULL_CODES.has((error as NodeJS.ErrnoException | null)?.code ?? '')) {
    // Outputs written as they go (a sweep's cells) are kept whole: the same command goes on from them.
    stderr(`mrsched: ${shownText((error as Error).message)}: make room and run the same command again\n`);
    return EXIT_USAGE;
  }
  const module = moduleOfError(error);
  if (module !== undefined) {
    stderr(`mrsched: the scheduler module ${module} failed:\n${(error as Error).stack}\n`);
    return EXIT_FAILURE;
  }
  stderr(`mrsched: internal error (please report it):\n${error instanceof Error ? error.stack : String(error)}\n`);
  return EXIT_FAILURE;
}
