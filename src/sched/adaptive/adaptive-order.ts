/**
 * The job order of the adaptive scheduler of Rasooli and Down, "An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems" (CASCON
 * 2011): job types classified, classes matched to resources by an LP, free
 * slots given by minimum share, then fairness, to jobs of the classes
 * suggested to the resource (`offer-sequence.ts`).
 *
 * - Run events feed the rates (`learned-rates.ts`, or the scenario's with
 *   the oracle): jobs arriving, attempts ending, nodes failing and recovering
 *   (a resource's rate counts its live nodes).
 * - At the first heartbeat after such a change, and at most once per
 *   `reviewInterval` of simulated time, the current estimate is compared
 *   with the one the plan was made from; the classification and both LPs
 *   are redone only when it has moved by more than `tolerance`
 *   (`estimatesMoved`: a type or resource came or went, or a rate or arrival
 *   rate moved by more than that fraction).
 * - With `replication` (the paper's locality trick, `suggested-replicas.ts`),
 *   a job's pending maps get copies of their blocks on the nodes its class
 *   is suggested to, when it arrives and whenever the plan changes.
 * - Each free slot is offered in the order of the two stages and the
 *   fallback, recomputed after every launch (a launch changes the slots a
 *   user holds); a job that declines the slot (its placement waits for
 *   locality) keeps its place, but is not offered another slot of the
 *   same heartbeat and kind.
 *
 * Slots held and min shares are counted per kind of slot with split slots
 * (a user's map min share against the maps it runs), both kinds together
 * with unified containers. Every free slot is offered, reduces included
 * (the paper assigns each free slot; Hadoop's FIFO gives one reduce per
 * heartbeat). A job's Hadoop priority is not read: priorities are the
 * users', as in the paper.
 */
import { estimatesMoved, type ClassificationMethod, type WorkloadEstimate } from '../../planners/adaptive/index.js';
import type { LinearSolver } from '../../solvers/linear-program.js';
import { withRoomFor } from '../job-column.js';
import type { ClusterView, Decisions, JobOrder, JobView, NodeView, Offer, SlotKind, TaskEnd } from '../types.js';
import { ClassPlan, planClasses } from './class-plan.js';
import type { JobTypeTable } from './job-types.js';
import type { LearnedRates } from './learned-rates.js';
import type { NodeKinds } from './node-kinds.js';
import { offerSequence, type UserSlots, type WaitingJob } from './offer-sequence.js';
import type { SuggestedReplicas } from './suggested-replicas.js';
import { workloadEstimate, type RateSource } from './shape-profile.js';
import { hasTaskFor } from '../has-task-for.js';

export interface AdaptiveSettings {
  readonly table: JobTypeTable;
  readonly kinds: NodeKinds;
  /** Learned rates listen to the run; the oracle's are fixed. */
  readonly rates: RateSource & Partial<Pick<LearnedRates, 'onJobSubmitted' | 'onTaskEnded'>>;
  readonly method: ClassificationMethod;
  readonly tolerance: number;
  readonly reviewInterval: number;
  readonly solver: LinearSolver;
  /** Copies of the blocks of suggested classes onto their resources (null: the option `replication` is off). */
  readonly replicas: SuggestedReplicas | null;
}

export class AdaptiveOrder implements JobOrder {
  /** Reviews of the estimate, and the plans (classifications and LP pairs) they led to. */
  reviews = 0;
  plans = 0;

  /** Per job index (grown as jobs arrive): its type, and the fill at which it last declined. */
  private jobType = new Int32Array(0);
  private declinedAt = new Int32Array(0);
  private fills = 0;
  /** The last offer sequence of each node kind and slot kind (index 2 × kind + 0 for maps, 1 for reduces). */
  private readonly cache: ({ readonly version: number; readonly plan: number; readonly jobs: readonly JobView[] } | undefined)[] = [];
  private classes: ClassPlan;
  private planned: WorkloadEstimate | null = null;
  private changed = true;
  private nextReview = -Infinity;

  constructor(private readonly settings: AdaptiveSettings) {
    this.classes = new ClassPlan(settings.kinds.kinds.length, 0);
  }

  onJobSubmitted(job: JobView, view: ClusterView, decisions: Decisions): void {
    const type = this.settings.table.typeOf(job.spec);
    this.jobType = withRoomFor(this.jobType, job.index, -1);
    this.declinedAt = withRoomFor(this.declinedAt, job.index);
    this.jobType[job.index] = type;
    this.settings.rates.onJobSubmitted?.(type, job, view.now);
    this.changed = true;
    this.replicate(job, view, decisions);
  }

