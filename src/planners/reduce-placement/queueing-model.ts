/**
 * The abstract model of "Improving ReduceTask Data Locality for Sequential
 * MapReduce Jobs" (§II), as its experiment (§V-B) runs it: Poisson arrivals,
 * exponential map work B with mean 1 (μ = 1), a K-limited map phase served
 * first come first served, and r reduce slots with i.i.d. U[1, 100] costs. A
 * job arriving brings X ~ U[1, 100] intermediate data and R ~ U{1 … 10}
 * reducers; when it enters service it claims R slots and holds them until
 * its map phase ends (reduce computation is neglected, the shuffle overlaps
 * the map phase).
 *
 * What happens in the queue does not depend on where reducers go: every
 * placement takes R slots. So one run of the queue is recorded as a
 * trajectory (arrivals, entries into service, departures, in time order) and
 * every placement is replayed over the same one (placement-replay.ts): the
 * same jobs, the same slots, the same times, as common random numbers want.
 *
 * The paper's ρ is under-specified (our reading of §V-B): with ρ the map
 * server's utilisation only a few of the 1,000 slots are ever busy. We offer
 * both readings:
 * - reading 1: the map phase is one processor-sharing server of capacity 1
 *   shared by the jobs in service (each gets 1/min(n, K)), λ = ρ;
 * - reading 2: ρ is the fraction of reduce slots in use: each job in service
 *   runs its map phase at rate 1 on its own, and λ = ρ·r/E[R].
 *
 * Where the model is silent we choose: a job enters service when fewer than
 * K are in service and at least R slots are free, and jobs enter in arrival
 * order (a job short of slots holds back those behind it). With r ≥ K·r̄, as
 * the paper assumes, slots never run short.
 */
import { MinHeap } from '../../util/min-heap.js';
import { Random } from '../../util/random.js';
import { splitDataLaw, type DemandLaw } from './demand-law.js';
import { uniformShare } from './share-distribution.js';

export type ModelReading = 1 | 2;

export interface QueueingModel {
  /** ρ, in (0, 1): the map server's utilisation (reading 1) or the fraction of slots in use (reading 2). */
  readonly load: number;
  readonly reading: ModelReading;
  readonly jobs: number;
  /** r, the reduce slots. */
  readonly slots: number;
  /** K, the most jobs in service at once; Infinity for no limit. */
  readonly maxInService: number;
  /** r̄: R is uniform on 1 … r̄. */
  readonly maxReducers: number;
  /** X is uniform on [low, high]. */
  readonly data: readonly [number, number];
  /** Slot costs are uniform on [low, high]. */
  readonly slotCost: readonly [number, number];
}

/** §V-B's numbers: 1,000 slots, 50,000 jobs, R in 1 … 10, X in [1, 100], costs in [1, 100]. */
export const PAPER_MODEL = { jobs: 50_000, slots: 1000, maxReducers: 10, data: [1, 100], slotCost: [1, 100] } as const;

/** What happens, in time order. */
export const ARRIVE = 0;
export const ENTER = 1;
export const LEAVE = 2;

export interface Trajectory {
  readonly model: QueueingModel;
  /** The slot costs, sorted ascending: a slot is known by its position here. */
  readonly slotCosts: Float64Array;
  /** X and R of each job, in arrival order. */
  readonly data: Float64Array;
  readonly reducers: Int32Array;
  /** Step s: what (ARRIVE, ENTER, LEAVE), which job, and a count: the jobs present before an arrival, the jobs in service with it at an entry. */
  readonly kind: Uint8Array;
  readonly job: Int32Array;
  readonly count: Int32Array;
  /** Time averages over the run: reduce slots held, jobs in the system. */
  readonly meanBusySlots: number;
  readonly meanJobsPresent: number;
  /** Jobs that could not enter service on arrival: K were in service, or slots were short. */
  readonly delayedJobs: number;
  /** A seed for a placement's own draws (random's), independent of the model's. */
  readonly placementSeed: number;
}

/** The arrival rate λ of the model. */
export function arrivalRate(model: QueueingModel): number {
  const meanReducers = (1 + model.maxReducers) / 2;
  return model.reading === 1 ? model.load : (model.load * model.slots) / meanReducers;
}

