import { describe, expect, it } from 'vitest';
import { assignableLocality, localityWaitFactor, neverDelays, resetsMissedOpportunities, type ContainerLocality, type LocalityDelays } from './locality-delay.js';

const HADOOP_DEFAULTS: LocalityDelays = { nodeLocalityDelay: 40, rackLocalityAdditionalDelay: -1, rackLocalityFullReset: true };

/** One node offered to the application: its best match there, what the application asks for then, and what Hadoop's test expects. */
interface Step {
  readonly best: ContainerLocality;
  /** Containers asked for (ANY), and the distinct hosts and racks the requests name. */
  readonly outstanding: number;
  readonly places: number;
  readonly delays?: Partial<LocalityDelays>;
  readonly assigned: ContainerLocality | null;
  /** The application's missed opportunities after the step. */
  readonly missed: number;
}

/** Offers the steps in turn to one application (one priority) on a cluster of `nodes`, counting and resetting as Hadoop does. */
function replay(nodes: number, steps: readonly Step[], from = 0): { assigned: ContainerLocality | null; missed: number }[] {
  let missed = from;
  return steps.map((step) => {
    const delays = { ...HADOOP_DEFAULTS, ...step.delays };
    missed++;
    const asks = { outstanding: step.outstanding, places: () => step.places };
    const assigned = assignableLocality(step.best, missed, nodes, asks, delays);
    if (assigned !== null && resetsMissedOpportunities(assigned, delays)) missed = 0;
    return { assigned, missed };
  });
}

const expected = (steps: readonly Step[]) => steps.map(({ assigned, missed }) => ({ assigned, missed }));

describe("YARN Capacity Scheduler's locality delay: TestLeafQueue's cases", () => {
  it('TestLeafQueue.testLocalityScheduling: off-switch after as many missed opportunities as containers asked for, node-local at once and resetting', () => {
    // 3 nodes; asks on host_0, rack_0, host_1, rack_1 (4 places, factor 1) and 3 containers: off-switch on node_2 once 3 < missed.
    const steps: Step[] = [
      { best: 'off-switch', outstanding: 3, places: 4, assigned: null, missed: 1 },
      { best: 'off-switch', outstanding: 3, places: 4, assigned: null, missed: 2 },
      { best: 'off-switch', outstanding: 3, places: 4, assigned: null, missed: 3 },
      // Not reset after an off-switch container.
      { best: 'off-switch', outstanding: 3, places: 4, assigned: 'off-switch', missed: 4 },
      { best: 'node-local', outstanding: 2, places: 4, assigned: 'node-local', missed: 0 },
      { best: 'node-local', outstanding: 1, places: 2, assigned: 'node-local', missed: 0 },
    ];
    expect(replay(3, steps)).toEqual(expected(steps));
  });

  it('TestLeafQueue.testLocalityScheduling: rack-local past node-locality-delay 1, reset or not by rack-locality-full-reset', () => {
    // Asks: host_1 1, rack_1 3, ANY 4 (2 places: the off-switch wait is 4 × 2/3 > 2); node_3 is in rack_1.
    const delay = { nodeLocalityDelay: 1 };
    const keep = { nodeLocalityDelay: 1, rackLocalityFullReset: false };
    const steps: Step[] = [
      { best: 'rack-local', outstanding: 4, places: 2, delays: delay, assigned: null, missed: 1 },
      { best: 'rack-local', outstanding: 4, places: 2, delays: delay, assigned: 'rack-local', missed: 0 },
      { best: 'rack-local', outstanding: 3, places: 2, delays: delay, assigned: null, missed: 1 },
      { best: 'rack-local', outstanding: 3, places: 2, delays: keep, assigned: 'rack-local', missed: 2 },
      { best: 'rack-local', outstanding: 2, places: 2, delays: keep, assigned: 'rack-local', missed: 3 },
    ];
    expect(replay(3, steps)).toEqual(expected(steps));
  });

  it('TestLeafQueue.testLocalityScheduling: the off-switch wait is capped by the cluster size (100 containers asked for, 3 nodes)', () => {
    const wait: Step = { best: 'off-switch', outstanding: 100, places: 2, assigned: null, missed: 0 };
    const steps: Step[] = [1, 2, 3].map((missed) => ({ ...wait, missed }));
    steps.push({ ...wait, assigned: 'off-switch', missed: 4 });
    expect(replay(3, steps)).toEqual(expected(steps));
  });

  it('TestLeafQueue.testRackLocalityDelayScheduling: rack-local past 2, off-switch past 2 + 1, that capped by the 5 nodes', () => {
    // node-locality-delay 2, rack-locality-additional-delay 1; asks on host1, rack1, host2, rack2 and 3 containers.
    const delays = { nodeLocalityDelay: 2, rackLocalityAdditionalDelay: 1 };
    const rack = (missed: number, assigned: ContainerLocality | null): Step => ({ best: 'rack-local', outstanding: 3, places: 4, delays, assigned, missed });
    const off = (missed: number, assigned: ContainerLocality | null, additional = 1): Step => ({
      best: 'off-switch',
      outstanding: 2,
      places: 3,
      delays: { ...delays, rackLocalityAdditionalDelay: additional },
      assigned,
      missed,
    });
    // With the additional delay 10, min(5, 2 + 10): off-switch at the 6th missed opportunity.
    const steps: Step[] = [rack(1, null), rack(2, null), rack(0, 'rack-local'), off(1, null), off(2, null), off(3, null), off(4, 'off-switch'), off(5, null, 10), off(6, 'off-switch', 10)];
    expect(replay(5, steps)).toEqual(expected(steps));
  });

  it('TestLeafQueue.testApplicationPriorityScheduling: each priority counts its own opportunities and waits by its own asks', () => {
    // 3 nodes. Priority 1 asks for 2 containers on host_0, rack_0, host_1, rack_1: off-switch on node_2 at the 3rd.
    const p1: Step[] = [
      { best: 'off-switch', outstanding: 2, places: 4, assigned: null, missed: 1 },
      { best: 'off-switch', outstanding: 2, places: 4, assigned: null, missed: 2 },
      { best: 'off-switch', outstanding: 2, places: 4, assigned: 'off-switch', missed: 3 },
      { best: 'node-local', outstanding: 1, places: 4, assigned: 'node-local', missed: 0 },
    ];
    expect(replay(3, p1)).toEqual(expected(p1));
    // Priority 2, not offered until then, asks for 1 on host_2, rack_2: 1 × 2/3 < 1, off-switch on node_1 at its first.
    const p2: Step[] = [{ best: 'off-switch', outstanding: 1, places: 2, assigned: 'off-switch', missed: 1 }];
    expect(replay(3, p2)).toEqual(expected(p2));
  });
});

