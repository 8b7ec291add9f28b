/**
 * A line-by-line conversation with a child process, synchronous for the
 * simulation, which is: `ask` writes one line to the child's stdin and
 * returns the line it answers on its stdout.
 *
 * Node serves a child's pipes on an event loop, which a synchronous caller
 * blocks. So the child belongs to a worker thread (`relay-worker.js`) whose
 * event loop is free: this thread puts each line in a SharedArrayBuffer,
 * wakes the worker, and waits with Atomics.wait until the worker has put the
 * answer there (`channel-states.js` lays the buffer out). One wait per
 * exchange: a protocol that batches what it says (one message per simulated
 * instant or offer) keeps them few.
 */
import { Buffer } from 'node:buffer';
import { Worker } from 'node:worker_threads';
import { CONTROL, EMPTY, ENDED, PIECE, PIECE_BYTES, REPLY_OFFSET, REQUEST_OFFSET, SHARED_BYTES } from './channel-states.js';

const RELAY = new URL('./relay-worker.js', import.meta.url);

/** The child has ended (or never started): `why` says how, in words that follow "the process". */
export class ProcessEnded extends Error {
  constructor(readonly why: string) {
    super(`the process ${why}`);
    this.name = 'ProcessEnded';
  }
}

/**
 * How long an answer may take before the child is taken as hung: a policy
 * thinks for milliseconds, a large LP for seconds; without a limit a child
 * that stops answering would hold the run for ever.
 */
export const ANSWER_TIMEOUT_SECONDS = 600;

export class ProcessChannel {
  readonly #worker: Worker;
  readonly #control: Int32Array;
  readonly #requestArea: Buffer;
  readonly #replyArea: Buffer;
  /** Why the channel is dead when it gave up waiting (the child may still run, and is ended). */
  #hung: string | null = null;

  /** Starts `command` through the shell, its stderr passed through to ours. */
  constructor(
    command: string,
    private readonly answerTimeout = ANSWER_TIMEOUT_SECONDS,
  ) {
    const shared = new SharedArrayBuffer(SHARED_BYTES);
    this.#control = new Int32Array(shared, 0, REQUEST_OFFSET / 4);
    this.#requestArea = Buffer.from(shared, REQUEST_OFFSET, PIECE_BYTES);
    this.#replyArea = Buffer.from(shared, REPLY_OFFSET, PIECE_BYTES);
    this.#worker = new Worker(RELAY, { workerData: { command, shared } });
    // The child lives as long as mrsched: the command's end need not wait for the worker, and the child sees its stdin close when we exit.
    this.#worker.unref();
  }

  /** Sends `line` (no newline in it) and returns the child's answer; throws `ProcessEnded` if it ends first. */
  ask(line: string): string {
    if (this.#hung !== null) throw new ProcessEnded(this.#hung);
    this.send(line);
    return this.receive();
  }

  private send(line: string): void {
    const control = this.#control;
    // Most lines fit: written in place, not copied first.
    const length = Buffer.byteLength(line);
    const bytes = length <= PIECE_BYTES ? null : Buffer.from(line);
    for (let offset = 0; ; offset += PIECE_BYTES) {
      // The worker has taken the previous piece (or line): the area is free.
      Atomics.wait(control, CONTROL.request, PIECE);
      const size = bytes === null ? this.#requestArea.write(line) : bytes.copy(this.#requestArea, 0, offset, offset + PIECE_BYTES);
      const more = offset + size < length;
      control[CONTROL.requestLength] = size;
      control[CONTROL.requestMore] = more ? 1 : 0;
      Atomics.store(control, CONTROL.request, PIECE);
      Atomics.notify(control, CONTROL.request);
      if (!more) return;
    }
  }

  private receive(): string {
    const control = this.#control;
    const pieces: Buffer[] = [];
    for (;;) {
      if (Atomics.wait(control, CONTROL.reply, EMPTY, this.answerTimeout * 1000) === 'timed-out') {
        this.#hung = `gave no answer in ${this.answerTimeout} s, and was ended`;
        this.#worker.postMessage('end');
        throw new ProcessEnded(this.#hung);
      }
      const state = Atomics.load(control, CONTROL.reply);
      const length = control[CONTROL.replyLength];
      const more = control[CONTROL.replyMore] === 1;
      // A whole line is read in place; the pieces of a longer one are copied, to be joined.
      const text = more || pieces.length > 0 ? null : this.#replyArea.toString('utf8', 0, length);
      if (text === null) pieces.push(Buffer.from(this.#replyArea.subarray(0, length)));
      Atomics.store(control, CONTROL.reply, EMPTY);
      Atomics.notify(control, CONTROL.reply);
      if (more) continue;
      const line = text ?? Buffer.concat(pieces).toString('utf8');
      if (state === ENDED) throw new ProcessEnded(line);
      return line;
    }
  }
}
