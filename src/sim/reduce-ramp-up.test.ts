import { describe, expect, it } from 'vitest';
import { reduceRampUpLimit } from './reduce-ramp-up.js';

describe('reduce ramp-up', () => {
  it('gives reduces the completed fraction of the job\'s containers and the headroom', () => {
    // 10 maps, 2 done, 6 pending, 2 running; 1 reduce running, 7 free: total 10.
    // Completed 0.2 < limit 0.5: ideal reduces 2, maps 8, as many as they need (8): reduces get 10 - 8 = 2.
    expect(reduceRampUpLimit({ pendingMaps: 6, runningMaps: 2, succeededMaps: 2, runningReduces: 1 }, 10, 7, 0.5)).toBe(2);
  });

  it('caps the fraction at the limit when maps need the rest', () => {
    // 100 maps, 80 done, 18 pending, 2 running; 2 reduces running, no headroom: total 4.
    // min(0.8, 0.5) × 4 = 2 reduces; maps' ideal 2 < 20 to run: reduces stay at 2.
    expect(reduceRampUpLimit({ pendingMaps: 18, runningMaps: 2, succeededMaps: 80, runningReduces: 2 }, 100, 0, 0.5)).toBe(2);
    // With a limit of 0.25: 1.
    expect(reduceRampUpLimit({ pendingMaps: 18, runningMaps: 2, succeededMaps: 80, runningReduces: 2 }, 100, 0, 0.25)).toBe(1);
  });

  it('gives reduces what the remaining maps leave unused', () => {
    // 10 maps, 9 done, 1 pending; 20 free containers: total 20; ideal reduces 10, maps need 1: reduces get 19.
    expect(reduceRampUpLimit({ pendingMaps: 1, runningMaps: 0, succeededMaps: 9, runningReduces: 0 }, 10, 20, 0.5)).toBe(19);
  });

  it('holds every reduce back while no map has completed and maps need all containers', () => {
    expect(reduceRampUpLimit({ pendingMaps: 30, runningMaps: 4, succeededMaps: 0, runningReduces: 0 }, 34, 0, 0.5)).toBe(0);
  });

  it('lets every reduce go once no map is left to launch', () => {
    expect(reduceRampUpLimit({ pendingMaps: 0, runningMaps: 3, succeededMaps: 1, runningReduces: 0 }, 4, 0, 0.5)).toBe(Infinity);
  });

  it('does not lose a container to rounding', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point.
    expect(reduceRampUpLimit({ pendingMaps: 71, runningMaps: 0, succeededMaps: 29, runningReduces: 0 }, 100, 100, 0.5)).toBe(29);
  });

  it('counts memory on a resource cluster, each task weighing its container', () => {
    // 10 maps of 2 GB, 2 done, 6 pending, 2 running; 1 reduce of 4 GB running, 12 GB free: total 12 + 4 + 4 = 20 GB.
    // Ideal reduces 0.2 × 20 = 4 GB, maps 16 GB, as much as the 8 maps to run need: reduces get 20 - 16 = 4 GB, one reduce.
    expect(reduceRampUpLimit({ pendingMaps: 6, runningMaps: 2, succeededMaps: 2, runningReduces: 1 }, 10, 12, 0.5, 2, 4)).toBe(1);
    // With 1 GB reduces the same 4 GB hold four.
    expect(reduceRampUpLimit({ pendingMaps: 6, runningMaps: 2, succeededMaps: 2, runningReduces: 1 }, 10, 15, 0.5, 2, 1)).toBe(4);
  });
});
