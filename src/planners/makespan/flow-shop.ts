/**
 * The two-stage flow shop (F2||Cmax) that Johnson's rule solves: all map
 * slots act as one machine and all reduce slots as another; each job's map
 * stage runs on the first, then its reduce stage on the second, one job at a
 * time on each. For an order π with map durations a and reduce durations b:
 *
 *   map end     m_k = a_π(1) + … + a_π(k)
 *   reduce end  e_k = max(e_(k−1), m_k) + b_π(k),  e_0 = 0,   C_max = e_n
 *
 * and in closed form (Tian et al., eq. (1)–(2)): C_max = Σ b + max_u K_u with
 * K_u = Σ_(i≤u) a_π(i) − Σ_(i≤u−1) b_π(i). max_u K_u is the time the reduce
 * machine waits in all (the paper's X1 when only the first job makes it wait).
 */

export type Durations = ArrayLike<number>;

/** C_max of `order` by the recurrence. */
export function flowShopMakespan(map: Durations, reduce: Durations, order: ArrayLike<number>): number {
  let mapEnd = 0;
  let reduceEnd = 0;
  for (let k = 0; k < order.length; k++) {
    const j = order[k];
    mapEnd += map[j];
    reduceEnd = Math.max(reduceEnd, mapEnd) + reduce[j];
  }
  return reduceEnd;
}

export interface ClosedForm {
  /** Σ b over every job. */
  readonly sumReduce: number;
  /** K_u for u = 1 … n, in the order. */
  readonly k: readonly number[];
  /** max_u K_u: how long the reduce machine waits in all. */
  readonly maxK: number;
  /** Σ b + max_u K_u. */
  readonly makespan: number;
}

/** C_max of `order` by the closed form, with its terms. */
export function closedFormMakespan(map: Durations, reduce: Durations, order: ArrayLike<number>): ClosedForm {
  const k: number[] = [];
  let sumMap = 0;
  let sumReduceBefore = 0;
  let maxK = -Infinity;
  for (let u = 0; u < order.length; u++) {
    const j = order[u];
    sumMap += map[j];
    const ku = sumMap - sumReduceBefore;
    k.push(ku);
    if (ku > maxK) maxK = ku;
    sumReduceBefore += reduce[j];
  }
  if (order.length === 0) maxK = 0;
  return { sumReduce: sumReduceBefore, k, maxK, makespan: sumReduceBefore + maxK };
}

export interface StageTimeline {
  readonly mapStart: Float64Array;
  readonly mapEnd: Float64Array;
  readonly reduceStart: Float64Array;
  readonly reduceEnd: Float64Array;
}

/** Start and end of each stage, by position in `order`, as the recurrence computes them. */
export function flowShopTimeline(map: Durations, reduce: Durations, order: ArrayLike<number>): StageTimeline {
  const n = order.length;
  const timeline = {
    mapStart: new Float64Array(n),
    mapEnd: new Float64Array(n),
    reduceStart: new Float64Array(n),
    reduceEnd: new Float64Array(n),
  };
  let mapEnd = 0;
  let reduceEnd = 0;
  for (let k = 0; k < n; k++) {
    const j = order[k];
    timeline.mapStart[k] = mapEnd;
    mapEnd += map[j];
    timeline.mapEnd[k] = mapEnd;
    const start = Math.max(reduceEnd, mapEnd);
    reduceEnd = start + reduce[j];
    timeline.reduceStart[k] = start;
    timeline.reduceEnd[k] = reduceEnd;
  }
  return timeline;
}
