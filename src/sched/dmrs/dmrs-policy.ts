/**
 * DMRS online, as "On the Optimality of Scheduling Dependent MapReduce
 * Tasks on Heterogeneous Machines" (Aggarwal, Xu, Lan, Subramaniam, §V)
 * runs it on Hadoop: a job scheduler solves LP-MapReduce over the jobs in the
 * system and orders them by C̄; a task scheduler places their tasks by
 * Algorithm 1 (each on the machine where it ends first) into one queue per
 * machine; each machine runs the head of its queue when it has room; and the
 * placement is re-optimised when execution departs from the plan. Durations
 * come from estimates refined as tasks end (the paper's execution database),
 * or from the scenario's truth with the `oracle` option.
 *
 * In the simulator (see slot-layout.ts for machines and queues, online-plan.ts
 * for the plan):
 * - **Arrivals.** Jobs submitted since the last heartbeat are one batch: at
 *   the next heartbeat the LP is solved again over every job in the system
 *   (its remaining work, remaining-work.ts) and the plan re-made.
 * - **Heads of line.** A node with room launches the heads of its queues. A
 *   reduce waits at the head until every map of its job has succeeded,
 *   whatever the slow-start setting (the paper's precedence); the machine
 *   stays idle meanwhile, as the plan has it.
 * - **Re-optimisation** re-runs Algorithm 1 over every task not launched,
 *   from the machines' current state, in the same job order: at once when a
 *   node fails or recovers or an attempt fails (its task must run again);
 *   otherwise when the plan is found wrong, at most once per heartbeat
 *   interval: a task has run longer than estimated (past its estimate by a
 *   heartbeat interval), a machine freed earlier than planned, or a queue's
 *   head is late to start. The paper re-optimises when its rule (20)/(21)
 *   would send the next task elsewhere than planned; re-running the rule for
 *   every remaining task answers that for this task and all the others.
 *
 * Where we differ from the paper: its machines are VMs running one task at
 * a time; ours are slots (containers run maps and reduces alike, split map
 * and reduce slots one kind each). The paper re-optimises on a task's
 * progress; the simulator reports none, so lateness is seen only at a
 * heartbeat past the estimated end. The paper's AM/RM hand-shake (releasing
 * containers sent to the wrong application) has no counterpart: launches here
 * are exact.
 */
import type { DmrsInstance, LpSolution, CutFamily } from '../../planners/dmrs/index.js';
import { lpOrder } from '../../planners/dmrs/index.js';
import type { TaskEstimates } from '../estimates/index.js';
import { NODE_LOCAL, OFF_RACK, RACK_LOCAL, type ClusterView, type Decisions, type JobView, type LocalityLevel, type MapTaskView, type NodeView, type Policy, type TaskEnd } from '../types.js';
import { JobPlan } from './job-plan.js';
import { NodeQueues, OnlinePlan } from './online-plan.js';
import { reordered, remainingWork, type RemainingWork } from './remaining-work.js';
import { RunningAttempts } from './running-attempts.js';
import { QUEUES_PER_NODE, SlotLayout } from './slot-layout.js';

/** What sets the DMRS schedulers apart: how they see the cluster and the work. */
export interface DmrsVariant {
  /** The speed the planner believes each node has. */
  believedSpeeds(nodes: readonly NodeView[]): Float64Array;
  /** The instance whose LP orders the jobs. */
  lpInstance(instance: DmrsInstance): DmrsInstance;
  /** How reduces get a machine: Algorithm 1's, or dealt round-robin. */
  readonly reduces: 'earliest-finish' | 'round-robin';
}

/** Solves LP-MapReduce, given the cuts of the previous solve. */
export type LpSolve = (instance: DmrsInstance, warmStart: readonly CutFamily[]) => LpSolution;

/** Counts of what the scheduler did, for benchmarks and tests. */
export interface DmrsStatistics {
  /** LP-MapReduce solves, and the LPs they took (0 each for the greedy). */
  lpSolves: number;
  lpRounds: number;
  /** Plans made: for arrivals, for failures and recoveries, for a plan found wrong. */
  plansOnArrival: number;
  plansOnFailure: number;
  plansOnDeviation: number;
  /** Tasks placed by all plans (a task re-planned counts again). */
  tasksPlaced: number;
}

type Cause = 'arrival' | 'failure' | 'deviation';

export class DmrsPolicy implements Policy {
  private readonly counts: DmrsStatistics = { lpSolves: 0, lpRounds: 0, plansOnArrival: 0, plansOnFailure: 0, plansOnDeviation: 0, tasksPlaced: 0 };
  /** Jobs in the system, in submission order. */
  private readonly jobs = new Map<number, JobPlan>();
  /** The jobs by the last LP's C̄ (some may have ended since). */
  private order: JobPlan[] = [];
  private cuts: readonly CutFamily[] = [];
  private readonly running: RunningAttempts;
  private readonly queues: NodeQueues;
  private readonly tolerance: number;
  private layout: SlotLayout | null = null;
  private current: OnlinePlan | null = null;
  private dealt = 0;
  private arrived = false;
  private restructured = false;
  private deviated = false;
  private lastPlan = -Infinity;

