import { describe, expect, it } from 'vitest';
import { queuePolicyProblems, type QueueSpec } from './queue-tree.js';
import { queues } from './test-support/queues.js';

const { leaf, parent } = queues('fair');

interface PolicyCase {
  readonly follows: string;
  readonly root: QueueSpec;
  /** The queues Hadoop refuses, by full name. */
  readonly refused: readonly string[];
}

const CASES: readonly PolicyCase[] = [
  {
    follows: 'TestSchedulingPolicy.testSchedulingPolicyViolation (drf child under fair root)',
    root: parent('root', [leaf('child1', { schedulingPolicy: 'drf' }), leaf('child2')]),
    refused: ['root.child1'],
  },
  {
    // Hadoop's dynamic queue there takes the file's default, drf, under the fair root: the same rule.
    follows: 'TestSchedulingPolicy.testSchedulingPolicyViolation (reloaded: drf on child2)',
    root: parent('root', [leaf('child1'), leaf('child2', { schedulingPolicy: 'drf' })]),
    refused: ['root.child2'],
  },
  {
    follows: 'TestSchedulingPolicy.testSchedulingPolicyViolationInTheMiddleLevel',
    root: parent('root', [parent('level2', [parent('level3', [leaf('leaf')], { schedulingPolicy: 'drf' })])]),
    refused: ['root.level2.level3'],
  },
  {
    follows: 'TestSchedulingPolicy.testFIFOPolicyOnlyForLeafQueues (fifo on the parent)',
    root: parent('root', [parent('intermediate', [leaf('leaf')], { schedulingPolicy: 'fifo' })]),
    refused: ['root.intermediate'],
  },
  {
    follows: 'TestSchedulingPolicy.testFIFOPolicyOnlyForLeafQueues (fifo on the leaf)',
    root: parent('root', [parent('intermediate', [leaf('leaf', { schedulingPolicy: 'fifo' })])]),
    refused: [],
  },
  {
    follows: 'TestSchedulingPolicy.testPolicyReinitilization (fair root: drf child1, fifo child2)',
    root: parent('root', [leaf('child1', { schedulingPolicy: 'drf' }), leaf('child2', { schedulingPolicy: 'fifo' })]),
    refused: ['root.child1'],
  },
  {
    follows: 'TestSchedulingPolicy.testPolicyReinitilization (drf root: drf child1, fifo child2)',
    root: parent('root', [leaf('child1', { schedulingPolicy: 'drf' }), leaf('child2', { schedulingPolicy: 'fifo' })], { schedulingPolicy: 'drf' }),
    refused: [],
  },
];

describe("a queue tree's policy rules (Hadoop's QueueManager and isChildPolicyAllowed)", () => {
  it.each(CASES)('$follows', ({ root, refused }) => {
    const problems = queuePolicyProblems(root);
    expect(problems.map((problem) => problem.slice(0, problem.indexOf(':')))).toEqual(refused);
  });

  it('says why, in a sentence per queue', () => {
    expect(queuePolicyProblems(CASES[3].root)).toEqual(['root.intermediate: fifo is for leaf queues only, and this queue is a parent']);
    expect(queuePolicyProblems(CASES[0].root)).toEqual(['root.child1: drf is not allowed under root, whose policy is fair']);
  });
});
