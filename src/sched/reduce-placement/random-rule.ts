/**
 * Random, the baseline of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs" (INFOCOM 2013, §V-B), which it takes for
 * Hadoop's behaviour: a reduce takes a free slot drawn uniformly, blind to
 * cost. In the cluster a job draws one free slot for its next reduce (the
 * planner's `randomRanks` over the free slots) and waits for it; a slot of
 * the same cost will do as well. It draws again when the slot it drew is
 * taken (or its node fails) before the job is offered it, and after each
 * launch.
 *
 * Hadoop's own placement (`hadoop`) also ignores cost, but takes the first
 * node to heartbeat; the two differ in when reduces launch, not in what
 * they cost on average.
 */
import type { Random } from '../../util/random.js';
import { randomRanks } from '../../planners/reduce-placement/index.js';
import { withRoomFor } from '../job-column.js';
import type { ClusterView, JobView, NodeView } from '../types.js';
import type { SlotRule } from './fetch-cost-placement.js';
import type { JobFetchCosts } from './job-fetch-costs.js';

export class RandomRule implements SlotRule {
  /** The node of the slot each job drew, by job index; -1 when it has none (grown as jobs ask). */
  private drawn = new Int32Array(0);

  constructor(private readonly random: Random) {}

  picks(job: JobView, costs: JobFetchCosts, node: NodeView, view: ClusterView): boolean {
    this.drawn = withRoomFor(this.drawn, job.index, -1);
    let target = this.drawn[job.index];
    if (target < 0 || !view.nodes[target].alive || view.nodes[target].freeReduceSlots === 0) {
      const [rank] = randomRanks(costs.slots.freeSlots(view, Infinity), 1, this.random);
      target = this.drawn[job.index] = costs.slots.nodeAtRank(rank, view);
    }
    return costs.slots.sameCost(node.index, target);
  }

  launched(job: JobView): void {
    this.drawn[job.index] = -1;
  }
}
