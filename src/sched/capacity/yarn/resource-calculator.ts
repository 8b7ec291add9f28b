/**
 * YARN's resource calculators, as the Capacity Scheduler uses them to
 * compare, divide and round resources (`yarn.scheduler.capacity.resource-calculator`):
 *
 * - `default` (DefaultResourceCalculator) looks at memory only: a
 *   comparison, a ratio, a fit are memory's;
 * - `dominant` (DominantResourceCalculator) compares resources by their
 *   dominant shares of the cluster (then by the other share), divides
 *   dominant share by dominant share, and fits every resource.
 *
 * Hadoop counts memory in whole MB and vcores one by one, truncating or
 * rounding up where it says; we keep memory in bytes, so the roundings are
 * to whole MiB.
 */
import type { Resources } from '../../../model/resources.js';

export type ResourceCalculatorName = 'default' | 'dominant';

export interface ResourceCalculator {
  readonly name: ResourceCalculatorName;
  /** Negative, zero or positive as `a` is less than, equal to or more than `b` to this calculator. */
  compare(cluster: Resources, a: Resources, b: Resources): number;
  /** `a` over `b` (Resources.divide): memory over memory, or dominant share over dominant share. */
  ratio(cluster: Resources, a: Resources, b: Resources): number;
  /** Whether `small` fits in `big`: memory only, or every resource. */
  fitsIn(small: Resources, big: Resources): boolean;
  /** `r` × `by`, each counted resource rounded up to a multiple of `step` (multiplyAndNormalizeUp). */
  multiplyAndNormalizeUp(r: Resources, by: number, step: Resources): Resources;
  /** Up to a multiple of `step`, each counted resource. */
  roundUp(r: Resources, step: Resources): Resources;
  /** Down to a multiple of `step`, each counted resource. */
  roundDown(r: Resources, step: Resources): Resources;
}

const MIB = 2 ** 20;

export const DEFAULT_CALCULATOR: ResourceCalculator = {
  name: 'default',
  compare: (_cluster, a, b) => a.memory - b.memory,
  ratio: (_cluster, a, b) => a.memory / b.memory,
  fitsIn: (small, big) => small.memory <= big.memory,
  // Hadoop rounds memory × by to the nearest MB before rounding up to the step.
  multiplyAndNormalizeUp: (r, by, step) => ({ memory: roundUpTo(Math.floor((r.memory / MIB) * by + 0.5) * MIB, step.memory), vcores: r.vcores }),
  roundUp: (r, step) => ({ memory: roundUpTo(r.memory, step.memory), vcores: r.vcores }),
  roundDown: (r, step) => ({ memory: roundDownTo(r.memory, step.memory), vcores: r.vcores }),
};

export const DOMINANT_CALCULATOR: ResourceCalculator = {
  name: 'dominant',
  compare(cluster, a, b) {
    if (a.memory === b.memory && a.vcores === b.vcores) return 0;
    const [a1, a2] = sortedShares(cluster, a);
    const [b1, b2] = sortedShares(cluster, b);
    return a1 !== b1 ? a1 - b1 : a2 - b2;
  },
  ratio: (cluster, a, b) => sortedShares(cluster, a)[0] / sortedShares(cluster, b)[0],
  fitsIn: (small, big) => small.memory <= big.memory && small.vcores <= big.vcores,
  multiplyAndNormalizeUp: (r, by, step) => ({
    memory: roundUpTo(Math.ceil((r.memory / MIB) * by) * MIB, step.memory),
    vcores: roundUpTo(Math.ceil(r.vcores * by), step.vcores),
  }),
  roundUp: (r, step) => ({ memory: roundUpTo(r.memory, step.memory), vcores: roundUpTo(r.vcores, step.vcores) }),
  roundDown: (r, step) => ({ memory: roundDownTo(r.memory, step.memory), vcores: roundDownTo(r.vcores, step.vcores) }),
};

export const RESOURCE_CALCULATORS: Readonly<Record<ResourceCalculatorName, ResourceCalculator>> = {
  default: DEFAULT_CALCULATOR,
  dominant: DOMINANT_CALCULATOR,
};

/** The smaller of two resources to the calculator (Resources.min: the first when equal). */
export function smaller(rc: ResourceCalculator, cluster: Resources, a: Resources, b: Resources): Resources {
  return rc.compare(cluster, a, b) <= 0 ? a : b;
}

/** The larger of two resources to the calculator (Resources.max: the first when equal). */
export function larger(rc: ResourceCalculator, cluster: Resources, a: Resources, b: Resources): Resources {
  return rc.compare(cluster, a, b) >= 0 ? a : b;
}

/** ⌈r / n⌉, memory in whole MiB (Resources.divideAndCeil). */
export function divideAndCeil(r: Resources, n: number): Resources {
  return { memory: Math.ceil(r.memory / MIB / n) * MIB, vcores: Math.ceil(r.vcores / n) };
}

/** ⌊r × by⌋, memory in whole MiB (Resources.multiplyAndRoundDown; also how a percentage of the cluster is taken). */
export function multiplyAndRoundDown(r: Resources, by: number): Resources {
  return { memory: Math.floor((r.memory / MIB) * by) * MIB, vcores: Math.floor(r.vcores * by) };
}

export function add(a: Resources, b: Resources): Resources {
  return { memory: a.memory + b.memory, vcores: a.vcores + b.vcores };
}

export function subtract(a: Resources, b: Resources): Resources {
  return { memory: a.memory - b.memory, vcores: a.vcores - b.vcores };
}

/** Each resource's share of the cluster, largest first; a resource the cluster has none of counts as no share. */
function sortedShares(cluster: Resources, r: Resources): [number, number] {
  const memory = cluster.memory > 0 ? r.memory / cluster.memory : 0;
  const vcores = cluster.vcores > 0 ? r.vcores / cluster.vcores : 0;
  return memory >= vcores ? [memory, vcores] : [vcores, memory];
}

function roundUpTo(value: number, step: number): number {
  return step > 0 ? Math.ceil(value / step) * step : value;
}

function roundDownTo(value: number, step: number): number {
  return step > 0 ? Math.floor(value / step) * step : value;
}
