/**
 * Indices ordered by a key ≥ 0, ties in index order (a stable sort): the one
 * sort every makespan planner needs. Large inputs use a least significant
 * digit radix sort (16-bit digits) on the keys' IEEE 754 bits, which order
 * like the numbers for keys ≥ 0: no comparator calls, about as fast as
 * Float64Array.prototype.sort on a million keys, where a comparison sort of
 * indices is 4–8 times slower. Small inputs use a comparison sort.
 */

/** Below this many keys a comparison sort is quicker than four counting passes over 65,536 buckets. */
const RADIX_FROM = 8192;

/** Which of a double's two 32-bit words holds its low bits, in the platform's byte order. */
const LOW_WORD = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;

/** Indices by key ascending (descending when `descending`), ties by index ascending. */
export function sortByKey(keys: ArrayLike<number>, indices: ArrayLike<number>, descending = false): number[] {
  const n = indices.length;
  if (n < RADIX_FROM) {
    const sorted = Array.from(indices);
    return descending ? sorted.sort((i, j) => keys[j] - keys[i] || i - j) : sorted.sort((i, j) => keys[i] - keys[j] || i - j);
  }
  // Each key's bits as two 32-bit words, complemented for a descending order; the words travel with
  // their index so that every pass reads in order.
  let bits = new Uint32Array(2 * n);
  let nextBits = new Uint32Array(2 * n);
  const view = new Float64Array(bits.buffer);
  for (let p = 0; p < n; p++) view[p] = keys[indices[p]] + 0; // + 0 turns −0 into 0
  if (descending) for (let w = 0; w < bits.length; w++) bits[w] = ~bits[w];
  let order = new Uint32Array(n);
  let next = new Uint32Array(n);
  for (let p = 0; p < n; p++) order[p] = p;
  const count = new Uint32Array(65536);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass < 2 ? LOW_WORD : 1 - LOW_WORD;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let q = 0; q < n; q++) count[(bits[2 * q + word] >>> shift) & 65535]++;
    if (count[(bits[word] >>> shift) & 65535] === n) continue; // every key has this digit: nothing moves
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let q = 0; q < n; q++) {
      const first = bits[2 * q];
      const second = bits[2 * q + 1];
      const to = count[((word === 0 ? first : second) >>> shift) & 65535]++;
      next[to] = order[q];
      nextBits[2 * to] = first;
      nextBits[2 * to + 1] = second;
    }
    [order, next] = [next, order];
    [bits, nextBits] = [nextBits, bits];
  }
  const sorted = new Array<number>(n);
  for (let q = 0; q < n; q++) sorted[q] = indices[order[q]];
  return sorted;
}
