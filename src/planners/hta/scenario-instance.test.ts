import { describe, expect, it } from 'vitest';
import { testScenario } from '../../test-support/scenario.js';
import { jobMapsInstance } from './scenario-instance.js';

describe('an HTA instance from a scenario', () => {
  it("takes the chosen jobs' maps as tasks, their replicas as placement, and a map without input as local everywhere", () => {
    const scenario = testScenario({
      nodes: [{}, {}, {}],
      jobs: [
        { id: 'a', maps: [{ inputBytes: 10, replicas: [2, 0] }, { inputBytes: 0, replicas: [] }] },
        { id: 'b', maps: [{ inputBytes: 10, replicas: [1] }] },
      ],
    });
    const { instance, origin } = jobMapsInstance(scenario, [scenario.jobs[0]], 1, { kind: 'constant', value: 3 });
    expect(instance.servers).toEqual(['n0', 'n1', 'n2']);
    expect(instance.tasks).toEqual(['a/m0', 'a/m1']);
    expect(origin).toEqual([
      { job: 'a', map: 0 },
      { job: 'a', map: 1 },
    ]);
    expect([...instance.replicaStart]).toEqual([0, 2, 5]);
    expect([...instance.replicaServers]).toEqual([2, 0, 0, 1, 2]);
  });
});
