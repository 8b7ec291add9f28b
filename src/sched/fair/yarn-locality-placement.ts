/**
 * YARN's Fair Scheduler's delay scheduling by missed scheduling
 * opportunities (FSAppAttempt.getAllowedLocalityLevel), the map placement
 * of `fair` on a resource cluster:
 *
 * - each time a job is offered a node it counts a scheduling opportunity;
 * - its allowed level starts node-local (its first offer allows only that)
 *   and relaxes to rack-local once its opportunities exceed
 *   `nodeLocalityThreshold` × the live nodes, then to any once they exceed
 *   `rackLocalityThreshold` × the live nodes, the count starting again at
 *   each relaxation (thresholds above 1 count as 1);
 * - a node-local map is taken whatever the level; a launch more local than
 *   the allowed level brings the level back to it;
 * - a threshold below 0 (YARN's default, -1) turns it off: every offer takes
 *   the job's most local map at once.
 *
 * As in YARN, only the counts move the level, not the clock: the count goes
 * on from one map to the next (YARN resets it only when the level relaxes).
 */
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type ClusterView, type Decisions, type JobView, type LocalityLevel, type MapPlacement, type NodeView } from '../types.js';

/** yarn.scheduler.fair.locality.threshold.node and .rack: fractions of the cluster's nodes. */
export interface LocalityThresholds {
  readonly node: number;
  readonly rack: number;
}

/** One job's allowed level and the opportunities it has had at it. */
interface JobLocality {
  allowed: LocalityLevel | null;
  opportunities: number;
}

const LEVEL_NAMES = ['node-local maps only', 'rack-local maps', 'any map'];

export class YarnLocalityPlacement implements MapPlacement {
  /** With delay off its answer rests on the state and the node alone. */
  readonly declinesUntilStateChanges: boolean;
  private readonly jobs: (JobLocality | undefined)[] = [];
  private readonly off: boolean;

  constructor(private readonly thresholds: LocalityThresholds) {
    this.off = thresholds.node < 0 || thresholds.rack < 0;
    this.declinesUntilStateChanges = this.off;
  }

  onJobSubmitted(job: JobView): void {
    this.jobs[job.index] = { allowed: null, opportunities: 0 };
  }

  onJobFinished(job: JobView): void {
    this.jobs[job.index] = undefined;
  }

  explainLaunch(job: JobView): string {
    if (this.off) return "the job's most local pending map on this node (YARN's locality thresholds are off)";
    const state = this.jobs[job.index]!;
    return `YARN's delay scheduling allowed ${LEVEL_NAMES[state.allowed ?? NODE_LOCAL]} after ${state.opportunities} scheduling opportunities at that level (thresholds: ${this.thresholds.node} and ${this.thresholds.rack} of the nodes)`;
  }

  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean {
    const allowed = this.off ? OFF_RACK : this.allowedLevel(this.jobs[job.index]!, view.liveNodes);
    const task = view.findMap(job, node, allowed);
    if (task < 0) return false;
    const level = decisions.launchMap(job, task);
    const state = this.jobs[job.index]!;
    if (!this.off && level < state.allowed!) state.allowed = level;
    return true;
  }

  /** Counts the opportunity and returns the level it allows (getAllowedLocalityLevel). */
  private allowedLevel(state: JobLocality, nodes: number): LocalityLevel {
    state.opportunities++;
    if (state.allowed === null) {
      state.allowed = NODE_LOCAL;
      return NODE_LOCAL;
    }
    if (state.allowed === OFF_RACK) return OFF_RACK;
    const threshold = Math.min(1, state.allowed === NODE_LOCAL ? this.thresholds.node : this.thresholds.rack);
    if (state.opportunities > nodes * threshold) {
      state.allowed = state.allowed === NODE_LOCAL ? RACK_LOCAL : OFF_RACK;
      state.opportunities = 0;
    }
    return state.allowed;
  }
}
