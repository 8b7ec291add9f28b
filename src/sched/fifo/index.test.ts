import { describe, expect, it } from 'vitest';
import { testScenario } from '../../test-support/scenario.js';
import { createScheduler } from '../selection.js';
import { fifoScheduler } from './index.js';

describe('fifo options', () => {
  it('takes none, and says so when given one', () => {
    const scenario = testScenario({ nodes: [{}], jobs: [], schedulerOptions: { fifo: { delay: 3 } } });
    expect(() => createScheduler(fifoScheduler, scenario)).toThrow(
      /schedulerOptions\.fifo\.delay: expected no options \('fifo' takes none\), found unknown option 'delay'/,
    );
  });
});
