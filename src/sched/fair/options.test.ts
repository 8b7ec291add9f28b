import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { base } from '../../test-support/scenario-files.js';
import { resolveScenario } from '../../input/resolve-scenario.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { fairScheduler } from './index.js';
import { localityDelays } from './options.js';

const optionsOf = (fair: unknown) => parseSchedulerOptions(fairScheduler, fair === undefined ? {} : { fair });
/** The delays of a run with these options, heartbeats `heartbeatInterval` apart. */
const delaysOf = (fair: unknown, heartbeatInterval = 3) => localityDelays(optionsOf(fair), { heartbeatInterval });

function problemsOf(fair: unknown) {
  const error = inputErrorOf(() => optionsOf(fair));
  expect(error.source).toBe('schedulerOptions');
  return error.problems;
}

describe('fair scheduler options', () => {
  it('default the locality delays to 1.5 heartbeat intervals, as Hadoop computes them', () => {
    // Heartbeat every 3 s: 1.5 × 3 = 4.5 s for each delay.
    expect(delaysOf(undefined)).toEqual({ node: 4.5, rack: 4.5 });
    expect(optionsOf(undefined)).toEqual({
      maxAssign: -1,
      nodeLocalityThreshold: -1,
      rackLocalityThreshold: -1,
      schedulingPolicy: 'fair',
      assignMultipleReduces: false,
      sizeBasedWeight: false,
      updateInterval: 0.5,
      userMaxJobsDefault: Infinity,
      userMaxJobs: {},
      preemption: false,
      preemptionInterval: 15,
      minSharePreemptionTimeouts: {},
      defaultMinSharePreemptionTimeout: Infinity,
      fairSharePreemptionTimeout: Infinity,
      fairSharePreemptionThreshold: 0.5,
      fairSharePreemptionTimeouts: {},
      fairSharePreemptionThresholds: {},
    });
  });

  it('cap the computed locality delay at 15 s, as Hadoop does', () => {
    // Heartbeat every 20 s: 1.5 × 20 = 30 s, capped at 15 s.
    expect(delaysOf(undefined, 20)).toEqual({ node: 15, rack: 15 });
  });

  it('compute the default delay from the interval grown with the cluster, as Hadoop computes it from getNextHeartbeatInterval', () => {
    // 600 nodes at 100 heartbeats a second: a heartbeat every 6 s, so 1.5 × 6 = 9 s.
    const scenario = resolveScenario(base({ cluster: { generate: { racks: 6, nodesPerRack: 100 } }, settings: { heartbeatsPerSecond: 100 } }), 'code');
    expect(localityDelays(optionsOf(undefined), scenario.settings)).toEqual({ node: 9, rack: 9 });
  });

  it('let localityDelay set both delays and the specific ones override it', () => {
    expect(delaysOf({ localityDelay: 2, rackLocalityDelay: 7 })).toEqual({ node: 2, rack: 7 });
  });

  it('read every option', () => {
    const options = optionsOf({
      assignMultiple: false,
      assignMultipleReduces: true,
      sizeBasedWeight: true,
      updateInterval: 0,
      userMaxJobsDefault: 2,
      userMaxJobs: { ann: 1 },
    });
    expect(options).toMatchObject({
      assignMultiple: false,
      assignMultipleReduces: true,
      sizeBasedWeight: true,
      updateInterval: 0,
      userMaxJobsDefault: 2,
      userMaxJobs: { ann: 1 },
    });
  });

  it('reject an unknown option, naming it', () => {
    expect(problemsOf({ nodeDelay: 3 })).toEqual([
      {
        path: 'schedulerOptions.fair.nodeDelay',
        expected: expect.stringContaining('nodeLocalityDelay'),
        found: "unknown option 'nodeDelay'",
      },
    ]);
  });

  it('reject malformed values, one problem per field', () => {
    expect(problemsOf({ nodeLocalityDelay: -1, assignMultiple: 'yes', userMaxJobs: { ann: 0.5 } })).toEqual([
      { path: 'schedulerOptions.fair.nodeLocalityDelay', expected: "a duration ≥ 0 (seconds, or like '5 s')", found: '-1' },
      { path: 'schedulerOptions.fair.assignMultiple', expected: 'true or false', found: "'yes'" },
      {
        path: 'schedulerOptions.fair.userMaxJobs.ann',
        expected: 'a mapping from user to a whole number of jobs ≥ 1',
        found: '0.5',
      },
    ]);
  });

  it("reject a fair-share preemption threshold outside YARN's 0 to 1", () => {
    expect(problemsOf({ fairSharePreemptionThreshold: 1.5 })).toEqual([
      { path: 'schedulerOptions.fair.fairSharePreemptionThreshold', expected: 'a number from 0 to 1', found: '1.5' },
    ]);
  });

  it('read delays written with units, as the rest of the scenario', () => {
    const fair = { localityDelay: '2 min', updateInterval: '250 ms' };
    expect(optionsOf(fair)).toMatchObject({ localityDelay: 120, updateInterval: 0.25 });
    expect(delaysOf(fair)).toEqual({ node: 120, rack: 120 });
  });

  it('reject options that are not a mapping', () => {
    expect(problemsOf(3)).toEqual([
      { path: 'schedulerOptions.fair', expected: expect.stringContaining('a mapping of options'), found: '3' },
    ]);
  });
});
