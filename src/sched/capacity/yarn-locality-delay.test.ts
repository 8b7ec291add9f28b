import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../../input/load-scenario.js';
import type { RunRecord } from '../../model/run-record.js';
import { checkRunInvariants } from '../../sim/invariants.js';
import { simulate } from '../../sim/simulate.js';
import { attemptRows } from '../../test-support/attempt-rows.js';
import { testJobView } from '../../test-support/job-view.js';
import { createScheduler } from '../create-scheduler.js';
import type { ClusterView, NodeView } from '../types.js';
import { capacityScheduler } from './index.js';
import { YarnLocalityDelay } from './yarn-locality-delay.js';

const HADOOP_DEFAULTS = { nodeLocalityDelay: 40, rackLocalityAdditionalDelay: -1, rackLocalityFullReset: true };

/** Six nodes, three to a rack (rack = ⌊index / 3⌋). */
const NODES = Array.from({ length: 6 }, (_, index) => ({ index, rackIndex: Math.floor(index / 3) }) as NodeView);

/**
 * A job whose maps have the given replicas, those in `pending` pending; the
 * view finds `found` on every node (the map the placement would launch).
 */
function setting(replicas: number[][], pending: number[], found: number) {
  const job = testJobView(0, { pendingMaps: pending.length });
  Object.assign(job.spec, { mapCount: replicas.length, maps: replicas.map((r) => ({ inputBytes: r.length > 0 ? 1 : 0, replicas: r })) });
  const view = {
    nodes: NODES,
    liveNodes: NODES.length,
    findMap: () => found,
    isMapPending: (_job: unknown, task: number) => pending.includes(task),
  } as unknown as ClusterView;
  return { job, view };
}

describe("YARN Capacity Scheduler's locality delay over a job's maps", () => {
  it("calls a container node-local, rack-local or off-switch by the replicas of the job's most local map, a map without input off-switch", () => {
    const delay = new YarnLocalityDelay({ ...HADOOP_DEFAULTS, nodeLocalityDelay: -1, rackLocalityAdditionalDelay: 0 });
    const { job, view } = setting([[0], []], [0, 1], 0);
    expect([0, 1, 3].map((node) => delay.allow(job, NODES[node], view))).toEqual(['node-local', 'rack-local', 'off-switch']);
    const inputless = setting([[0], []], [0, 1], 1);
    expect(delay.allow(inputless.job, NODES[0], inputless.view)).toBe('off-switch');
  });

  it('counts the places of the pending maps only: one pending map on one node waits 1 × 2 / 6, not the whole input', () => {
    // Done maps 0–3 had replicas on all six nodes; the pending map 4 names node 5 and rack 1, so the wait factor is 2/6 and the
    // off-switch wait min(6, 1 × 1/3) is passed at the first opportunity.
    const { job, view } = setting([[0, 3], [1, 4], [2, 5], [0, 1], [5]], [4], 4);
    const delay = new YarnLocalityDelay(HADOOP_DEFAULTS);
    expect(delay.allow(job, NODES[0], view)).toBe('off-switch');
  });

  it('misses opportunities until the wait is passed, and starts again after a node-local container', () => {
    // Six pending maps on node 0 (rack 0): places 2, wait min(6, 6 × 2/6) = 2; rack-local waits min(6, 40) = 6.
    const maps = Array.from({ length: 6 }, () => [0]);
    const pending = [0, 1, 2, 3, 4, 5];
    const { job, view } = setting(maps, pending, 0);
    const delay = new YarnLocalityDelay(HADOOP_DEFAULTS);
    // Node 1 is in node 0's rack: the rack-local map goes through the shorter off-switch wait, at the 3rd opportunity.
    expect([1, 1, 1].map((node) => delay.allow(job, NODES[node], view))).toEqual([null, null, 'off-switch']);
    delay.assigned(job, 'off-switch');
    expect(delay.allow(job, NODES[4], view)).toBe('off-switch');
    expect(delay.allow(job, NODES[0], view)).toBe('node-local');
    delay.assigned(job, 'node-local');
    expect(delay.allow(job, NODES[4], view)).toBeNull();
  });

  it('asks for the map it would back up when none is pending', () => {
    // No map pending; map 1, running, would be backed up: node 5 and its rack are the places asked for, so one container
    // waits 1 × 2/6 opportunities off-switch and node 4, in node 5's rack, gets it through the off-switch rule.
    const { job, view } = setting([[0], [5]], [], 1);
    job.mayBackUpMap = true;
    const delay = new YarnLocalityDelay(HADOOP_DEFAULTS);
    expect(delay.allow(job, NODES[4], view)).toBe('off-switch');
    expect(delay.allow(job, NODES[5], view)).toBe('node-local');
  });

  it('waits for nothing when no place is named, and declines a job with no map to run on the node without counting', () => {
    const delay = new YarnLocalityDelay(HADOOP_DEFAULTS);
    const none = setting([[0]], [0], -1);
    expect(delay.allow(none.job, NODES[3], none.view)).toBeNull();
    const anywhere = setting([[], []], [0, 1], 0);
    expect(delay.allow(anywhere.job, NODES[3], anywhere.view)).toBe('off-switch');
    expect(delay.waitsNever).toBe(false);
    expect(new YarnLocalityDelay({ ...HADOOP_DEFAULTS, nodeLocalityDelay: -1, rackLocalityAdditionalDelay: 0 }).waitsNever).toBe(true);
  });
});

