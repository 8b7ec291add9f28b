import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../input/load-scenario.js';
import { KIND_MAP, type RunRecord } from '../model/run-record.js';
import { createScheduler, fifoScheduler } from '../sched/index.js';
import { checkRunInvariants } from './invariants.js';
import { PolicyError, type Policy } from './policy.js';
import { simulate } from './simulate.js';

const GiB = 2 ** 30;

/**
 * Ghodsi et al.'s two jobs (NSDI 2011) on a node of 11 vcores and 20 GB,
 * beside one of 2 vcores and 2 GB where only the AMs fit: A's maps take
 * 4 GB and 1 vcore, B's 1 GB and 3 vcores.
 */
const DRF_CLUSTER = `
cluster:
  racks:
    - id: r1
      nodes:
        - { id: big, memory: 20 GB, vcores: 11 }
        - { id: small, memory: 2 GB, vcores: 2 }
jobs:
  - { id: a, maps: 20, mapTime: 1000 s, mapContainer: { memory: 4 GB, vcores: 1 } }
  - { id: b, maps: 20, mapTime: 1000 s, mapContainer: { memory: 1 GB, vcores: 3 } }
settings:
  yarn: { amContainer: { memory: 1 GB, vcores: 1 }, maxAmShare: 1 }
`;

function run(policy: Policy | null = null): RunRecord {
  const scenario = parseScenarioText(DRF_CLUSTER, 'drf.yaml');
  const record = simulate(scenario, policy ?? createScheduler(fifoScheduler, scenario), { alignHeartbeats: true });
  expect(checkRunInvariants(record)).toEqual([]);
  return record;
}

/** Each job's maps running at `time`, and on which nodes. */
function runningAt(record: RunRecord, time: number): { job: number; node: number }[] {
  const a = record.attempts;
  const found = [];
  for (let i = 0; i < a.count; i++) if (a.kind[i] === KIND_MAP && a.start[i] <= time && time < a.end[i]) found.push({ job: a.job[i], node: a.node[i] });
  return found;
}

describe('YARN mode on a resource cluster', () => {
  it('packs containers by memory and vcores: under fifo A fills the memory its AM leaves, B the vcores A leaves', () => {
    const record = run();
    // Both AMs at the first heartbeat (aligned: big first): 2 GB and 2 vcores of big.
    expect(record.applicationMasters!.map((am) => am.node)).toEqual([0, 0]);
    // big: 18 GB, 9 vcores left. A first: 4 maps of 4 GB (16 GB, 4 vcores); B: 2 GB and 5 vcores left, one map of 3 vcores.
    const at100 = runningAt(record, 100);
    expect(at100.filter((r) => r.job === 0)).toHaveLength(4);
    expect(at100.filter((r) => r.job === 1)).toHaveLength(1);
    // Nothing fits on small once the AMs are placed elsewhere: 2 GB, 2 vcores hold no map of either job.
    expect(at100.every((r) => r.node === 0)).toBe(true);
  });

  it('finds no task of a job whose container does not fit, and refuses a launch of one', () => {
    let checked = false;
    const policy: Policy = {
      name: 'too-big',
      onHeartbeat(node, view, decisions) {
        const a = view.activeJobs.find((job) => job.spec.id === 'a');
        if (node.spec.id !== 'small' || a === undefined) return;
        expect(node).toMatchObject({ freeMemory: 2 * GiB, freeVcores: 2, freeMapSlots: 2 });
        expect(a.spec.mapContainer).toEqual({ memory: 4 * GiB, vcores: 1 });
        expect(view.fits(a, 'map', node)).toBe(false);
        expect(view.findMap(a, node, 2)).toBe(-1);
        checked = true;
        expect(() => decisions.launchMap(a, 0)).toThrow(PolicyError);
        throw new Error('stop');
      },
    };
    expect(() => run(policy)).toThrow('stop');
    expect(checked).toBe(true);
  });
});
