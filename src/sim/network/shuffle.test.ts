import { describe, expect, it } from 'vitest';
import { testScenario } from '../../test-support/scenario.js';
import { ArrayPool } from '../array-pool.js';
import { BatchSplitter } from './batch-parts.js';
import { TreeNetwork } from './network.js';
import type { ReduceFetch } from './reduce-fetch.js';
import { JobShuffle, type ShuffleClock } from './shuffle.js';

// Three nodes on two racks (n0, n1 on r1; n2 on r2): hops 2 inside a rack, 4 across. One job of four maps
// with outputs of 100, 200, 300 and 400 bytes, and two reduces with shares 1/4 and 3/4.
const scenario = testScenario({
  nodes: [{}, {}, { rack: 'r2' }],
  jobs: [
    {
      maps: [{ outputBytes: 100 }, { outputBytes: 200 }, { outputBytes: 300 }, { outputBytes: 400 }],
      reduces: [{ shuffleShare: 0.25 }, { shuffleShare: 0.75 }],
    },
  ],
});
const network = new TreeNetwork(scenario.cluster);

/** A clock moved by hand, each reduce copying alone at its rate; batch ends and finished shuffles are noted. */
function harness() {
  const ends: [attempt: number, time: number][] = [];
  const shuffled: number[] = [];
  let now = 0;
  const clock: ShuffleClock = {
    now: () => now,
    shared: false,
    startPart: () => expect.fail('a batch alone moves as one stream'),
    partCopied: () => expect.fail('a batch alone moves as one stream'),
    stopPart: () => expect.fail('a batch alone moves as one stream'),
    startBatch: (fetch, bytes) => {
      fetch.batchEnd = now + bytes / fetch.rate;
      ends.push([fetch.attempt, fetch.batchEnd]);
    },
    copied: (fetch) => (now >= fetch.batchEnd ? fetch.batchBytes : (now - fetch.at) * fetch.rate),
    stopBatch: (fetch) => (fetch.batchEnd = NaN),
    shuffled: (fetch) => shuffled.push(fetch.attempt),
  };
  const shuffle = new JobShuffle(scenario.jobs[0], network, 3, new ArrayPool(), clock, new BatchSplitter(3, 5));
  return {
    shuffle,
    ends,
    shuffled,
    at: (time: number) => (now = time),
    /** The batch end last noted for `fetch`: move the clock there and end it. */
    endBatch(fetch: ReduceFetch) {
      now = fetch.batchEnd;
      shuffle.batchEnded(fetch);
    },
  };
}

describe('the fluid shuffle', () => {
  it('copies everything in one batch when every map has output, at the reduce rate', () => {
    const h = harness();
    [0, 1, 2, 3].forEach((map) => h.shuffle.addOutput(map, map === 3 ? 2 : 0));
    h.shuffle.allMapsDone();
    h.at(10);
    // Reduce 1 (share 3/4) on n1 at 5 B/s: 3/4 × 1000 = 750 B in 150 s, one batch 10 → 160.
    const fetch = h.shuffle.startFetch(1, 7, 1, 5);
    expect(h.ends).toEqual([[7, 160]]);
    h.at(70);
    // At 70 it has copied 300 B of its share, i.e. 400 B of the axis: outputs 0 (100) and 1 (200) whole, not 2.
    expect(h.shuffle.fetchedBytes(fetch)).toBe(0.75 * 300);
    h.endBatch(fetch);
    expect(h.shuffled).toEqual([7]);
    // 750 B in; none from n1 itself; n0's 600 B cross 2 links, n2's 400 B cross 4 (hops × 3/4).
    expect(fetch.traffic).toEqual({ bytesIn: 750, networkBytes: 750, byteHops: 0.75 * (600 * 2 + 400 * 4) });
  });

  it('lets a reduce that has caught up wait for a second of copying, then copy in batches', () => {
    const h = harness();
    // Reduce 0 (share 1/4) at 50 B/s: 200 B of the axis per second, so it wakes once 200 B more are listed.
    const fetch = h.shuffle.startFetch(0, 1, 0, 50);
    h.shuffle.addOutput(0, 0); // 100 listed: waits
    expect(h.ends).toEqual([]);
    h.at(4);
    h.shuffle.addOutput(1, 1); // 300 listed: a batch of 300 B of axis = 75 B, 1.5 s
    expect(h.ends).toEqual([[1, 5.5]]);
    h.at(5);
    h.shuffle.addOutput(2, 2); // 600 listed while the batch runs
    h.endBatch(fetch); // at 5.5: 300 more listed, 300 ≥ 200 → next batch 75 B in 1.5 s
    expect(h.ends.at(-1)).toEqual([1, 7]);
    h.endBatch(fetch); // at 7: caught up, waits
    h.at(20);
    h.shuffle.addOutput(3, 2); // 1000 listed: 400 ≥ 200, a batch of 100 B, 20 → 22
    h.shuffle.allMapsDone();
    expect(h.ends.at(-1)).toEqual([1, 22]);
    h.endBatch(fetch);
    expect(h.shuffled).toEqual([1]);
  });

  it('keeps what a reduce had copied when a node fails, skips what it had not, and skips re-runs it has', () => {
    const h = harness();
    h.shuffle.addOutput(0, 0); // 0–100, on n0
    h.shuffle.addOutput(1, 2); // 100–300, on n2
    h.shuffle.addOutput(2, 0); // 300–600, on n0
    // Reduce 0 (share 1/4) at 25 B/s: 100 B of axis per second; a batch of 600 from 0 to 6.
    const fetch = h.shuffle.startFetch(0, 1, 1, 25);
    h.at(3.5); // at 350 on the axis: outputs 0 and 1 whole, 50 B into output 2
    // n0 fails: output 0 (map 0) it had copied; output 2 (map 2) it had half of: dropped, copied again from the re-run.
    h.shuffle.loseOutputsOn(0);
    expect(h.shuffle.fetchedBytes(fetch)).toBe(0.25 * 300);
    h.shuffle.resumeAll(); // nothing left to copy but new output: waits
    h.shuffle.addOutput(2, 1); // map 2 again, 600–900 on n1: 300 more for it, a batch 3.5 → 6.5
    expect(h.ends.at(-1)).toEqual([1, 6.5]);
    h.shuffle.addOutput(0, 1); // map 0 again, 900–1000: it had map 0, skips it
    h.shuffle.addOutput(3, 2); // 1000–1400
    h.shuffle.allMapsDone();
    h.endBatch(fetch);
    // Copied 600; left: 1400 − skipped (output 2: 300, re-run of map 0: 100) − 600 = 400, 4 s.
    expect(h.ends.at(-1)).toEqual([1, 10.5]);
    h.endBatch(fetch);
    expect(h.shuffled).toEqual([1]);
    // In: 1000 of the axis × 1/4. From n1 itself: the re-run of map 2 (300); n0's 100 (rack, 2 hops), n2's 600 (4 hops).
    expect(fetch.traffic).toEqual({ bytesIn: 250, networkBytes: 0.25 * 700, byteHops: 0.25 * (100 * 2 + 600 * 4) });
  });
});
