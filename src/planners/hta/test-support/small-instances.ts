/** Small random instances for property tests, and their optimum by trying every assignment. */
import fc from 'fast-check';
import { indexedInstance, replicaRows, type HtaInstance } from '../hta-instance.js';
import { assignmentLoads } from '../assignment-loads.js';
import type { RemoteCost } from '../remote-cost.js';

export interface SmallInstanceLimits {
  readonly minServers?: number;
  readonly maxServers: number;
  readonly maxTasks: number;
}

const remoteCosts: fc.Arbitrary<RemoteCost> = fc.oneof(
  fc.integer({ min: 1, max: 4 }).map((value): RemoteCost => ({ kind: 'constant', value })),
  fc.record({ base: fc.integer({ min: 1, max: 3 }), perRemote: fc.constantFrom(0, 0.5, 1) }).map((c): RemoteCost => ({ kind: 'linear', ...c })),
  fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }).map((steps): RemoteCost => {
    let value = 1;
    return { kind: 'table', values: steps.map((step) => (value += step)) };
  }),
);

/** Instances with w_loc = 1, every task on 1 to n servers. */
export function smallInstances(limits: SmallInstanceLimits): fc.Arbitrary<HtaInstance> {
  return fc
    .integer({ min: limits.minServers ?? 1, max: limits.maxServers })
    .chain((n) =>
      fc.record({
        n: fc.constant(n),
        replicas: fc.array(fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: n }), { maxLength: limits.maxTasks }),
        wRem: remoteCosts,
      }),
    )
    .map(({ n, replicas, wRem }) => {
      const { replicaStart, replicaServers } = replicaRows(replicas);
      return indexedInstance(n, replicaStart, replicaServers, 1, wRem);
    });
}

export interface BruteForceOptimum {
  /** L^O */
  readonly maxLoad: number;
  /** r^O: the fewest remote tasks of an optimal assignment (the set O_1 of Theorem 5.4). */
  readonly remote: number;
}

/** L^O by trying all n^m assignments (keep n^m small). */
export function bruteForceOptimum(instance: HtaInstance): BruteForceOptimum {
  const m = instance.tasks.length;
  const n = instance.servers.length;
  const assignment = new Int32Array(m);
  let best = m === 0 ? 0 : Infinity;
  let remote = 0;
  const visit = (t: number): void => {
    if (t === m) {
      const loads = assignmentLoads(instance, assignment);
      if (loads.maxLoad < best - 1e-9 || (loads.maxLoad <= best + 1e-9 && loads.remote < remote)) {
        best = Math.min(best, loads.maxLoad);
        remote = loads.remote;
      }
      return;
    }
    for (let s = 0; s < n; s++) {
      assignment[t] = s;
      visit(t + 1);
    }
  };
  if (m > 0) visit(0);
  return { maxLoad: best, remote };
}
