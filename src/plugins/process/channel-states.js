/**
 * The shared buffer between a process channel (`process-channel.ts`) and
 * its relay worker (`relay-worker.js`): six 32-bit control cells, then an
 * area for the line to the child (a request) and one for the child's line
 * back (a reply). A line longer than its area crosses in pieces: the writer
 * waits until each piece is taken before it puts the next.
 */

/** Indices of the control cells: each direction's state, and its piece's length and whether more follow. */
export const CONTROL = Object.freeze({ reply: 0, replyLength: 1, replyMore: 2, request: 3, requestLength: 4, requestMore: 5 });
/** Bytes of a piece: an area's size. */
export const PIECE_BYTES = 1 << 20;
/** Where each area starts, past the control cells. */
export const REQUEST_OFFSET = 32;
export const REPLY_OFFSET = REQUEST_OFFSET + PIECE_BYTES;
export const SHARED_BYTES = REPLY_OFFSET + PIECE_BYTES;

/** An area is empty: its writer may put a piece there (and its reader waits). */
export const EMPTY = 0;
/** The area holds a piece of a line (`more` set if the line goes on). */
export const PIECE = 1;
/** The reply area says how the child ended. */
export const ENDED = 2;
