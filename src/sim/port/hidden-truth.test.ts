import { describe, expect, it } from 'vitest';
import { testScenario } from '../../test-support/scenario.js';
import { walkForTruth } from '../../test-support/truth-walker.js';
import { simulate } from '../simulate.js';
import { firstComePolicy } from '../../test-support/first-come-policy.js';
import type { Policy, RunServices } from '../policy.js';

// Every task's work is a number no run would compute by chance: if it turns
// up anywhere a policy can walk to, the port leaks the truth. No node has
// speed 1, so a finished attempt's measured duration (which a policy may
// see) is not its work.
const WORK = (k: number) => 4321.0123 + k / 1024;
const scenario = testScenario({
  nodes: [{ rack: 'r1', speed: 1.5 }, { rack: 'r1', speed: 2 }, { rack: 'r2', speed: 3 }],
  jobs: [
    { maps: [{ work: WORK(0), inputBytes: 100, replicas: [0] }, { work: WORK(1), inputBytes: 100, replicas: [2] }], reduces: [{ work: WORK(2) }] },
    { submit: 5, maps: [{ work: WORK(3), outputBytes: 10 }], reduces: [{ work: WORK(4) }, { work: WORK(5) }] },
  ],
  settings: { failures: [{ node: 1, at: 2000, recoverAt: 3000 }], trackerExpiry: 30 },
});
const SOUGHT = new Set(Array.from({ length: 6 }, (_, k) => WORK(k)));
const FIELDS = new Set(['work', 'outputBytes', 'shuffleShare', 'failures']);

/** A first-come policy that walks everything it is handed, at every call. */
function walkingPolicy(services: RunServices, found: string[], walked: { objects: number }): Policy {
  const seen = new Set<unknown>();
  const walk = (value: unknown, name: string) => {
    const result = walkForTruth(value, name, SOUGHT, FIELDS, seen);
    found.push(...result.found);
    walked.objects += result.visited;
  };
  walk(services, 'services');
  const firstCome = firstComePolicy();
  return {
    name: 'walker',
    onJobSubmitted: (job, view, decisions) => walk({ job, view, decisions }, 'onJobSubmitted'),
    onTaskEnded: (end, view) => walk({ end, view }, 'onTaskEnded'),
    onNodeFailed: (node, view) => walk({ node, view }, 'onNodeFailed'),
    onHeartbeat(node, view, decisions) {
      // A fresh look at every call: the state behind the views changes.
      seen.clear();
      walk({ node, view, decisions }, 'onHeartbeat');
      firstCome.onHeartbeat(node, view, decisions);
    },
  };
}

describe('the policy port', () => {
  it('lets a policy that walks all it is handed (services, jobs, nodes, views, decisions, task ends) find no task work and no hidden field', () => {
    const found: string[] = [];
    const walked = { objects: 0 };
    const run = simulate(scenario, (services) => walkingPolicy(services, found, walked));
    expect(run.jobs.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
    expect(walked.objects).toBeGreaterThan(100);
    expect(found).toEqual([]);
    expect(run.oracleRead).toBe(false);
  });

  it('finds the walk would catch a leak: the scenario itself is full of task work', () => {
    const { found } = walkForTruth(scenario, 'scenario', SOUGHT, FIELDS);
    expect(found.length).toBeGreaterThan(0);
  });

  it('serves the truth through the oracle, and the run records that it was read', () => {
    let read = 0;
    const run = simulate(scenario, (services) => ({
      ...walkingPolicy(services, [], { objects: 0 }),
      onJobSubmitted: (job) => (read += services.oracle.mapWork(job, 0)),
    }));
    expect(read).toBe(WORK(0) + WORK(3));
    expect(run.oracleRead).toBe(true);
  });
});
