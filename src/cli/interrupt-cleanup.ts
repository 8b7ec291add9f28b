/**
 * Cleaning up after a command interrupted while it writes its output: on
 * SIGINT, SIGTERM or SIGHUP the cleanup runs and the command ends with exit
 * code 128 + the signal's number (130, 143, 129), as a shell reports a
 * command a signal stopped. Outside these calls the signals keep their
 * default action: a run interrupted before it writes anything has nothing
 * to clean.
 *
 * Node runs a signal's handler between turns of its event loop, never in
 * the middle of synchronous code: a signal that comes during a synchronous
 * write is handled once it has ended, and an asynchronous write is
 * interrupted between two of its steps. The loop reads a signal in its poll
 * phase, which in the turn a write ends may already be past: the handlers
 * stay until the next turn's has run, or the signal finds none and is lost
 * (a sweep signalled while it wrote its tables exited 0).
 */
import { constants } from 'node:os';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs `write` (asynchronous) with the signals calling `cleanup` and ending the process. */
export async function whileWriting<T>(cleanup: () => void, write: () => Promise<T>): Promise<T> {
  const remove = onSignals(cleanup);
  try {
    return await write();
  } finally {
    removeAfterNextPoll(remove);
  }
}

/** Runs `write` (synchronous) with the signals calling `cleanup` and ending the process. */
export function whileWritingSync<T>(cleanup: () => void, write: () => T): T {
  const remove = onSignals(cleanup);
  try {
    return write();
  } finally {
    removeAfterNextPoll(remove);
  }
}

/** Calls `remove` once the loop's next poll phase, where a signal that came meanwhile is read, is over. */
function removeAfterNextPoll(remove: () => void): void {
  setImmediate(() => setImmediate(remove));
}

/** Installs the handlers; returns what removes them. */
function onSignals(cleanup: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    cleanup();
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
}
