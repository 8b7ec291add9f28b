import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Resources } from '../../../model/resources.js';
import { instantaneousQueueShares, steadyQueueShares } from './queue-shares.js';
import type { QueueSpec } from './queue-tree.js';
import { amountOf, type ResourceType } from './resource-type.js';
import type { SchedulingPolicyName } from './scheduling-policy.js';
import { mb, resources } from './test-support/hadoop-units.js';
import { queues } from './test-support/queues.js';

/** One assertion of Hadoop's on a queue's share of one resource type. */
interface ShareCheck {
  readonly queue: string;
  readonly share: 'instantaneous' | 'steady';
  readonly type: ResourceType;
  /** Exactly this amount, in our units. */
  readonly equals?: number;
  /** This fraction of the cluster's amount of the type, within Hadoop's tolerance. */
  readonly fraction?: readonly [value: number, tolerance: number];
}

interface TreeCase {
  readonly follows: string;
  readonly root: QueueSpec;
  readonly cluster: Resources;
  /** The leaves with runnable applications, by full name. */
  readonly active: readonly string[];
  readonly checks: readonly ShareCheck[];
}

function check(queue: string, share: ShareCheck['share'], type: ResourceType, expected: number | readonly [number, number]): ShareCheck {
  return typeof expected === 'number' ? { queue, share, type, equals: expected } : { queue, share, type, fraction: expected };
}

/** Both shares of memory, exactly `megabytes`. */
function memoryBoth(queue: string, megabytes: number): ShareCheck[] {
  return [check(queue, 'instantaneous', 'memory', mb(megabytes)), check(queue, 'steady', 'memory', mb(megabytes))];
}

/**
 * TestFairSchedulerFairShare's tree: root with parentA (weight 8: childA1
 * to childA4), parentB (weight 1: childB1, childB2) and Hadoop's own
 * root.default, on one node of 16 GB (and 10 vcores with drf).
 */
function fairShareTree(policy: SchedulingPolicyName): QueueSpec {
  const { leaf, parent } = queues(policy);
  return parent('root', [
    parent('parentA', [leaf('childA1'), leaf('childA2'), leaf('childA3'), leaf('childA4')], { weight: 8 }),
    parent('parentB', [leaf('childB1'), leaf('childB2')], { weight: 1 }),
    leaf('default'),
  ]);
}
const A_LEAVES = ['root.parentA.childA1', 'root.parentA.childA2', 'root.parentA.childA3', 'root.parentA.childA4'];
const B_LEAVES = ['root.parentB.childB1', 'root.parentB.childB2'];

/** verifySteadyFairShareMemory: steady shares follow the weights, active or not. */
const STEADY_BY_WEIGHT: readonly ShareCheck[] = [
  ...A_LEAVES.map((queue) => check(queue, 'steady', 'memory', [0.2, 0.001])),
  ...B_LEAVES.map((queue) => check(queue, 'steady', 'memory', [0.05, 0.001])),
];

const FAIR = queues('fair');