  constructor(
    readonly name: string,
    nodes: number,
    heartbeatInterval: number,
    private readonly variant: DmrsVariant,
    private readonly estimates: TaskEstimates,
    private readonly solveLp: LpSolve,
    private readonly replanInterval: number,
  ) {
    this.tolerance = heartbeatInterval;
    this.running = new RunningAttempts(nodes, this.tolerance);
    this.queues = new NodeQueues(nodes * QUEUES_PER_NODE);
  }

  get statistics(): Readonly<DmrsStatistics> {
    return { ...this.counts, tasksPlaced: this.counts.tasksPlaced + (this.current?.placed ?? 0) };
  }

  onJobSubmitted(job: JobView): void {
    this.jobs.set(job.index, new JobPlan(job, this.estimates));
    this.arrived = true;
  }

  onJobFinished(job: JobView): void {
    this.estimates.onJobFinished(job);
    this.jobs.delete(job.index);
  }

  onTaskEnded(end: TaskEnd): void {
    this.estimates.onTaskEnded(end);
    this.running.remove(end);
    if (end.status !== 'failed') return;
    // Its task must run again: a new plan places it.
    const job = this.jobs.get(end.job.index);
    if (end.kind === 'map') job?.mapsMayRerun();
    else if (job !== undefined) job.reduceLaunched[end.task] = 0;
    this.restructured = true;
  }

  onNodeFailed(node: NodeView): void {
    this.running.clear(node.index);
    // The maps whose output was on it run again.
    for (const job of this.jobs.values()) job.mapsMayRerun();
    this.layout = null;
    this.restructured = true;
  }

  onNodeRecovered(): void {
    this.layout = null;
    this.restructured = true;
  }

  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void {
    if (this.arrived) this.replan(view, 'arrival');
    else if (this.restructured) this.replan(view, 'failure');
    else if (view.now >= this.lastPlan + this.replanInterval && this.planIsWrong(node, view.now)) this.replan(view, 'deviation');
    if (this.current === null) return;
    this.serve(node.index * QUEUES_PER_NODE, node.freeMapSlots, node, view, decisions);
    if (node.spec.slotModel === 'split') this.serve(node.index * QUEUES_PER_NODE + 1, node.freeReduceSlots, node, view, decisions);
  }

  private planIsWrong(node: NodeView, now: number): boolean {
    if (this.deviated || this.running.anyOverdue(now)) return true;
    for (let queue = node.index * QUEUES_PER_NODE; queue < (node.index + 1) * QUEUES_PER_NODE; queue++) {
      const head = this.queues.peek(queue);
      if (head >= 0 && this.queues.start[head] + this.tolerance < now) return true;
    }
    return false;
  }

  /** Launches the heads of `queue` (the node's map slots or containers, or its reduce slots) while it has room. */
  private serve(queue: number, room: number, node: NodeView, view: ClusterView, decisions: Decisions): void {
    const plan = this.current!;
    for (let free = room; free > 0; ) {
      if (plan.wantsMore(queue) && plan.resync(queue, this.freeTimes(queue, node, view.now), this.tolerance)) this.deviated = true;
      const head = plan.head(queue);
      if (head < 0) return;
      const job = plan.jobOf(head);
      const isMap = this.queues.isMap[head] === 1;
      const task = !this.jobs.has(job.view.index) ? -1 : isMap ? mapFor(job.view, plan.taskOf(head), node, view) : plan.taskOf(head);
      if (task < 0 || (!isMap && job.reduceLaunched[task] === 1)) {
        this.queues.pop(queue); // launched already, or its job ended
        continue;
      }
      if (!isMap && !(job.mapsDone && view.isReduceRunnable(job.view, task))) return; // waits for its job's maps
      if ((isMap ? node.freeMapSlots : node.freeReduceSlots) === 0) return;
      const kind = isMap ? 'map' : 'reduce';
      if (!view.fits(job.view, kind, node)) {
        // On a resource cluster: wait for room, unless the container can never fit on the node, which replanning will see.
        if (!fitsWhenEmpty(job.view, kind, node)) this.queues.pop(queue);
        return;
      }
      if (isMap) decisions.launchMap(job.view, task);
      else {
        decisions.launchReduce(job.view, task);
        job.reduceLaunched[task] = 1;
      }
      this.queues.pop(queue);
      free--;
      const work = isMap ? this.estimates.mapWork(job.view, task) : this.estimates.reduceWork(job.view, task);
      this.running.add(node.index, { job, kind: isMap ? 'map' : 'reduce', task, estimatedEnd: view.now + work / this.layout!.believedSpeed[node.index] });
    }
  }

