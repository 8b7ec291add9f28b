// The report page's reading of the data it carries (see ../attempt-columns.ts
// and ../packed-bytes.ts): base64 text, raw-deflated, inflated by the
// browser's DecompressionStream; the attempt columns' varints and differences
// undone into typed arrays.

/**
 * @typedef {object} Attempts
 * @property {number} count
 * @property {Float64Array} start seconds
 * @property {Float64Array} end seconds
 * @property {Int32Array} job
 * @property {Int32Array} task -1 where the page carries no task numbers
 * @property {Int32Array} node
 * @property {Int32Array} attempt
 * @property {Uint8Array} flags bit 0 reduce, bits 1–2 status, bits 3–4 locality
 * @property {Int32Array | null} row each attempt's row in its run, where they come in parts (null: the row is the index)
 */

/**
 * The bytes packed into base64 text.
 * @param {string} base64
 * @returns {Promise<Uint8Array>}
 */
export async function inflateBase64(base64) {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * JSON packed into base64 text.
 * @param {string} base64
 * @returns {Promise<any>}
 */
export async function inflateJson(base64) {
  return JSON.parse(new TextDecoder().decode(await inflateBase64(base64)));
}

/**
 * The attempt columns, in the order the page names them, and the task
 * numbers' column, packed apart, if the page carries it; written into `into`
 * from `offset` on, if given (room made by `withRoom`), else into arrays of
 * their own.
 * @param {Uint8Array} bytes
 * @param {number} count
 * @param {readonly string[]} names
 * @param {readonly number[]} lengths byte length of each column
 * @param {Uint8Array} [tasks]
 * @param {Attempts} [into]
 * @param {number} [offset]
 * @returns {Attempts}
 */
export function decodeAttempts(bytes, count, names, lengths, tasks, into, offset = 0) {
  // One reader per column, each at its column's next varint: no column is held
  // apart before the rows are built, so a day of 16M attempts takes its typed
  // arrays and no more.
  /** @type {Record<string, VarintReader>} */
  const columns = {};
  let at = 0;
  names.forEach((name, c) => {
    columns[name] = new VarintReader(bytes.subarray(at, at + lengths[c]));
    at += lengths[c];
  });
  const taskNumbers = tasks === undefined ? undefined : new VarintReader(tasks);
  const out = into ?? withRoom(null, count, names.includes('row'));
  const rows = columns.row;
  /** @type {Map<number, number>} */
  const lastTask = new Map();
  /** @type {Map<number, number>} the node that followed each node last time */
  const nextNode = new Map();
  let start = 0;
  let job = 0;
  let node = 0;
  let row = -1;
  for (let k = 0; k < count; k++) {
    const i = offset + k;
    start += unzigzag(columns.start.next());
    out.start[i] = start / 10;
    out.end[i] = (start + columns.duration.next()) / 10;
    job += unzigzag(columns.job.next());
    out.job[i] = job;
    const flags = columns.flags.next();
    out.flags[i] = flags;
    if (taskNumbers === undefined) out.task[i] = -1;
    else {
      const key = job * 2 + (flags & 1);
      const task = (lastTask.get(key) ?? -1) + 1 + unzigzag(taskNumbers.next());
      lastTask.set(key, task);
      out.task[i] = task;
    }
    const step = columns.node.next();
    if (step > 0) {
      const to = step === 1 ? /** @type {number} */ (nextNode.get(node)) : node + unzigzag(step - 2);
      nextNode.set(node, to);
      node = to;
    }
    out.node[i] = node;
    out.attempt[i] = columns.attempt.next();
    if (rows !== undefined && out.row !== null) out.row[i] = row += rows.next() + 1;
  }
  return out;
}

/**
 * Attempts with room for `extra` more after those of `old` (copied), or `extra` alone without them.
 * @param {Attempts | null} old
 * @param {number} extra
 * @param {boolean} withRows
 * @returns {Attempts}
 */
export function withRoom(old, extra, withRows) {
  const count = (old?.count ?? 0) + extra;
  /** @type {Attempts} */
  const out = {
    count,
    start: new Float64Array(count),
    end: new Float64Array(count),
    job: new Int32Array(count),
    task: new Int32Array(count),
    node: new Int32Array(count),
    attempt: new Int32Array(count),
    flags: new Uint8Array(count),
    row: withRows ? new Int32Array(count) : null,
  };
  if (old !== null) {
    for (const name of /** @type {const} */ (['start', 'end', 'job', 'task', 'node', 'attempt', 'flags'])) out[name].set(old[name]);
    // Attempts without rows are all their run's, in order: each one's row is its index.
    if (old.row !== null) out.row?.set(old.row);
    else if (out.row !== null) for (let i = 0; i < old.count; i++) out.row[i] = i;
  }
  return out;
}

/**
 * The attempts put in launch order (their rows' order), as the Gantt chart
 * reads them, when parts loaded in another order were decoded one after
 * another: each node's attempts then lie in order in memory, which made
 * indexing the whole FB-2010-shaped day 2.7 s faster than in part order.
 * @param {Attempts} attempts
 * @returns {Attempts}
 */
export function inLaunchOrder(attempts) {
  const rows = attempts.row;
  if (rows === null) return attempts;
  let last = -1;
  let ordered = true;
  for (let i = 0; i < attempts.count; i++) {
    ordered &&= rows[i] > last;
    last = Math.max(last, rows[i]);
  }
  if (ordered) return withoutRowsIfAll(attempts, last);
  const atRow = new Int32Array(last + 1).fill(-1);
  for (let i = 0; i < attempts.count; i++) atRow[rows[i]] = i;
  const order = new Int32Array(attempts.count);
  let q = 0;
  for (const i of atRow) if (i >= 0) order[q++] = i;
  /** @type {Attempts} */
  const out = { ...attempts };
  for (const name of /** @type {const} */ (['start', 'end', 'job', 'task', 'node', 'attempt', 'flags', 'row'])) {
    const column = /** @type {Float64Array | Int32Array | Uint8Array} */ (attempts[name]);
    const sorted = new /** @type {any} */ (column.constructor)(attempts.count);
    for (let k = 0; k < attempts.count; k++) sorted[k] = column[order[k]];
    out[name] = sorted;
  }
  return withoutRowsIfAll(out, last);
}

/**
 * Attempts in launch order that are every one of their run's (rows 0 to `last`) need no rows: each one's index is its row (67 MB less on a day of 16.7M).
 * @param {Attempts} attempts
 * @param {number} last
 */
function withoutRowsIfAll(attempts, last) {
  return last + 1 === attempts.count ? { ...attempts, row: null } : attempts;
}

/** Unsigned LEB128 varints read one after another. */
class VarintReader {
  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }

  next() {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = this.bytes[this.at++];
      value += (byte & 127) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  }
}

/**
 * A run's overview from its packed bytes: the lanes (two little-endian bytes
 * each, two per node), then the shares, the pools and the localities.
 * @param {Uint8Array} bytes
 * @param {number} nodes
 * @param {number} bins
 * @param {number} binWidth
 * @param {number} levels
 * @returns {import('./lane-occupancy.js').LaneOccupancy}
 */
export function decodeOverview(bytes, nodes, bins, binWidth, levels) {
  const lanes = new Uint16Array(2 * nodes);
  for (let i = 0; i < lanes.length; i++) lanes[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8);
  const cells = 2 * nodes * bins;
  const at = (/** @type {number} */ k) => bytes.subarray(4 * nodes + k * cells, 4 * nodes + (k + 1) * cells);
  return { bins, binWidth, levels, lanes, shares: at(0), pools: at(1), localities: at(2) };
}

/**
 * @param {number} value
 * @returns {number}
 */
function unzigzag(value) {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}
