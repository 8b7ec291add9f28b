/** Random DMRS instances for property tests: integer sizes and speeds, some releases, weights 0 … 5. */
import fc from 'fast-check';
import type { DmrsInstance, DmrsJob } from '../dmrs-instance.js';

export interface SmallInstanceLimits {
  readonly maxMachines: number;
  readonly maxJobs: number;
  readonly maxMaps: number;
  readonly maxReduces: number;
  /** Most tasks in all (the exact optimum's MIP grows fast with them). */
  readonly maxTasks?: number;
}

const job = (limits: SmallInstanceLimits, id: number): fc.Arbitrary<DmrsJob> =>
  fc.record({
    id: fc.constant(`J${id + 1}`),
    weight: fc.integer({ min: 0, max: 5 }),
    release: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 20, noNaN: true })),
    maps: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: limits.maxMaps }),
    reduces: fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: limits.maxReduces }),
  });

export function smallInstances(limits: SmallInstanceLimits): fc.Arbitrary<DmrsInstance> {
  return fc
    .record({
      speeds: fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 3), { minLength: 1, maxLength: limits.maxMachines }),
      jobCount: fc.integer({ min: 1, max: limits.maxJobs }),
    })
    .chain(({ speeds, jobCount }) =>
      fc.tuple(fc.constant(speeds), fc.tuple(...Array.from({ length: jobCount }, (_, j) => job(limits, j)))),
    )
    .map(([speeds, jobs]): DmrsInstance => ({ machines: speeds.map((speed, i) => ({ id: `m${i + 1}`, speed })), jobs }))
    .filter((instance) => limits.maxTasks === undefined || instance.jobs.reduce((n, j) => n + j.maps.length + j.reduces.length, 0) <= limits.maxTasks);
}