const CASES: readonly TreeCase[] = [
  {
    follows: 'TestFairSchedulerFairShare.testFairShareNoAppsRunning',
    root: fairShareTree('fair'),
    cluster: resources(16 * 1024),
    active: [],
    checks: [...[...A_LEAVES, ...B_LEAVES].map((queue) => check(queue, 'instantaneous', 'memory', [0, 0])), ...STEADY_BY_WEIGHT],
  },
  {
    follows: 'TestFairSchedulerFairShare.testFairShareOneAppRunning',
    root: fairShareTree('fair'),
    cluster: resources(16 * 1024),
    active: ['root.parentA.childA1'],
    checks: [
      check('root.parentA.childA1', 'instantaneous', 'memory', [1, 0.001]),
      check('root.parentA.childA2', 'instantaneous', 'memory', [0, 0.1]),
      ...STEADY_BY_WEIGHT,
    ],
  },
  {
    follows: 'TestFairSchedulerFairShare.testFairShareMultipleActiveQueuesUnderSameParent',
    root: fairShareTree('fair'),
    cluster: resources(16 * 1024),
    active: A_LEAVES.slice(0, 3),
    checks: [...A_LEAVES.slice(0, 3).map((queue) => check(queue, 'instantaneous', 'memory', [0.33, 0.009])), ...STEADY_BY_WEIGHT],
  },
  {
    follows: 'TestFairSchedulerFairShare.testFairShareMultipleActiveQueuesUnderDifferentParent',
    root: fairShareTree('fair'),
    cluster: resources(16 * 1024),
    active: [...A_LEAVES.slice(0, 2), 'root.parentB.childB1', 'root.default'],
    checks: [
      ...A_LEAVES.slice(0, 2).map((queue) => check(queue, 'instantaneous', 'memory', [0.4, 0.009])),
      check('root.parentB.childB1', 'instantaneous', 'memory', [0.1, 0.009]),
      ...STEADY_BY_WEIGHT,
    ],
  },
  {
    follows: 'TestFairSchedulerFairShare.testFairShareResetsToZeroWhenAppsComplete (both running)',
    root: fairShareTree('fair'),
    cluster: resources(16 * 1024),
    active: A_LEAVES.slice(0, 2),
    checks: A_LEAVES.slice(0, 2).map((queue) => check(queue, 'instantaneous', 'memory', [0.5, 0.009])),
  },
  {
    follows: 'TestFairSchedulerFairShare.testFairShareResetsToZeroWhenAppsComplete (childA1 done)',
    root: fairShareTree('fair'),
    cluster: resources(16 * 1024),
    active: ['root.parentA.childA2'],
    checks: [
      check('root.parentA.childA1', 'instantaneous', 'memory', [0, 0]),
      check('root.parentA.childA2', 'instantaneous', 'memory', [1, 0.001]),
      ...STEADY_BY_WEIGHT,
    ],
  },
  {
    // parentB's steady vcore (1 of 10) goes to each of its two leaves: Hadoop's whole units at the upper end of its search.
    follows: 'TestFairSchedulerFairShare.testFairShareWithDRFMultipleActiveQueuesUnderDifferentParent',
    root: fairShareTree('drf'),
    cluster: resources(16 * 1024, 10),
    active: [...A_LEAVES.slice(0, 2), 'root.parentB.childB1', 'root.default'],
    checks: [
      ...A_LEAVES.slice(0, 2).flatMap((queue) => [
        check(queue, 'instantaneous', 'memory', [0.4, 0.009]),
        check(queue, 'instantaneous', 'vcores', [0.4, 0.009]),
      ]),
      check('root.parentB.childB1', 'instantaneous', 'memory', [0.1, 0.009]),
      check('root.parentB.childB1', 'instantaneous', 'vcores', [0.1, 0.009]),
      ...A_LEAVES.flatMap((queue) => [check(queue, 'steady', 'memory', [0.2, 0.001]), check(queue, 'steady', 'vcores', [0.2, 0.001])]),
      ...B_LEAVES.flatMap((queue) => [check(queue, 'steady', 'memory', [0.05, 0.001]), check(queue, 'steady', 'vcores', [0.1, 0.001])]),
    ],
  },
  {
    // 10240 MB three ways: 3 × 3413 falls short, so each gets 3414.
    follows: 'TestFairScheduler.testSimpleFairShareCalculation',
    root: FAIR.parent('root', [FAIR.leaf('queue1'), FAIR.leaf('queue2'), FAIR.leaf('default')]),
    cluster: resources(10 * 1024),
    active: ['root.queue1', 'root.queue2', 'root.default'],
    checks: ['root.queue1', 'root.queue2', 'root.default'].flatMap((queue) => memoryBoth(queue, 3414)),
  },
  {
    follows: 'TestFairScheduler.testSimpleHierarchicalFairShareCalculation',
    root: FAIR.parent('root', [FAIR.leaf('default'), FAIR.parent('parent', [FAIR.leaf('queue2'), FAIR.leaf('queue3')])]),
    cluster: resources(10 * 24),
    active: ['root.default', 'root.parent.queue2', 'root.parent.queue3'],
    checks: [...memoryBoth('root.default', 120), ...memoryBoth('root.parent.queue2', 60), ...memoryBoth('root.parent.queue3', 60)],
  },
  {
    // Max shares whose sum passes Java's int range; queueA asks for 1 GB and still gets its weighted 2 GB.
    follows: 'TestFairScheduler.testFairShareWithMaxResources',
    root: FAIR.parent('root', [
      FAIR.leaf('queueA', { weight: 0.25, maxResources: resources(1073741824, 1000) }),
      FAIR.leaf('queueB', { weight: 0.75, maxResources: resources(1073741824, 1000) }),
      FAIR.leaf('default'),
    ]),
    cluster: resources(8 * 1024, 8),
    active: ['root.queueA', 'root.queueB'],
    checks: [check('root.queueA', 'instantaneous', 'memory', mb(2048)), check('root.queueB', 'instantaneous', 'memory', mb(6144))],
  },
  {
    follows: 'TestFairScheduler.testFairShareWithZeroWeight',
    root: FAIR.parent('root', [FAIR.leaf('queueA', { weight: 0 }), FAIR.leaf('queueB', { weight: 0 }), FAIR.leaf('default')]),
    cluster: resources(8 * 1024, 8),
    active: ['root.queueA', 'root.queueB'],
    checks: [check('root.queueA', 'instantaneous', 'memory', 0), check('root.queueB', 'instantaneous', 'memory', 0)],
  },
  {
    follows: 'TestFairScheduler.testFairShareWithZeroWeightNoneZeroMinRes',
    root: FAIR.parent('root', [
      FAIR.leaf('queueA', { weight: 0, minResources: resources(1, 1) }),
      FAIR.leaf('queueB', { weight: 0, minResources: resources(1, 1) }),
      FAIR.leaf('default'),
    ]),
    cluster: resources(8 * 1024, 8),
    active: ['root.queueA', 'root.queueB'],
    checks: [check('root.queueA', 'instantaneous', 'memory', mb(1)), check('root.queueB', 'instantaneous', 'memory', mb(1))],
  },
  {
    follows: 'TestFairScheduler.testFairShareWithNoneZeroWeightNoneZeroMinRes',
    root: FAIR.parent('root', [
      FAIR.leaf('queueA', { weight: 0.5, minResources: resources(1024, 1) }),
      FAIR.leaf('queueB', { weight: 0.5, minResources: resources(1024, 1) }),
      FAIR.leaf('default'),
    ]),
    cluster: resources(8 * 1024, 8),
    active: ['root.queueA', 'root.queueB'],
    checks: [check('root.queueA', 'instantaneous', 'memory', mb(4096)), check('root.queueB', 'instantaneous', 'memory', mb(4096))],
  },
  {
    // The user queues the placement rule made under parentq.
    follows: 'TestFairScheduler.testFairShareAndWeightsInNestedUserQueueRule',
    root: FAIR.parent('root', [
      FAIR.parent('parentq', [FAIR.leaf('user1'), FAIR.leaf('user2')], { minResources: resources(1024, 0) }),
      FAIR.leaf('default'),
    ]),
    cluster: resources(16 * 1024),
    active: ['root.parentq.user1', 'root.parentq.user2', 'root.default'],
    checks: [...memoryBoth('root.parentq.user1', 4096), ...memoryBoth('root.parentq.user2', 4096)],
  },
  ...steadyReloadCases(),
  {
    follows: 'TestFairScheduler.testSteadyFairShareWithQueueCreatedRuntime (default only)',
    root: FAIR.parent('root', [FAIR.leaf('default')]),
    cluster: resources(6144),
    active: [],
    checks: [check('root', 'steady', 'memory', mb(6144)), check('root.default', 'steady', 'memory', mb(6144))],
  },
  {
    follows: 'TestFairScheduler.testSteadyFairShareWithQueueCreatedRuntime (user1 created)',
    root: FAIR.parent('root', [FAIR.leaf('default'), FAIR.leaf('user1')]),
    cluster: resources(6144),
    active: ['root.user1'],
    checks: [check('root.default', 'steady', 'memory', mb(3072)), check('root.user1', 'steady', 'memory', mb(3072))],
  },
];

