import { describe, expect, it } from 'vitest';
import type { Resources } from '../../../model/resources.js';
import { canRunAppAM, maxAmResource, type AmShareLimit } from './am-share.js';
import { UNBOUNDED } from './resource-type.js';
import { resources } from './test-support/hadoop-units.js';

describe('a leaf queue’s maxAMShare (FSLeafQueue.canRunAppAM, computeMaxAMResource)', () => {
  it('TestFairScheduler.testQueueMaxAMShare: 0.2 of a 10240 MB fair share starts two 1 GB AMs, not a third, then a 2 GB AM only once the queue has no other', () => {
    // One node of 20480 MB and 20 vcores; root.default (1 GB held) and queue1 active, so queue1's share is half
    // the memory, and no vcores (fair divides memory only): the vcore limit comes from what is free.
    const limit = (available: Resources): AmShareLimit => ({ maxAmShare: 0.2, fairShare: resources(10240), maxShare: UNBOUNDED, available });
    // 0.2 as a Java float of 10240 MB rounds up to 2049 MB.
    expect(maxAmResource(limit(resources(19456, 19)))).toEqual(resources(2049, 4));
    const am1 = resources(1024, 1);
    const am2 = resources(2048, 2);
    // app1, app2: "Exceeds no limits".
    expect(canRunAppAM(resources(0, 0), am1, limit(resources(19456, 19)))).toBe(true);
    expect(canRunAppAM(resources(1024, 1), am1, limit(resources(18432, 18)))).toBe(true);
    // app3: "Exceeds queue limit".
    expect(canRunAppAM(resources(2048, 2), am1, limit(resources(17408, 17)))).toBe(false);
    // app1 removed: app3's AM runs.
    expect(canRunAppAM(resources(1024, 1), am1, limit(resources(17408, 17)))).toBe(true);
    // app4 and app5 (2048 MB, 2 vcores) wait while app2 and app3 hold 2048 MB.
    expect(canRunAppAM(resources(2048, 2), am2, limit(resources(16384, 16)))).toBe(false);
    // app2 and app3 removed: app5's AM runs.
    expect(canRunAppAM(resources(0, 0), am2, limit(resources(18432, 18)))).toBe(true);
    // app6's 1860 MB AM, normalised to 2048 MB, waits behind app5's.
    expect(canRunAppAM(am2, am2, limit(resources(15360, 15)))).toBe(false);
  });

  it('TestFairScheduler.testComputeMaxAMResource: a zero fair share takes the smaller of the max share and what is free', () => {
    const twentyGb = resources(20480, 20);
    // queueFSZeroWithMax: weight 0, maxResources 4096 mb 4 vcores: maxShare × maxAMShare.
    expect(maxAmResource({ maxAmShare: 0.5, fairShare: resources(0, 0), maxShare: resources(4096, 4), available: twentyGb })).toEqual(resources(2048, 2));
    // queueFSZeroWithAVL: weight 0, no maxResources, queueFSZeroWithMax's 1 GB AM running: available × maxAMShare.
    expect(maxAmResource({ maxAmShare: 0.5, fairShare: resources(0, 0), maxShare: UNBOUNDED, available: resources(20480 - 1024, 19) })).toEqual(
      resources(9728, 10),
    );
    // queueFSNonZero: weight 1, the only active queue with a weight under drf: fair share × maxAMShare.
    expect(maxAmResource({ maxAmShare: 0.5, fairShare: twentyGb, maxShare: UNBOUNDED, available: resources(18432, 18) })).toEqual(resources(10240, 10));
  });

  it('FSLeafQueue.canRunAppAM source: a maxAMShare of -1 turns the check off', () => {
    const limit: AmShareLimit = { maxAmShare: -1, fairShare: resources(0, 0), maxShare: resources(0, 0), available: resources(0, 0) };
    expect(canRunAppAM(resources(8192, 8), resources(1024, 1), limit)).toBe(true);
  });
});
