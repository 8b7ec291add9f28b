import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.js';
import { testScenario } from '../../test-support/scenario.js';
import { ArrayPool } from '../array-pool.js';
import { TreeNetwork } from './network.js';
import { OutputSpread } from './output-spread.js';
import { LEAST_LOAD } from './part-route.js';

// 12 nodes in 4 racks of 3: leaves 0–3.
const network = new TreeNetwork(testScenario({ nodes: Array.from({ length: 12 }, (_, n) => ({ rack: `r${n % 4}` })), jobs: [] }).cluster);

/** `count` outputs of 1–1,000 bytes on random nodes: the spread, and the outputs' nodes and axis as the shuffle keeps them. */
function listed(count: number, seed: number) {
  const random = new Random(seed);
  const spread = new OutputSpread(network, 12, 16, new ArrayPool());
  const nodes = new Int32Array(count);
  const axis = new Float64Array(count + 1);
  for (let k = 0; k < count; k++) {
    nodes[k] = random.int(0, 11);
    axis[k + 1] = axis[k] + random.int(1, 1000);
    spread.add(k, nodes[k], axis[k + 1] - axis[k]);
  }
  return { spread, nodes, axis };
}

describe("a job's outputs summed per leaf", () => {
  it('gives the bytes per leaf from any output on as a walk over them does, across the kept sums', () => {
    const { spread, nodes, axis } = listed(1000, 7);
    const out = new Float64Array(network.leafCount);
    for (const first of [0, 1, 255, 256, 257, 511, 512, 700, 999, 1000]) {
      const walked = new Float64Array(network.leafCount);
      for (let k = first; k < 1000; k++) walked[network.leafOf(nodes[k])] += axis[k + 1] - axis[k];
      spread.leafBytesFrom(first, nodes, axis, out);
      for (let leaf = 0; leaf < network.leafCount; leaf++) expect(out[leaf], `from output ${first}, leaf ${leaf}`).toBeCloseTo(walked[leaf], 6);
    }
  });

  it('calls a batch thin only when no node can hold LEAST_LOAD of a copy’s share of it', () => {
    const spread = new OutputSpread(network, 12, 4, new ArrayPool());
    // Node 3 holds two outputs of 100 bytes: no node holds more than 200.
    for (const [k, node] of [3, 5, 3, 8].entries()) spread.add(k, node, 100);
    expect(spread.thin(200 / (LEAST_LOAD / 5) + 1, 5)).toBe(true);
    expect(spread.thin(200 / (LEAST_LOAD / 5), 5)).toBe(false);
  });
});