/** TestFairScheduler.testSteadyFairShareWithReloadAndNodeAddRemove: a drf root over fair children, as nodes come and go. */
function steadyReloadCases(): TreeCase[] {
  const { leaf, parent } = queues('fair');
  const before = parent('root', [leaf('child1'), leaf('child2'), leaf('default')], { schedulingPolicy: 'drf' });
  const reloaded = parent('root', [leaf('child1'), leaf('child2', { weight: 2 }), leaf('child3', { weight: 2 }), leaf('default')], {
    schedulingPolicy: 'drf',
  });
  const steady = (queue: string, megabytes: number) => check(queue, 'steady', 'memory', mb(megabytes));
  const name = 'TestFairScheduler.testSteadyFairShareWithReloadAndNodeAddRemove';
  return [
    { follows: `${name} (no node)`, root: before, cluster: resources(0), active: [], checks: [steady('root.child1', 0), steady('root.child2', 0)] },
    { follows: `${name} (one node)`, root: before, cluster: resources(6144), active: [], checks: [steady('root.child1', 2048), steady('root.child2', 2048)] },
    {
      follows: `${name} (reloaded)`,
      root: reloaded,
      cluster: resources(6144),
      active: [],
      checks: [steady('root.child1', 1024), steady('root.child2', 2048), steady('root.child3', 2048)],
    },
    { follows: `${name} (node removed)`, root: reloaded, cluster: resources(0), active: [], checks: [steady('root.child1', 0), steady('root.child2', 0)] },
  ];
}