describe("YARN Capacity Scheduler's locality delay: the rules", () => {
  it('waits for min(places / nodes, 1) of the containers asked for (getLocalityWaitFactor)', () => {
    expect(localityWaitFactor(2, 3)).toBeCloseTo(2 / 3, 12);
    expect(localityWaitFactor(4, 3)).toBe(1);
    expect(localityWaitFactor(0, 3)).toBe(0);
  });

  it('takes an off-switch container at once when the application names no place (only ANY)', () => {
    const steps: Step[] = [{ best: 'off-switch', outstanding: 50, places: 0, assigned: 'off-switch', missed: 1 }];
    expect(replay(10, steps)).toEqual(expected(steps));
  });

  it("with node-locality-delay -1 (older Hadoop's default), rack-local at once, off-switch still by the wait factor", () => {
    const delays = { nodeLocalityDelay: -1 };
    const steps: Step[] = [
      { best: 'rack-local', outstanding: 5, places: 6, delays, assigned: 'rack-local', missed: 0 },
      // 4 containers × 6 places / 10 nodes = 2.4.
      { best: 'off-switch', outstanding: 4, places: 6, delays, assigned: null, missed: 1 },
      { best: 'off-switch', outstanding: 4, places: 6, delays, assigned: null, missed: 2 },
      { best: 'off-switch', outstanding: 4, places: 6, delays, assigned: 'off-switch', missed: 3 },
    ];
    expect(replay(10, steps)).toEqual(expected(steps));
  });

  it('lets a rack-local match the delay still holds back go off-switch when the off-switch wait is shorter', () => {
    // 40 nodes, delay 40: rack-local waits 40; one container asked for on 2 places waits 1 × 2/40.
    expect(replay(40, [{ best: 'rack-local', outstanding: 1, places: 2, assigned: 'off-switch', missed: 1 }])).toEqual([{ assigned: 'off-switch', missed: 1 }]);
  });

  it('never delays with node-locality-delay at most 0 and the two delays summing to at most 0', () => {
    expect(neverDelays({ ...HADOOP_DEFAULTS, nodeLocalityDelay: -1, rackLocalityAdditionalDelay: 0 })).toBe(true);
    expect(neverDelays({ ...HADOOP_DEFAULTS, nodeLocalityDelay: 0, rackLocalityAdditionalDelay: 0 })).toBe(true);
    expect(neverDelays({ ...HADOOP_DEFAULTS, nodeLocalityDelay: 0, rackLocalityAdditionalDelay: 1 })).toBe(false);
    expect(neverDelays({ ...HADOOP_DEFAULTS, nodeLocalityDelay: -1 })).toBe(false);
    expect(neverDelays(HADOOP_DEFAULTS)).toBe(false);
  });
});
