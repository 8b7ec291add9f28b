/**
 * A reduce placement replayed over one run of the paper's queueing model
 * (queueing-model.ts): it sees each arrival, places each job entering
 * service on the ranks it chooses among the free slots sorted by cost, and
 * gets the slots back when the job leaves. The cost is §V-B's: Σ over jobs
 * and their reducers of (X/R)·(the slot's cost), divided by the number of
 * jobs.
 */
import { FreeSlotRanks } from './free-slot-ranks.js';
import type { ReducePlacementRule } from './placement-rule.js';
import { ARRIVE, ENTER, type Trajectory } from './queueing-model.js';

/** The mean fetch cost per job of `placement` over `trajectory`. */
export function replayPlacement(trajectory: Trajectory, placement: ReducePlacementRule): number {
  const { slotCosts, data, reducers, kind, job, count, model } = trajectory;
  const free = new FreeSlotRanks(slotCosts.length);
  // The sorted positions each job in service holds: row j of width r̄.
  const held = new Int32Array(model.jobs * model.maxReducers);
  let total = 0;
  for (let s = 0; s < kind.length; s++) {
    const j = job[s];
    const demand = { data: data[j], reducers: reducers[j] };
    const row = j * model.maxReducers;
    if (kind[s] === ARRIVE) placement.arrive(count[s], demand);
    else if (kind[s] === ENTER) {
      // Ranks refer to the free list before any of them is taken: find every position first.
      const ranks = placement.ranks(free.count, demand, count[s]);
      if (ranks.length !== demand.reducers) throw new Error(`${placement.name} placed ${ranks.length} of ${demand.reducers} reducers (a bug)`);
      for (let k = 0; k < ranks.length; k++) held[row + k] = free.select(ranks[k]);
      let cost = 0;
      for (let k = 0; k < ranks.length; k++) {
        free.take(held[row + k]);
        cost += slotCosts[held[row + k]];
      }
      total += (demand.data / demand.reducers) * cost;
    } else {
      for (let k = 0; k < demand.reducers; k++) free.release(held[row + k]);
    }
  }
  return total / model.jobs;
}