/**
 * Two racks of three nodes (4 GB, 4 vcores: four 1 GB containers each);
 * one job of 12 maps of 60 s whose input blocks lie, one replica each,
 * alternately on r1-n01 and r2-n01. Heartbeats aligned: every node at 0,
 * 1, 2 … s, in node order.
 */
function skewedInput(capacity: string): RunRecord {
  const replicas = Array.from({ length: 12 }, (_, block) => `        - [${block % 2 === 0 ? 'r1-n01' : 'r2-n01'}]`).join('\n');
  const scenario = parseScenarioText(
    `
cluster:
  defaults: { memory: 4 GB, vcores: 4 }
  racks: [{ id: r1, nodes: 3 }, { id: r2, nodes: 3 }]
storage:
  blockSize: 64 MB
  replication: 1
  files:
    - id: data
      size: 768 MB
      replicas:
${replicas}
pools: [{ id: q, capacity: 100, userLimitFactor: 10 }]
jobs: [{ id: scan, pool: q, input: data, mapTime: 60 s }]
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 } }
  speculation: { maps: false }
schedulerOptions:
  capacity: { ${capacity} }
`,
    'skewed.yaml',
  );
  const record = simulate(scenario, createScheduler(capacityScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

function localities(record: RunRecord): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of attemptRows(record)) if (row.kind === 'map') counts[row.locality] = (counts[row.locality] ?? 0) + 1;
  return counts;
}

describe("YARN's Capacity Scheduler's locality delay in a run", () => {
  it('raises the node-local maps from 4 of 12 without delay to 7 of 12 with the default node-locality-delay 40', () => {
    // Without delay the job's AM on r1-n01 at 0, then r1-n02 and r1-n03 take r1-n01's maps rack-local and r1-n03 one of
    // r2-n01's off-switch before r2-n01's own heartbeat: only r2-n01's four maps run node-local.
    expect(localities(skewedInput('nodeLocalityDelay: -1, rackLocalityAdditionalDelay: 0'))).toEqual({ node: 4, rack: 7, off: 1 });
    // With it the other nodes let the container pass until r2-n01 (at 0) and r1-n01 (at 1, beside the AM) take theirs;
    // the five left go rack-local or off-switch as the missed opportunities pass the waits.
    expect(localities(skewedInput(''))).toEqual({ node: 7, rack: 4, off: 1 });
  });
});
