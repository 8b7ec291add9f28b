import { describe, expect, it } from 'vitest';
import { parseScenarioText } from '../input/load-scenario.js';
import type { RunRecord } from '../model/run-record.js';
import { capacityScheduler, createScheduler, fairScheduler, fifoScheduler, flowScheduler } from '../sched/index.js';
import type { SchedulerFactory } from '../sched/types.js';
import { OFF_RACK } from '../sched/types.js';
import type { Policy } from './policy.js';
import { simulate } from './simulate.js';

/**
 * Twenty nodes of three speeds in two racks, forty jobs with reduces,
 * speculative execution of maps and reduces on by default: backups start,
 * and under max-min the ends of reads, writes and copies move.
 */
function scenarioText(network: string, extra: string): string {
  const slots = extra.includes('yarn:') ? 'containers: 4' : 'mapSlots: 2, reduceSlots: 2';
  return `
name: asking
cluster: { generate: { racks: 2, nodesPerRack: 10, speeds: [0.5, 1, 2], ${slots} } }
storage: { blockSize: 64 MB, replication: 3 }
profiles:
  small: { inputBytes: 640 MB, mapTime: { dist: uniform, min: 20, max: 90 }, mapOutputRatio: 0.5, reduces: 3, reduceTime: { dist: uniform, min: 20, max: 90 } }
  large: { inputBytes: 3200 MB, mapTime: { dist: uniform, min: 20, max: 90 }, mapOutputRatio: 0.5, reduces: 8, reduceTime: { dist: uniform, min: 20, max: 90 } }
jobStreams:
  - { count: 40, profiles: [{ name: small, weight: 3 }, { name: large, weight: 1 }], interarrival: { dist: exponential, mean: 40 } }
settings: { heartbeatInterval: 3, seed: 7, network: ${network}${extra} }
`;
}

/**
 * The policy, asking every question a policy may ask before each of its
 * heartbeats: whether backups may start, in the cluster and job by job, and
 * the map and the reduce each job would launch on the node. It launches only
 * what the policy does.
 */
function asking(policy: Policy): Policy {
  const curious = Object.create(policy) as Policy;
  curious.onHeartbeat = (node, view, decisions) => {
    void view.mayBackUpMaps;
    void view.mayBackUpReduces;
    for (const job of view.activeJobs) {
      void job.mayBackUpMap;
      void job.mayBackUpReduce;
      view.findMap(job, node, OFF_RACK);
      view.findReduce(job, node);
      for (const kind of ['map', 'reduce'] as const) for (const attempt of view.runningAttempts(job, kind)) void attempt.progress;
      void view.mapOutputBytes(job);
    }
    policy.onHeartbeat(node, view, decisions);
  };
  return curious;
}

function run(network: string, factory: SchedulerFactory<never>, ask: boolean, extra = ''): RunRecord {
  const scenario = parseScenarioText(scenarioText(network, extra), 'asking.yaml');
  const policy = createScheduler(factory, scenario);
  return simulate(scenario, ask ? asking(policy) : policy);
}

/** Every attempt as its columns have it: job, task, kind, node, start, end and status. */
function attempts(record: RunRecord): number[][] {
  const a = record.attempts;
  return Array.from({ length: a.count }, (_, i) => [a.job[i], a.task[i], a.kind[i], a.node[i], a.start[i], a.end[i], a.status[i]]);
}

/** Hadoop's three, and the flow-based map assignment (another pattern of questions: planned maps checked, then walks by locality). */
const SCHEDULERS = [fifoScheduler, fairScheduler, capacityScheduler, flowScheduler] as SchedulerFactory<never>[];

/** Settings beside the network: each speculation rule, and YARN mode (on nodes of 4 containers; its default rule is YARN's). */
const SETTINGS: Record<string, string> = {
  "Hadoop 1's rule": '',
  'LATE': ', speculation: { policy: late }',
  "YARN's rule": ', speculation: { policy: yarn }',
  'YARN mode': ', yarn: {}',
};

describe('a policy asking more questions', () => {
  for (const [rule, extra] of Object.entries(SETTINGS)) {
    for (const network of ['max-min', 'isolated']) {
      for (const factory of SCHEDULERS) {
        it(`changes nothing in the run: ${factory.name}, ${network} network, ${rule}`, () => {
          const plain = run(network, factory, false, extra);
          const backups = plain.attempts.count - plain.scenario.jobs.reduce((sum, job) => sum + job.maps.length + job.reduces.length, 0);
          expect(backups).toBeGreaterThan(0);
          expect(attempts(run(network, factory, true, extra))).toEqual(attempts(plain));
        });
      }
    }
  }
});