  onJobFinished(job: JobView): void {
    this.settings.replicas?.forget(job);
  }

  onTaskEnded(end: TaskEnd): void {
    this.settings.rates.onTaskEnded?.(this.jobType[end.job.index], end);
    this.changed = true;
  }

  onNodeFailed(): void {
    this.changed = true;
  }

  onNodeRecovered(): void {
    this.changed = true;
  }

  beginHeartbeat(_node: NodeView, view: ClusterView, decisions: Decisions): void {
    if (!this.changed || view.now < this.nextReview) return;
    this.review(view, decisions);
  }

  fill(kind: SlotKind, node: NodeView, view: ClusterView, offer: Offer): void {
    const fill = ++this.fills;
    const free = () => (kind === 'map' ? node.freeMapSlots : node.freeReduceSlots);
    while (free() > 0) {
      let launched = false;
      for (const job of this.sequence(kind, node, view)) {
        if (this.declinedAt[job.index] === fill) continue;
        if (offer(job)) {
          launched = true;
          break;
        }
        this.declinedAt[job.index] = fill;
      }
      if (!launched) return;
    }
  }

  /** Estimate again; plan again if the estimate moved by more than the tolerance (and copy blocks as the new plan suggests). */
  private review(view: ClusterView, decisions: Decisions): void {
    const { table, kinds, rates, method, tolerance, solver } = this.settings;
    const live = new Float64Array(kinds.kinds.length);
    for (const node of view.nodes) if (node.alive) live[kinds.kindOf[node.index]]++;
    const typed = workloadEstimate(table, kinds, live, rates, view.now);
    this.reviews++;
    if (this.planned === null || estimatesMoved(this.planned, typed.estimate, tolerance)) {
      this.classes = planClasses(typed, table.types.length, method, solver);
      this.planned = typed.estimate;
      this.plans++;
      for (const job of view.activeJobs) this.replicate(job, view, decisions);
    }
    this.changed = false;
    this.nextReview = view.now + this.settings.reviewInterval;
  }

  /** With `replication`, copies of `job`'s blocks onto the nodes its class is suggested to, in either classification. */
  private replicate(job: JobView, view: ClusterView, decisions: Decisions): void {
    const type = this.jobType[job.index];
    this.settings.replicas?.place(job, (kind) => this.classes.suggested(type, kind, 'min-share') || this.classes.suggested(type, kind, 'fairness'), view, decisions);
  }

  /**
   * The jobs with a task of the kind to run, in the order a slot of the node
   * is offered to them. It depends only on the jobs' counts (unchanged while
   * the view's state version is), the plan, what the plan suggests to the
   * node's kind and the node's slot model, so it is kept per such node and
   * slot kind until one of them changes.
   */
  private sequence(kind: SlotKind, node: NodeView, view: ClusterView): readonly JobView[] {
    const alike = this.classes.alike(this.settings.kinds.kindOf[node.index]);
    const slot = 4 * alike + (node.spec.slotModel !== 'split' ? 2 : 0) + (kind === 'map' ? 0 : 1);
    const cached = this.cache[slot];
    if (cached !== undefined && cached.version === view.stateVersion && cached.plan === this.plans) return cached.jobs;
    const jobs = this.computeSequence(kind, node, view);
    this.cache[slot] = { version: view.stateVersion, plan: this.plans, jobs };
    return jobs;
  }

  private computeSequence(kind: SlotKind, node: NodeView, view: ClusterView): JobView[] {
    const { table, kinds } = this.settings;
    const unified = node.spec.slotModel !== 'split';
    const k = kinds.kindOf[node.index];
    const assigned = new Float64Array(table.users.length);
    const waiting: WaitingJob<JobView>[] = [];
    for (const job of view.activeJobs) {
      const type = this.jobType[job.index];
      const user = table.types[type].user;
      assigned[user] += unified ? job.runningMaps + job.runningReduces : kind === 'map' ? job.runningMaps : job.runningReduces;
      if (!hasTaskFor(job, kind)) continue;
      waiting.push({
        job,
        user,
        arrival: job.spec.submitTime,
        minShareSuggested: this.classes.suggested(type, k, 'min-share'),
        fairnessSuggested: this.classes.suggested(type, k, 'fairness'),
      });
    }
    const users: UserSlots[] = table.users.map((user, u) => ({
      priority: user.priority,
      minShare: unified ? user.mapMinShare + user.reduceMinShare : kind === 'map' ? user.mapMinShare : user.reduceMinShare,
      assigned: assigned[u],
    }));
    return offerSequence(users, waiting);
  }
}