  /** When each machine of `queue` is free, ascending: its free slots now, its running attempts when they should end. */
  private freeTimes(queue: number, node: NodeView, now: number): number[] {
    const layout = this.layout!;
    const times = Array<number>(layout.machineCount[queue]).fill(now);
    let busy = 0;
    for (const attempt of this.running.on(node.index)) {
      if (layout.queue(node, attempt.kind) === queue) times[times.length - ++busy] = this.running.expectedEnd(attempt, now);
    }
    return times.sort((a, b) => a - b);
  }

  /** A new plan from the machines' current state; on arrivals, the jobs ordered anew by the LP first. */
  private replan(view: ClusterView, cause: Cause): void {
    this.layout ??= new SlotLayout(view.nodes, (nodes) => this.variant.believedSpeeds(nodes));
    if (cause === 'arrival') this.order = [...this.jobs.values()];
    let work = remainingWork(
      this.order.filter((job) => this.jobs.has(job.view.index)),
      this.layout,
      this.running,
      this.estimates,
      view,
    );
    if (cause === 'arrival') work = this.ordered(work);
    const availableAt = this.availableAt(view);
    if (this.current !== null) {
      this.counts.tasksPlaced += this.current.placed;
      this.dealt = this.current.dealt;
    }
    this.queues.clear();
    this.current = new OnlinePlan(this.layout, work, this.queues, { availableAt, reduces: this.variant.reduces, dealtBefore: this.dealt });
    this.counts[cause === 'arrival' ? 'plansOnArrival' : cause === 'failure' ? 'plansOnFailure' : 'plansOnDeviation']++;
    this.arrived = this.restructured = this.deviated = false;
    this.lastPlan = view.now;
  }

  /** When each machine is free: a node's free slots now (its first machines), its running attempts when they should end. */
  private availableAt(view: ClusterView): Float64Array {
    const layout = this.layout!;
    const times = layout.availableAt.fill(view.now);
    const busy = [0, 0];
    for (const node of view.nodes) {
      if (!node.alive) continue;
      busy[0] = busy[1] = 0;
      for (const attempt of this.running.on(node.index)) {
        const queue = layout.queue(node, attempt.kind);
        times[layout.firstMachine[queue] + layout.machineCount[queue] - ++busy[queue % QUEUES_PER_NODE]] = this.running.expectedEnd(attempt, view.now);
      }
    }
    return times;
  }

  /** The work with its jobs in the order of the LP's C̄ (ties: submission order), which the order keeps until the next arrival. */
  private ordered(work: RemainingWork): RemainingWork {
    const lp = this.solveLp(this.variant.lpInstance(work.instance), this.cuts);
    this.cuts = lp.cuts;
    this.counts.lpSolves++;
    this.counts.lpRounds += lp.rounds;
    const sorted = reordered(work, lpOrder(lp));
    this.order = [...sorted.jobs];
    return sorted;
  }
}

/** Whether a container of `job`'s `kind` fits on `node` at all (always on slots). */
function fitsWhenEmpty(job: JobView, kind: 'map' | 'reduce', node: NodeView): boolean {
  if (node.spec.slotModel !== 'resources') return true;
  const request = kind === 'map' ? job.spec.mapContainer : job.spec.reduceContainer;
  return request.memory <= node.spec.memory && request.vcores <= node.spec.vcores;
}

/**
 * The map a container the plan gives `job` on `node` runs: the planned map,
 * unless the job has a pending map more local to the node (node-local over
 * rack-local over off-rack), as the MapReduce AM matches the containers it
 * gets to its maps' hosts and racks (the paper's Hadoop implementation plans
 * containers per job and leaves the AM to fill them); another pending map if
 * the planned one has run. −1 when none of the job's maps is pending.
 */
function mapFor(job: JobView, planned: number, node: NodeView, view: ClusterView): number {
  if (job.pendingMaps === 0) return -1;
  if (!view.isMapPending(job, planned)) return view.findMap(job, node, OFF_RACK);
  const level = localityOf(job.spec.maps[planned], node, view);
  const closer = level === NODE_LOCAL ? -1 : view.findMap(job, node, level === OFF_RACK ? RACK_LOCAL : NODE_LOCAL);
  return closer >= 0 ? closer : planned;
}

function localityOf(map: MapTaskView, node: NodeView, view: ClusterView): LocalityLevel {
  if (map.inputBytes === 0 || map.replicas.includes(node.index)) return NODE_LOCAL;
  return map.replicas.some((replica) => view.nodes[replica].rackIndex === node.rackIndex) ? RACK_LOCAL : OFF_RACK;
}
