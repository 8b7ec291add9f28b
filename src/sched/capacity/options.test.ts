import { describe, expect, it } from 'vitest';
import { inputErrorOf } from '../../test-support/input-error.js';
import { testScenario } from '../../test-support/scenario.js';
import { createScheduler } from '../create-scheduler.js';
import { parseSchedulerOptions } from '../scheduler-options.js';
import { capacityScheduler } from './index.js';

const FIELD = 'schedulerOptions.capacity.maxMapsPerHeartbeat';
const WHOLE = 'a whole number of maps ≥ 1';
const OPTION_NAMES =
  'maxMapsPerHeartbeat, resourceCalculator, multipleAssignments, maxAssign, maxOffSwitchAssign, nodeLocalityDelay, rackLocalityAdditionalDelay, rackLocalityFullReset, preemption, preemptionInterval, maxWaitBeforeKill, totalPreemptionPerRound, maxIgnoredOverCapacity, naturalTerminationFactor';

const withOptions = (options: unknown) =>
  testScenario({ nodes: [{}], jobs: [], schedulerOptions: { capacity: options } });
const optionsOf = (options: unknown) => parseSchedulerOptions(capacityScheduler, options === undefined ? {} : { capacity: options });

function problems(options: unknown) {
  const error = inputErrorOf(() => optionsOf(options));
  return { source: error.source, problems: error.problems };
}

describe('capacity scheduler options', () => {
  it('defaults to filling every free map slot per heartbeat', () => {
    const yarn = {
      resourceCalculator: 'default',
      multipleAssignments: true,
      maxAssign: 100,
      maxOffSwitchAssign: 1,
      nodeLocalityDelay: 40,
      rackLocalityAdditionalDelay: -1,
      rackLocalityFullReset: true,
      preemption: false,
      preemptionInterval: 3,
      maxWaitBeforeKill: 15,
      totalPreemptionPerRound: 0.1,
      maxIgnoredOverCapacity: 0.1,
      naturalTerminationFactor: 0.2,
    };
    expect(optionsOf(undefined)).toEqual({ maxMapsPerHeartbeat: Infinity, ...yarn });
    expect(optionsOf({ maxMapsPerHeartbeat: 2 })).toEqual({ maxMapsPerHeartbeat: 2, ...yarn });
  });

  it("takes YARN's per-heartbeat limits and resource calculator, -1 as no limit", () => {
    expect(optionsOf({ resourceCalculator: 'dominant', maxAssign: -1, multipleAssignments: false })).toMatchObject({
      resourceCalculator: 'dominant',
      maxAssign: Infinity,
      multipleAssignments: false,
    });
    expect(problems({ resourceCalculator: 'drf' }).problems.map((p) => p.path)).toEqual(['schedulerOptions.capacity.resourceCalculator']);
  });

  it("takes YARN's preemption monitor settings, durations in seconds, and refuses fractions out of range", () => {
    expect(optionsOf({ preemption: true, preemptionInterval: '5 s', maxWaitBeforeKill: 0, totalPreemptionPerRound: 1 })).toMatchObject({
      preemption: true,
      preemptionInterval: 5,
      maxWaitBeforeKill: 0,
      totalPreemptionPerRound: 1,
    });
    expect(problems({ preemptionInterval: 0, totalPreemptionPerRound: 1.5, naturalTerminationFactor: -0.1 }).problems.map((p) => [p.path, p.expected])).toEqual([
      ['schedulerOptions.capacity.preemptionInterval', "a duration > 0 (seconds, or like '3 s')"],
      ['schedulerOptions.capacity.totalPreemptionPerRound', 'a fraction of the cluster from 0 to 1'],
      ['schedulerOptions.capacity.naturalTerminationFactor', 'a fraction from 0 to 1'],
    ]);
  });

  it("takes YARN's locality delays, defaulting to Hadoop's 40 and -1 (TestLeafQueue.testLocalityDelaysAfterQueueRefresh)", () => {
    expect(optionsOf({ nodeLocalityDelay: -1, rackLocalityAdditionalDelay: 0, rackLocalityFullReset: false })).toMatchObject({
      nodeLocalityDelay: -1,
      rackLocalityAdditionalDelay: 0,
      rackLocalityFullReset: false,
    });
    expect(problems({ nodeLocalityDelay: -2, rackLocalityAdditionalDelay: 1.5, rackLocalityFullReset: 'yes' }).problems).toEqual([
      {
        path: 'schedulerOptions.capacity.nodeLocalityDelay',
        expected: 'a whole number of missed scheduling opportunities ≥ 0, or -1 (rack-local at once)',
        found: '-2',
      },
      {
        path: 'schedulerOptions.capacity.rackLocalityAdditionalDelay',
        expected: 'a whole number of missed scheduling opportunities ≥ 0, or -1 (off-switch by the locality wait factor)',
        found: '1.5',
      },
      { path: 'schedulerOptions.capacity.rackLocalityFullReset', expected: 'true or false', found: "'yes'" },
    ]);
  });

  it('rejects a bad value, naming the field, what it expected and what it found', () => {
    expect(problems({ maxMapsPerHeartbeat: 0 })).toEqual({
      source: 'schedulerOptions',
      problems: [{ path: FIELD, expected: WHOLE, found: '0' }],
    });
    expect(problems({ maxMapsPerHeartbeat: 'all' }).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: "'all'" },
    ]);
  });

  it('rejects unknown options and options that are not a mapping', () => {
    expect(problems({ maxMapsPerHeartbeat: 1.5, perHeartbeat: 2 }).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: '1.5' },
      {
        path: 'schedulerOptions.capacity.perHeartbeat',
        expected: `one of the options ${OPTION_NAMES}`,
        found: "unknown option 'perHeartbeat'",
      },
    ]);
    expect(problems(3).problems).toEqual([
      { path: 'schedulerOptions.capacity', expected: `a mapping of options (${OPTION_NAMES})`, found: '3' },
    ]);
  });

  it('is checked when a policy is made for the scenario', () => {
    expect(inputErrorOf(() => createScheduler(capacityScheduler, withOptions({ maxMapsPerHeartbeat: -1 }))).problems).toEqual([
      { path: FIELD, expected: WHOLE, found: '-1' },
    ]);
  });
});
