/**
 * The worker thread that owns a scheduler process (`process-channel.ts`):
 * it starts the command, writes each line the simulation's thread puts in
 * the shared buffer to the child's stdin (woken by Atomics.waitAsync), and
 * puts each line the child writes back there, waking the simulation's
 * thread, which waits with Atomics.wait. The child's stdio is asynchronous
 * in Node; this thread's event loop serves it while the simulation's
 * thread, synchronous, is blocked. The lines cross in the shared buffer
 * rather than as messages between threads, which copy them twice more.
 */
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { parentPort, workerData } from 'node:worker_threads';
import { CONTROL, EMPTY, ENDED, PIECE, PIECE_BYTES, REPLY_OFFSET, REQUEST_OFFSET } from './channel-states.js';

/** @type {{ command: string, shared: SharedArrayBuffer }} */
const { command, shared } = workerData;
const control = new Int32Array(shared, 0, REQUEST_OFFSET / 4);
const requestArea = new Uint8Array(shared, REQUEST_OFFSET, PIECE_BYTES);
const replyArea = new Uint8Array(shared, REPLY_OFFSET, PIECE_BYTES);
const NEWLINE = Buffer.from('\n');
/** Atomics.waitAsync (ES2024, in Node since 16), typed here: this project's TypeScript library predates it. */
const waitAsync = /** @type {(array: Int32Array, index: number, value: number) => { async: boolean, value: Promise<string> | string }} */ (
  /** @type {Record<string, Function>} */ (/** @type {unknown} */ (Atomics)).waitAsync
).bind(Atomics);

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
// The simulation's thread gave up waiting for an answer: the child is ended, not left running.
parentPort?.on('message', () => child.kill('SIGKILL'));
child.stdout.on('data', (/** @type {Buffer} */ chunk) => {
  let text = Buffer.concat([partial, chunk]);
  for (let newline = text.indexOf(10); newline >= 0; newline = text.indexOf(10)) {
    lines.push(text.subarray(0, newline));
    text = text.subarray(newline + 1);
  }
  partial = text;
  handOver();
});
void relayRequests();

/** Each request, as its pieces arrive, to the child's stdin. */
async function relayRequests() {
  const pieces = /** @type {Buffer[]} */ ([]);
  for (;;) {
    const wait = waitAsync(control, CONTROL.request, EMPTY);
    if (wait.async) await wait.value;
    pieces.push(Buffer.from(requestArea.subarray(0, control[CONTROL.requestLength])));
    const more = control[CONTROL.requestMore] === 1;
    Atomics.store(control, CONTROL.request, EMPTY);
    Atomics.notify(control, CONTROL.request);
    if (more) continue;
    awaiting++;
    if (ended === null) child.stdin.write(Buffer.concat([...pieces, NEWLINE]));
    pieces.length = 0;
    handOver();
  }
}

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
    give(PIECE, /** @type {Buffer} */ (lines.shift()));
  }
  if (awaiting > 0 && ended !== null) {
    awaiting--;
    give(ENDED, Buffer.from(ended));
  }
}

/**
 * @param {number} state
 * @param {Buffer} bytes
 */
function give(state, bytes) {
  for (let offset = 0; ; offset += PIECE_BYTES) {
    const piece = bytes.subarray(offset, offset + PIECE_BYTES);
    replyArea.set(piece);
    const more = offset + PIECE_BYTES < bytes.length;
    control[CONTROL.replyLength] = piece.length;
    control[CONTROL.replyMore] = more ? 1 : 0;
    Atomics.store(control, CONTROL.reply, state);
    Atomics.notify(control, CONTROL.reply);
    if (!more) return;
    Atomics.wait(control, CONTROL.reply, state);
  }
}
