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
 * numbers' column, packed apart, if the page carries it.
 * @param {Uint8Array} bytes
 * @param {number} count
 * @param {readonly string[]} names
 * @param {readonly number[]} lengths byte length of each column
 * @param {Uint8Array} [tasks]
 * @returns {Attempts}
 */
export function decodeAttempts(bytes, count, names, lengths, tasks) {
  /** @type {Record<string, Float64Array>} */
  const raw = {};
  let at = 0;
  names.forEach((name, c) => {
    raw[name] = readVarints(bytes.subarray(at, at + lengths[c]), count);
    at += lengths[c];
  });
  if (tasks !== undefined) raw.task = readVarints(tasks, count);
  const out = {
    count,
    start: new Float64Array(count),
    end: new Float64Array(count),
    job: new Int32Array(count),
    task: new Int32Array(count),
    node: new Int32Array(count),
    attempt: new Int32Array(count),
    flags: new Uint8Array(count),
  };
  /** @type {Map<number, number>} */
  const lastTask = new Map();
  let start = 0;
  let job = 0;
  let node = 0;
  for (let i = 0; i < count; i++) {
    start += unzigzag(raw.start[i]);
    out.start[i] = start / 10;
    out.end[i] = (start + raw.duration[i]) / 10;
    job += unzigzag(raw.job[i]);
    out.job[i] = job;
    out.flags[i] = raw.flags[i];
    if (raw.task === undefined) out.task[i] = -1;
    else {
      const key = job * 2 + (raw.flags[i] & 1);
      const task = (lastTask.get(key) ?? -1) + 1 + unzigzag(raw.task[i]);
      lastTask.set(key, task);
      out.task[i] = task;
    }
    node += unzigzag(raw.node[i]);
    out.node[i] = node;
    out.attempt[i] = raw.attempt[i];
  }
  return out;
}

/**
 * @param {Uint8Array} bytes
 * @param {number} count
 * @returns {Float64Array}
 */
function readVarints(bytes, count) {
  const values = new Float64Array(count);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 127) * scale;
      if (byte < 128) break;
      scale *= 128;
    }
    values[i] = value;
  }
  return values;
}

/**
 * @param {number} value
 * @returns {number}
 */
function unzigzag(value) {
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}
