import { describe, expect, it } from 'vitest';
import { KIND_REDUCE } from '../../model/run-record.js';
import { runScenario } from '../../experiment/run-scenario.js';
import { testScenario } from '../../test-support/scenario.js';

// n0 (rack r1), the only node with a map slot, runs the map, which writes
// 100 B there, and has no reduce slot; n1 shares its rack (cost 2 · 100),
// n2–n4 are on another (4 · 100 each). Four free reduce slots, one of them cheap.
const reduceOnly = { mapSlots: 0 };
const base = {
  nodes: [{ rack: 'r1', reduceSlots: 0 }, { rack: 'r1', ...reduceOnly }, { rack: 'r2', ...reduceOnly }, { rack: 'r2', ...reduceOnly }, { rack: 'r2', ...reduceOnly }],
  jobs: [{ maps: [{ work: 10, outputBytes: 100 }], reduces: [{ work: 5 }] }],
};

/** How many of 200 runs (seeds 1–200: heartbeat phases and draws) put the reduce on the cheap node n1. */
function cheapRuns(scheduler: string): number {
  let cheap = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const { run } = runScenario(testScenario({ ...base, settings: { seed } }), scheduler);
    for (let i = 0; i < run.attempts.count; i++) if (run.attempts.kind[i] === KIND_REDUCE && run.attempts.node[i] === 1) cheap++;
  }
  return cheap;
}

describe('random in the cluster', () => {
  it('draws a free slot uniformly, blind to its cost: the cheap one of four about a quarter of the time', () => {
    // Binomial(200, 1/4): mean 50, standard deviation 6.1; 30–70 is more than 3 deviations either side.
    const cheap = cheapRuns('fifo+random');
    expect(cheap).toBeGreaterThanOrEqual(30);
    expect(cheap).toBeLessThanOrEqual(70);
  });

  it('differs from greedy, which waits for the cheap slot every time', () => {
    expect(cheapRuns('fifo+greedy')).toBe(200);
  });
});
