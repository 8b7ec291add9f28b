/**
 * Small runs of the fetch-cost reduce placements, worked by hand. The test
 * scenarios' round numbers: heartbeats every 1 s, aligned at 0, 1, 2, … and
 * taken in node order; disks at 100 B/s; every link at 10 B/s, so a fetch
 * from another node moves 10 B/s. Two nodes of one rack are 2 hops apart,
 * of two racks 4. Slow-start 1: reduces wait for all maps.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '../../util/random.js';
import { KIND_REDUCE, type RunRecord } from '../../model/run-record.js';
import { conformanceScenario } from '../../experiment/conformance-scenarios.js';
import { simulate } from '../../sim/simulate.js';
import { networkMetrics } from '../../metrics/network.js';
import { testScenario, type TestScenario } from '../../test-support/scenario.js';
import { ComposedPolicy } from '../composed-policy.js';
import { runScenario } from '../../experiment/run-scenario.js';
import { QueueOrder } from '../queue-order.js';
import { LocalityPlacement } from '../placement/locality.js';
import { FetchCostModel } from './fetch-cost-model.js';
import { FetchCostPlacement } from './fetch-cost-placement.js';

function run(spec: TestScenario, scheduler: string): RunRecord {
  return runScenario(testScenario(spec), scheduler, { alignHeartbeats: true }).run;
}

/** Each reduce attempt as job/task: node, start, end. */
function reduces(record: RunRecord): string[] {
  const a = record.attempts;
  const rows: string[] = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_REDUCE) rows.push(`${a.job[i]}/${a.task[i]}: n${a.node[i]} ${a.start[i]}–${a.end[i]}`);
  return rows;
}

// n0 (rack r1) runs the one map and has no reduce slot; n1 is on another
// rack, n2 on n0's. The map (10 s, no input) writes 100 B on n0.
const oneJob: TestScenario = {
  nodes: [{ rack: 'r1', reduceSlots: 0 }, { rack: 'r2' }, { rack: 'r1' }],
  jobs: [{ maps: [{ work: 10, outputBytes: 100 }], reduces: [{ work: 5 }] }],
};

describe('greedy in the cluster', () => {
  it('waits past the first node offered for the one nearer the map output', () => {
    // The reduce may run from 10. At 10, n1 heartbeats first: fifo gives it the reduce, which fetches
    // 100 B over 4 hops at 10 B/s, 10–20, then computes 5 s: ends at 25, fetch cost 400.
    // greedy: n1 costs 100 · 4 = 400, n2 100 · 2 = 200, both free: n1 declines, n2 (also at 10) takes it, 2 hops: 200.
    const hadoop = run(oneJob, 'fifo');
    const greedy = run(oneJob, 'fifo+greedy');
    expect(reduces(hadoop)).toEqual(['0/0: n1 10–25']);
    expect(reduces(greedy)).toEqual(['0/0: n2 10–25']);
    expect(networkMetrics(hadoop).fetchCost).toBe(400);
    expect(networkMetrics(greedy).fetchCost).toBe(200);
  });

  it('takes the first slot offered with maxDelay 0, as hadoop does, run for run', () => {
    const spec = { ...oneJob, schedulerOptions: { greedy: { maxDelay: 0 } } };
    expect(run(spec, 'fifo+greedy').attempts).toEqual(run(spec, 'fifo').attempts);
  });

  it('does not wait to save less than its tolerance', () => {
    // 200 against 400: within a tolerance of 0.5 of the larger, so n1 will do.
    const spec = { ...oneJob, schedulerOptions: { greedy: { tolerance: 0.5 } } };
    expect(reduces(run(spec, 'fifo+greedy'))).toEqual(['0/0: n1 10–25']);
  });
});

