/**
 * A line-by-line conversation with a child process, synchronous for the
 * simulation, which is: `ask` writes one line to the child's stdin and
 * returns the line it answers on its stdout.
 *
 * Node serves a child's pipes on an event loop, which a synchronous caller
 * blocks. So the child belongs to a worker thread (`relay-worker.js`) whose
 * event loop is free; this thread posts it each line and waits on a
 * SharedArrayBuffer with Atomics.wait until the worker has put the answer
 * there. One wait per exchange: a protocol that batches what it says (one
 * message per simulated instant or offer) keeps them few.
 */
import { Worker } from 'node:worker_threads';
import { CONTROL, DATA_OFFSET, STATE_END, STATE_WAITING } from './channel-states.js';

/** Bytes of an answer handed over at once; a longer one comes in pieces. */
const PIECE_BYTES = 1 << 20;

const RELAY = new URL('./relay-worker.js', import.meta.url);

/** The child has ended (or never started): `why` says how, in words that follow "the process". */
export class ProcessEnded extends Error {
  constructor(readonly why: string) {
    super(`the process ${why}`);
    this.name = 'ProcessEnded';
  }
}

export class ProcessChannel {
  readonly #worker: Worker;
  readonly #control: Int32Array;
  readonly #shared: SharedArrayBuffer;

  /** Starts `command` through the shell, its stderr passed through to ours. */
  constructor(command: string) {
    this.#shared = new SharedArrayBuffer(DATA_OFFSET + PIECE_BYTES);
    this.#control = new Int32Array(this.#shared, 0, DATA_OFFSET / 4);
    this.#worker = new Worker(RELAY, { workerData: { command, shared: this.#shared } });
    // The command's end need not wait for the worker: the child sees its stdin close when we exit.
    this.#worker.unref();
  }

  /** Sends `line` (no newline in it) and returns the child's answer; throws `ProcessEnded` if it ends first. */
  ask(line: string): string {
    const control = this.#control;
    const pieces: Buffer[] = [];
    Atomics.store(control, CONTROL.state, STATE_WAITING);
    this.#worker.postMessage(line);
    for (;;) {
      Atomics.wait(control, CONTROL.state, STATE_WAITING);
      const state = Atomics.load(control, CONTROL.state);
      pieces.push(Buffer.from(Buffer.from(this.#shared, DATA_OFFSET, control[CONTROL.length])));
      const more = control[CONTROL.more] === 1;
      Atomics.store(control, CONTROL.state, STATE_WAITING);
      if (more) {
        Atomics.notify(control, CONTROL.state);
        continue;
      }
      const text = Buffer.concat(pieces).toString('utf8');
      if (state === STATE_END) throw new ProcessEnded(text);
      return text;
    }
  }

  /** Stops the worker, which closes the child's stdin: a well-behaved child exits. */
  close(): void {
    void this.#worker.terminate();
  }
}
