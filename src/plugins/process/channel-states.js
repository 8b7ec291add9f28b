/**
 * The shared buffer between a process channel (`process-channel.ts`) and
 * its relay worker (`relay-worker.js`): three 32-bit cells, then the bytes
 * of a reply (or of a piece of one).
 */

/** Indices of the control cells. */
export const CONTROL = Object.freeze({ state: 0, length: 1, more: 2 });
/** Where the reply's bytes start, past the control cells (a multiple of 8). */
export const DATA_OFFSET = 16;
/** No reply yet: the simulation's thread waits while the state is this. */
export const STATE_WAITING = 0;
/** The data holds a line of the child's (or a piece of one, `more` set). */
export const STATE_LINE = 1;
/** The child has ended: the data says how. */
export const STATE_END = 2;