/** The law of the model's jobs, for the thresholds: R uniform on 1 … r̄, X uniform and independent of R. */
export function modelDemandLaw(model: Pick<QueueingModel, 'maxReducers' | 'data'>): DemandLaw {
  const reducers = Array.from({ length: model.maxReducers }, (_, i) => ({ count: i + 1, probability: 1 / model.maxReducers }));
  return splitDataLaw(reducers, uniformShare(model.data[0], model.data[1]));
}

/** One run of the queue, drawn from `seed` (independent streams for slots, arrivals, work, data, reducers, and the placement's seed). */
export function queueTrajectory(model: QueueingModel, seed: number): Trajectory {
  const master = new Random(seed);
  const [slotRandom, arrivalRandom, workRandom, dataRandom, reducerRandom, placementRandom] = Array.from({ length: 6 }, () => master.fork());
  const n = model.jobs;
  const slotCosts = Float64Array.from({ length: model.slots }, () => uniform(slotRandom, model.slotCost)).sort();
  const data = Float64Array.from({ length: n }, () => uniform(dataRandom, model.data));
  const reducers = Int32Array.from({ length: n }, () => reducerRandom.int(1, model.maxReducers));
  const work = Float64Array.from({ length: n }, () => workRandom.exponential(1));
  const meanGap = 1 / arrivalRate(model);

  const kind = new Uint8Array(3 * n);
  const job = new Int32Array(3 * n);
  const count = new Int32Array(3 * n);
  let steps = 0;
  const record = (what: number, j: number, c: number) => {
    kind[steps] = what;
    job[steps] = j;
    count[steps++] = c;
  };

  // Jobs in service progress alike, so each is done when the attained service per job, `attained`, reaches its entry value + B.
  // By that value (ties: the earlier job first), each entry the job's index.
  const inService = new MinHeap(n);
  let attained = 0;
  let now = 0;
  let arrived = 0;
  let entered = 0;
  let freeSlots = model.slots;
  let nextArrival = arrivalRandom.exponential(meanGap);
  let busySlotTime = 0;
  let presentTime = 0;
  let delayedJobs = 0;
  const rate = (): number => (model.reading === 1 ? 1 / inService.size : 1);
  const admit = () => {
    while (entered < arrived && inService.size < model.maxInService && freeSlots >= reducers[entered]) {
      freeSlots -= reducers[entered];
      inService.push(attained + work[entered], entered, entered);
      record(ENTER, entered, inService.size);
      entered++;
    }
  };
  while (arrived < n || inService.size > 0) {
    // max: rounding may leave `attained` a hair past the first job's mark; it is then due now.
    const nextDeparture = inService.size > 0 ? now + Math.max(0, inService.peekKey() - attained) / rate() : Infinity;
    const next = Math.min(nextArrival, nextDeparture);
    busySlotTime += (model.slots - freeSlots) * (next - now);
    presentTime += (arrived - entered + inService.size) * (next - now);
    if (nextArrival <= nextDeparture) {
      if (inService.size > 0) attained += (nextArrival - now) * rate();
      now = nextArrival;
      record(ARRIVE, arrived, arrived - entered + inService.size);
      arrived++;
      nextArrival = arrived < n ? now + arrivalRandom.exponential(meanGap) : Infinity;
      admit();
      if (entered < arrived) delayedJobs++;
    } else {
      // Set, not added: the departing job has exactly its work, whatever the rounding of the steps before.
      attained = inService.peekKey();
      now = nextDeparture;
      const leaving = inService.peekValue();
      inService.pop();
      freeSlots += reducers[leaving];
      record(LEAVE, leaving, inService.size);
      admit();
    }
  }
  return {
    model,
    slotCosts,
    data,
    reducers,
    kind,
    job,
    count,
    meanBusySlots: busySlotTime / now,
    meanJobsPresent: presentTime / now,
    delayedJobs,
    placementSeed: placementRandom.int(0, 2 ** 31 - 1),
  };
}

function uniform(random: Random, [low, high]: readonly [number, number]): number {
  return low + (high - low) * random.next();
}