describe("a queue tree's fair shares (Hadoop's FSParentQueue and QueueManager)", () => {
  describe.each(CASES)('$follows', ({ root, cluster, active, checks }) => {
    const shares = {
      instantaneous: instantaneousQueueShares(root, cluster, new Set(active)),
      steady: steadyQueueShares(root, cluster),
    };
    it.each(checks)('$share share of $type of $queue', ({ queue, share, type, equals, fraction }) => {
      const found = shares[share].get(queue);
      expect(found).toBeDefined();
      const amount = amountOf(found as Resources, type);
      if (equals !== undefined) expect(amount).toBe(equals);
      if (fraction !== undefined) expect(Math.abs(amount / amountOf(cluster, type) - fraction[0])).toBeLessThanOrEqual(fraction[1]);
    });
  });

  it('give an active leaf at least as much now as in the steady state, and an inactive one nothing', () => {
    const tree = fairShareTree('drf');
    const leaves = [...A_LEAVES, ...B_LEAVES, 'root.default'];
    fc.assert(
      fc.property(fc.subarray(leaves), fc.integer({ min: 0, max: 1 << 20 }), fc.integer({ min: 0, max: 512 }), (active, memory, vcores) => {
        const cluster = resources(memory, vcores);
        const now = instantaneousQueueShares(tree, cluster, new Set(active));
        const steady = steadyQueueShares(tree, cluster);
        for (const leaf of leaves) {
          const share = now.get(leaf) as Resources;
          if (!active.includes(leaf)) expect(share).toEqual(resources(0, 0));
          else {
            expect(share.memory).toBeGreaterThanOrEqual((steady.get(leaf) as Resources).memory);
            expect(share.vcores).toBeGreaterThanOrEqual((steady.get(leaf) as Resources).vcores);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
