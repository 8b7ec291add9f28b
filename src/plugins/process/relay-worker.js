/**
 * The worker thread that owns a scheduler process (`process-channel.ts`):
 * it starts the command, writes each line the simulation's thread posts to
 * the child's stdin, and hands each line the child writes back through the
 * shared buffer, waking the simulation's thread, which waits on it with
 * Atomics.wait. The child's stdio is asynchronous in Node; this thread's
 * event loop serves it while the simulation's thread, synchronous, is blocked.
 *
 * A reply longer than the buffer goes in pieces: after each but the last
 * this thread waits (Atomics.wait) until the piece is taken.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { parentPort, workerData } from 'node:worker_threads';
import { CONTROL, DATA_OFFSET, STATE_END, STATE_LINE } from './channel-states.js';

/** @type {{ command: string, shared: SharedArrayBuffer }} */
const { command, shared } = workerData;
const control = new Int32Array(shared, 0, DATA_OFFSET / 4);
const data = new Uint8Array(shared, DATA_OFFSET);
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** Lines the child wrote that no request has taken yet. */
const lines = /** @type {Buffer[]} */ ([]);
/** Requests sent whose reply has not been handed over. */
let awaiting = 0;
/** What ended the child, once it has ended. */
let ended = /** @type {string | null} */ (null);
let partial = Buffer.alloc(0);

const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'] });
child.on('error', (error) => end(`could not be started: ${error.message}`));
child.on('exit', (code, signal) => end(signal === null ? `exited with code ${code}` : `was ended by ${signal}`));
// A child that exits stops reading: the write fails, and 'exit' says why.
child.stdin.on('error', () => {});
child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
  let text = Buffer.concat([partial, chunk]);
  for (let newline = text.indexOf(10); newline >= 0; newline = text.indexOf(10)) {
    lines.push(text.subarray(0, newline));
    text = text.subarray(newline + 1);
  }
  partial = text;
  handOver();
});

port.on('message', (/** @type {string} */ line) => {
  awaiting++;
  if (ended === null) child.stdin.write(line + '\n');
  handOver();
});

/** @param {string} why */
function end(why) {
  if (ended !== null) return;
  ended = why;
  handOver();
}

/** Replies for the requests waiting, in order; the end once the lines run out. */
function handOver() {
  while (awaiting > 0 && lines.length > 0) {
    awaiting--;
    give(STATE_LINE, /** @type {Buffer} */ (lines.shift()));
  }
  if (awaiting > 0 && ended !== null) {
    awaiting--;
    give(STATE_END, Buffer.from(ended));
  }
}

/**
 * @param {number} state
 * @param {Buffer} bytes
 */
function give(state, bytes) {
  for (let offset = 0; ; offset += data.length) {
    const piece = bytes.subarray(offset, offset + data.length);
    data.set(piece);
    const more = offset + data.length < bytes.length;
    control[CONTROL.length] = piece.length;
    control[CONTROL.more] = more ? 1 : 0;
    Atomics.store(control, CONTROL.state, state);
    Atomics.notify(control, CONTROL.state);
    if (!more) return;
    Atomics.wait(control, CONTROL.state, state);
  }
}
