/**
 * One job's expected fetch cost on each node (`FetchCostModel`), kept as the
 * order of the cluster's free reduce slots (`FreeSlotOrder`) that the
 * placement rules pick from, with the estimate of the job's data X.
 *
 * The costs are worked out again as the job's maps finish, but not at every
 * one (on 1,000 nodes a refresh sorts them all): when the finished maps
 * have grown by a tenth since the last refresh (by one below ten), when the
 * last map finishes (the costs are then exact), and after a node failure.
 * Between refreshes the ranks use costs at most a tenth of the finished
 * maps old. With `contention` the costs are worked out again, from the
 * expected output as last refreshed, whenever the links' weights move.
 */
import type { ClusterView, JobView } from '../types.js';
import { ExpectedMapOutput } from './expected-map-output.js';
import type { FetchCostModel } from './fetch-cost-model.js';
import { FreeSlotOrder } from './free-slot-order.js';

/** Growth of the finished maps, as a fraction of those finished at the last refresh, that refreshes the costs. */
const REFRESH_GROWTH = 0.1;

export class JobFetchCosts {
  /** The free slots by the job's expected byte·hops per reduce on each node. */
  readonly slots: FreeSlotOrder;
  /** The estimate of the job's data X at the last refresh; NaN while no map had finished. */
  data = NaN;
  private readonly output: ExpectedMapOutput;
  /** The job's expected output per vertex of the tree, at the last refresh. */
  private readonly mass: Float64Array;
  /** Finished maps at the last refresh; -1 before the first. */
  private refreshedAt = -1;
  private invalidated = false;
  /** The links' weights the costs were worked out with (`FetchCostModel.weightsVersion`). */
  private weightsAt = -1;

  constructor(job: JobView, model: FetchCostModel, nodeCount: number, tolerance: number) {
    this.output = new ExpectedMapOutput(job.spec.maps, nodeCount);
    this.mass = model.newMass();
    this.slots = new FreeSlotOrder(nodeCount, tolerance);
  }

  /** A node failed: some map output may be lost, so refresh at the next question. */
  invalidate(): void {
    this.invalidated = true;
  }

  /** Brings the costs up to date if they are due (see the header). */
  refresh(job: JobView, view: ClusterView, model: FetchCostModel): this {
    const done = job.succeededMaps;
    const last = this.refreshedAt;
    const due =
      last < 0 || this.invalidated || done < last || (done === job.spec.mapCount && done !== last) || done >= last + Math.max(1, Math.ceil(REFRESH_GROWTH * last));
    if (due) {
      this.data = model.mass(this.output, job, view, this.mass);
      this.refreshedAt = done;
      this.invalidated = false;
    } else if (this.weightsAt === model.weightsVersion) {
      return this;
    }
    model.costs(this.mass, job, view, this.slots.costs);
    // Costs that move with the load are read unsorted: they move again at the next launch anywhere.
    if (model.load === null) this.slots.sort();
    else this.slots.costsMoved();
    this.weightsAt = model.weightsVersion;
    return this;
  }
}
