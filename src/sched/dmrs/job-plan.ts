/**
 * What a DMRS scheduler keeps of one submitted job: its maps largest first
 * (Algorithm 1 takes a job's tasks that way), which of its reduces it has
 * launched, and a cursor past the maps known to be launched, so that listing
 * the job's remaining maps at each re-plan costs what remains, not what the
 * job had.
 *
 * The maps are sorted once, by the estimates at the job's arrival: learned
 * estimates of one job's maps grow with their input, so the order holds as
 * the estimates are refined (maps without input excepted).
 */
import type { TaskEstimates } from '../estimates/index.js';
import type { ClusterView, JobView } from '../types.js';

export class JobPlan {
  /** Map task indices, largest estimate first (ties: the lower index). */
  readonly maps: Int32Array;
  /** Reduces launched by the scheduler and not failed since. */
  readonly reduceLaunched: Uint8Array;
  /** Every map before this position in `maps` is running or done. */
  private firstPending = 0;
  /** Scratch for remaining-work.ts: when the job's running maps should end. */
  runningMapsEnd = 0;

  constructor(
    readonly view: JobView,
    estimates: TaskEstimates,
  ) {
    const work = Float64Array.from(view.spec.maps, (_, task) => estimates.mapWork(view, task));
    this.maps = Int32Array.from(work, (_, task) => task).sort((a, b) => work[b] - work[a] || a - b);
    this.reduceLaunched = new Uint8Array(view.spec.reduceCount);
  }

  /** The maps not launched yet, largest first. */
  pendingMaps(view: ClusterView): number[] {
    while (this.firstPending < this.maps.length && !view.isMapPending(this.view, this.maps[this.firstPending])) this.firstPending++;
    const pending: number[] = [];
    for (let at = this.firstPending; at < this.maps.length; at++) if (view.isMapPending(this.view, this.maps[at])) pending.push(this.maps[at]);
    return pending;
  }

  /** The reduces not launched yet. */
  pendingReduces(): number[] {
    const pending: number[] = [];
    this.reduceLaunched.forEach((launched, task) => launched === 0 && pending.push(task));
    return pending;
  }

  /** A map may be pending again (its attempt failed, or its output was lost with its node). */
  mapsMayRerun(): void {
    this.firstPending = 0;
  }

  /** Every map of the job has succeeded: its reduces may start. */
  get mapsDone(): boolean {
    return this.view.pendingMaps === 0 && this.view.runningMaps === 0;
  }
}
