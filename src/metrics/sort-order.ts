/**
 * Argsort for the event sweep: the indices 0..n−1 ordered by a Float64 key,
 * ties by index (a stable sort). An LSD radix sort on the keys' IEEE-754 bits,
 * mapped to unsigned integers that order like the numbers (negative values
 * have every bit flipped, others only the sign bit): four passes of 16 bits,
 * O(n), and some three times faster than a comparator sort on millions of
 * attempts. Keys already in order are returned as is, without sorting.
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const LOW = LITTLE_ENDIAN ? 0 : 1;
const HIGH = 1 - LOW;

export function orderBy(keys: Float64Array, n: number): Uint32Array {
  let index = new Uint32Array(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    index[i] = i;
    if (i > 0 && keys[i] < keys[i - 1]) sorted = false;
  }
  if (sorted) return index;

  const words = new Uint32Array(keys.buffer, keys.byteOffset, 2 * n);
  let low = new Uint32Array(n);
  let high = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const h = words[2 * i + HIGH];
    const l = words[2 * i + LOW];
    if (h >>> 31 === 1) {
      high[i] = ~h >>> 0;
      low[i] = ~l >>> 0;
    } else {
      high[i] = (h | 0x80000000) >>> 0;
      low[i] = l;
    }
  }
  let lowNext = new Uint32Array(n);
  let highNext = new Uint32Array(n);
  let indexNext = new Uint32Array(n);
  const count = new Uint32Array(65536);
  for (let pass = 0; pass < 4; pass++) {
    const digits = pass < 2 ? low : high;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(digits[i] >>> shift) & 0xffff]++;
    if (count[(digits[0] >>> shift) & 0xffff] === n) continue; // one digit value: the pass changes nothing
    let sum = 0;
    for (let d = 0; d < 65536; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const to = count[(digits[i] >>> shift) & 0xffff]++;
      lowNext[to] = low[i];
      highNext[to] = high[i];
      indexNext[to] = index[i];
    }
    let swap = low;
    low = lowNext;
    lowNext = swap;
    swap = high;
    high = highNext;
    highNext = swap;
    swap = index;
    index = indexNext;
    indexNext = swap;
  }
  return index;
}
