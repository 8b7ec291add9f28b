/**
 * A reduce placement that waits for a slot its rule picks: the in-cluster
 * form of the placements of "Improving ReduceTask Data Locality for
 * Sequential MapReduce Jobs" (INFOCOM 2013). When a job is offered a free
 * reduce slot, the job's expected fetch cost on every node
 * (`JobFetchCosts`) sorts the cluster's free reduce slots, and the rule
 * (`SlotRule`: greedy, receding horizon, random) says whether the offered
 * slot is one it picks for the job's pending reduces. If it is, the job's
 * lowest-numbered pending reduce launches there. If not, the job declines
 * and the slot goes to the next job, as in delay scheduling; a job waits at
 * most `maxDelay` seconds from its first decline since its last launch, and
 * then takes any slot it is offered, so no rule can hold a reduce back for
 * good.
 *
 * Where we differ from the paper: its jobs claim all their reduce slots at
 * once on arrival, from a list of slot costs that is the same for every job.
 * Here a job's reduces launch one at a time, on the node that heartbeats,
 * from the time slow-start lets them; the rule is asked again at every
 * offer, over the slots free then; and the costs are the job's own, from
 * where its map output is and will be.
 */
import type { ClusterView, Decisions, JobView, NodeView, ReducePlacement, TaskEnd } from '../types.js';
import type { FetchCostModel } from './fetch-cost-model.js';
import { JobFetchCosts } from './job-fetch-costs.js';

/** Which free slots a rule picks for a job's pending reduces. */
export interface SlotRule {
  /** Whether the rule puts one of the job's pending reduces on a free slot of `node` now. */
  picks(job: JobView, costs: JobFetchCosts, node: NodeView, view: ClusterView): boolean;
  /** A reduce of the job launched, picked or not. */
  launched?(job: JobView): void;
}

interface WaitingJob {
  readonly costs: JobFetchCosts;
  /** When the job first declined since its last launch; NaN when it is not waiting. */
  waitingSince: number;
}

export class FetchCostPlacement implements ReducePlacement {
  /** Per job index, for active jobs with reduces (grown as jobs arrive). */
  private readonly jobs: (WaitingJob | undefined)[] = [];
  /**
   * With contention only: a reduce ended, or a job's maps all finished (its
   * reduces stop copying), so the links carry other fetches now. Absent
   * otherwise, as the runtime builds a report of every attempt's end for a
   * listener.
   */
  readonly onTaskEnded?: (end: TaskEnd) => void;

  constructor(
    private readonly rule: SlotRule,
    private readonly model: FetchCostModel,
    /** Seconds a job waits for a picked slot before it takes any. */
    readonly maxDelay: number,
    /** Relative difference in cost below which two nodes count as equally cheap (`JobFetchCosts`). */
    private readonly tolerance: number,
    private readonly nodeCount: number,
  ) {
    const load = model.load;
    if (load === null) return;
    this.onTaskEnded = ({ job, kind }) => {
      if (kind === 'reduce' || job.succeededMaps === job.spec.mapCount) load.changed();
    };
  }

  onJobSubmitted(job: JobView): void {
    if (job.spec.reduceCount > 0) this.jobs[job.index] = { costs: new JobFetchCosts(job, this.model, this.nodeCount, this.tolerance), waitingSince: NaN };
  }

  onJobFinished(job: JobView): void {
    this.jobs[job.index] = undefined;
  }


  onNodeFailed(_node: NodeView, view: ClusterView): void {
    for (const job of view.activeJobs) this.jobs[job.index]?.costs.invalidate();
    this.model.load?.changed();
  }

  onNodeRecovered(): void {
    this.model.load?.changed();
  }

  /** The job's expected fetch costs, up to date: what the rule sorts the free slots by. */
  costsOf(job: JobView, view: ClusterView): JobFetchCosts {
    return this.jobs[job.index]!.costs.refresh(job, view, this.model);
  }

  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean {
    const task = view.findReduce(job, node);
    if (task < 0) return false;
    // A backup (speculative execution; none pending) goes where Hadoop puts it, in the slot offered: the papers place a job's reduces, not its backups.
    if (job.pendingReduces === 0) {
      this.launch(job, task, decisions);
      return true;
    }
    const waiting = this.jobs[job.index]!;
    if (!this.rule.picks(job, this.costsOf(job, view), node, view)) {
      if (Number.isNaN(waiting.waitingSince)) waiting.waitingSince = view.now;
      if (view.now - waiting.waitingSince < this.maxDelay) return false;
    }
    waiting.waitingSince = NaN;
    this.rule.launched?.(job);
    this.launch(job, task, decisions);
    return true;
  }

  private launch(job: JobView, task: number, decisions: Decisions): void {
    decisions.launchReduce(job, task);
    this.model.load?.changed();
  }
}
