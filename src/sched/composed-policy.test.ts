import { describe, expect, it } from 'vitest';
import { testScenario } from '../test-support/scenario.js';
import { simulate } from '../sim/simulate.js';
import { ComposedPolicy } from './composed-policy.js';
import { HadoopReducePlacement } from './placement/hadoop-reduce.js';
import { LocalityPlacement } from './placement/locality.js';
import { QueueOrder } from './queue-order.js';
import type { JobOrder, MapPlacement } from './types.js';

const scenario = testScenario({ nodes: [{}], jobs: [{ maps: [{}] }] });

describe('ComposedPolicy', () => {
  it('stops a placement that claims a launch it did not make, which would loop the order forever', () => {
    const liar: MapPlacement = { place: () => true };
    const policy = new ComposedPolicy('liar', new QueueOrder(1), liar, { place: () => false });
    expect(() => simulate(scenario, policy)).toThrow(/scheduler 'liar' made an invalid decision: its map placement took an offer for job 'j0' and launched nothing/);
  });

  it('declines until the state changes while all three parts say so, and from the moment one stops saying so', () => {
    const order: JobOrder & { declinesUntilStateChanges: boolean } = Object.assign(new QueueOrder(1), { declinesUntilStateChanges: true });
    const policy = new ComposedPolicy('fifo', order, new LocalityPlacement(), new HadoopReducePlacement());
    expect(policy.declinesUntilStateChanges).toBe(true);
    order.declinesUntilStateChanges = false;
    expect(policy.declinesUntilStateChanges).toBe(false);
  });
});