describe('greedy with contention', () => {
  // n0, n1 and n2 share rack r1, n3 is on r2; n0 has no reduce slot. Two
  // maps of 10 s read their input where it lies: the one on n0 writes
  // 100 B, the one on n1 10 B. The job has two reduces, each fetching half
  // of every output. Hadoop gives a node at most one reduce a heartbeat.
  const twoReduces: TestScenario = {
    nodes: [{ rack: 'r1', reduceSlots: 0 }, { rack: 'r1', reduceSlots: 2 }, { rack: 'r1', reduceSlots: 2 }, { rack: 'r2', reduceSlots: 2 }],
    jobs: [{ maps: [{ work: 10, outputBytes: 100, replicas: [0] }, { work: 10, outputBytes: 10, replicas: [1] }], reduces: [{ work: 5 }, { work: 5 }] }],
  };
  /** Where and when each reduce starts. */
  const greedyWith = (contention: boolean) => reduces(run({ ...twoReduces, schedulerOptions: { greedy: { contention } } }, 'fifo+greedy')).map((row) => row.replace(/–.*/, ''));

  it("counts a reduce already copying down a link: the job's second reduce goes to the next node of the rack", () => {
    // A reduce on n1 costs (100 · 2 hops + 10 · 0) / 2 = 100, on n2 (100 · 2 + 10 · 2) / 2 = 110, on n3 220.
    // At 10 n1 takes reduce 0. Without contention n1's other slot stays the cheapest: n2 and n3 decline
    // reduce 1, which n1 takes at its next heartbeat, 11.
    // With it, the link into n1 carries reduce 0's fetch and weighs 2: a reduce there costs
    // 100 · (1 up + 2 down) / 2 = 150, more than n2's 110, so n2 takes reduce 1 at 10.
    expect(greedyWith(false)).toEqual(['0/0: n1 10', '0/1: n1 11']);
    expect(greedyWith(true)).toEqual(['0/0: n1 10', '0/1: n2 10']);
  });
});

describe('the wait', () => {
  it('ends maxDelay after the first decline: the next slot offered is taken, picked or not', () => {
    // A rule that never picks: the job declines n1 and n2 at 10, 11 and 12; at 13 it has waited
    // 3 s and takes n1, the first offered: fetch 13–23 over 4 hops, compute to 28.
    const scenario = testScenario(oneJob);
    const never = new FetchCostPlacement({ picks: () => false }, new FetchCostModel(scenario.cluster, 'hops', false), 3, 0, 3);
    const policy = new ComposedPolicy('never', new QueueOrder(1), new LocalityPlacement(), never);
    expect(reduces(simulate(scenario, policy, { alignHeartbeats: true }))).toEqual(['0/0: n1 13–28']);
  });
});

describe('rhc in the cluster', () => {
  // n0 (rack r1) runs every map and has no reduce slot; n1, n2 are on its
  // rack, n3, n4 on another. Job 0: one map of 10 s writing 1000 B, one
  // reduce of 100 s. Job 1, submitted at 20: one map of 10 s writing 100 B,
  // one reduce of 5 s.
  const twoJobs: TestScenario = {
    nodes: [{ rack: 'r1', reduceSlots: 0 }, { rack: 'r1' }, { rack: 'r1' }, { rack: 'r2' }, { rack: 'r2' }],
    jobs: [
      { maps: [{ work: 10, outputBytes: 1000 }], reduces: [{ work: 100 }] },
      { submit: 20, maps: [{ work: 10, outputBytes: 100 }], reduces: [{ work: 5 }] },
    ],
  };

  it('keeps the cheapest slot for a likely next job when a job has little data per reduce', () => {
    // Job 0 is recorded at 10 with no other job: N̄ = 0, p̂ = 0, so it takes the cheapest, n1 (2 hops,
    // tied with n2): fetch 1000 B 10–110, compute to 210.
    // Job 1 is recorded at 30 with job 0 present: N̄ = (0 + 1)/2, p̂ = 0.5/2 = 1/4; Ȳ = (1000 + 100)/2 = 550.
    // X = 100 < R·p̂·Ȳ = 137.5: it takes rank 1 of the free slots n2 (200), n3 (400), n4 (400): n2 declines,
    // n3 takes it. Fetch 100 B over 4 hops 30–40, compute to 45: job 1's cost 400.
    // greedy gives job 1 n2 (2 hops, 200), at the same times (every link moves 10 B/s).
    const rhc = run(twoJobs, 'fifo+rhc');
    expect(reduces(rhc)).toEqual(['0/0: n1 10–210', '1/0: n3 30–45']);
    expect(networkMetrics(rhc).fetchCost).toBe(1000 * 2 + 100 * 4);
    expect(reduces(run(twoJobs, 'fifo+greedy'))).toEqual(['0/0: n1 10–210', '1/0: n2 30–45']);
  });
});

describe('every fetch-cost placement with maxDelay 0', () => {
  it.each(['random', 'greedy', 'rhc'])('%s runs as hadoop does, attempt for attempt, on random scenarios', (placement) => {
    const random = new Random(12);
    for (let i = 0; i < 40; i++) {
      const drawn = conformanceScenario(random, `#${i}`);
      const scenario = { ...drawn, schedulerOptions: { [placement]: { maxDelay: 0 } } };
      const ours = runScenario(scenario, `fair+${placement}`).run;
      const hadoop = runScenario(scenario, 'fair').run;
      expect(ours.attempts).toEqual(hadoop.attempts);
    }
  });
});
