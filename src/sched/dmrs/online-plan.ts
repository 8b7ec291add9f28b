/**
 * One plan of a DMRS scheduler: Algorithm 1 of "On the Optimality of
 * Scheduling Dependent MapReduce Tasks on Heterogeneous Machines" (Aggarwal,
 * Xu, Lan, Subramaniam) over the work left, from the time each machine is
 * free, read into per-node queues as the paper's Hadoop implementation does
 * (its ResourceManager keeps a queue per machine and hands out the head of
 * line when the machine has room).
 *
 * The plan is extended lazily: a task is placed only when a node with room
 * finds its queue empty, and placing goes on, task after task in list order,
 * until one lands on that node or every task is placed. Each task's machine
 * depends only on the tasks placed before it, so what is placed is exactly
 * the beginning of the whole plan, and the queues hold what they would have
 * held; the rest would be thrown away at the next re-plan anyway. On a day of
 * thousands of slots and frequent re-plans this is what keeps planning cheap.
 */
import { ListScheduler, type ScheduledTask } from '../../planners/dmrs/index.js';
import type { JobPlan } from './job-plan.js';
import type { RemainingWork } from './remaining-work.js';
import type { SlotLayout } from './slot-layout.js';

export interface PlanOptions {
  /** When each machine of the layout is free. */
  readonly availableAt: Float64Array;
  readonly reduces: 'earliest-finish' | 'round-robin';
  /** Round robin: reduces dealt by earlier plans. */
  readonly dealtBefore: number;
}

export class OnlinePlan {
  private readonly scheduler: ListScheduler;
  private exhausted = false;
  /** Tasks placed so far. */
  placed = 0;

  /** `queues` are the layout's, empty: the plan fills them (see NodeQueues). */
  constructor(
    private readonly layout: SlotLayout,
    private readonly work: RemainingWork,
    private readonly queues: NodeQueues,
    options: PlanOptions,
  ) {
    const order = Int32Array.from(work.jobs, (_, j) => j);
    layout.pool.reset(options.availableAt);
    this.scheduler = new ListScheduler(work.instance, order, {
      machines: layout.pool,
      reducesReadyAt: work.reducesReadyAt,
      reduces: options.reduces,
      dealtBefore: options.dealtBefore,
    });
  }

  /** Reduces dealt round-robin, this plan's and earlier ones'. */
  get dealt(): number {
    return this.scheduler.dealt;
  }

  /** The job of a task of this plan. */
  jobOf(planned: ScheduledTask): JobPlan {
    return this.work.jobs[planned.job];
  }

  /** The task (its index in its job's maps or reduces) of a task of this plan. */
  taskOf(planned: ScheduledTask): number {
    return (planned.kind === 'map' ? this.work.maps : this.work.reduces)[planned.job][planned.task];
  }

  /** The next task planned on queue `queue`, extending the plan as far as that takes; null when none is. */
  head(queue: number): ScheduledTask | null {
    while (this.queues.isEmpty(queue) && !this.exhausted) this.extend();
    return this.queues.peek(queue);
  }

  /** Nothing is queued on `queue` and placing more might put something there. */
  wantsMore(queue: number): boolean {
    return this.queues.isEmpty(queue) && !this.exhausted;
  }

  /**
   * Tells the plan when the machines of `queue` are free (`times`, one per
   * machine, ascending), its queue being empty; returns whether the plan had
   * one of them busy for longer than `tolerance` past it (the machine freed
   * earlier than planned).
   */
  resync(queue: number, times: readonly number[], tolerance: number): boolean {
    const first = this.layout.firstMachine[queue];
    const believed = times.map((_, k) => this.scheduler.freeAt(first + k)).sort((a, b) => a - b);
    times.forEach((time, k) => this.scheduler.setFree(first + k, time));
    return believed.some((time, k) => time > times[k] + tolerance);
  }

  /** Places the next task of the list on its queue. */
  private extend(): void {
    const placed = this.scheduler.next();
    if (placed === null) {
      this.exhausted = true;
      return;
    }
    this.placed++;
    this.queues.push(this.layout.queueOf[placed.machine], placed);
  }
}

/**
 * The per-node queues of planned tasks (a plan's own, indexed by its work),
 * kept across plans (a new plan empties them): thousands of queues would
 * otherwise be allocated at every re-plan.
 */
export class NodeQueues {
  private readonly tasks: ScheduledTask[][];
  private readonly heads: Int32Array;
  /** Queues holding something, so that emptying them all costs what they hold. */
  private readonly used: number[] = [];

  constructor(queueCount: number) {
    this.tasks = Array.from({ length: queueCount }, () => []);
    this.heads = new Int32Array(queueCount);
  }

  isEmpty(queue: number): boolean {
    return this.heads[queue] === this.tasks[queue].length;
  }

  /** The head of `queue`, or null. */
  peek(queue: number): ScheduledTask | null {
    return this.isEmpty(queue) ? null : this.tasks[queue][this.heads[queue]];
  }

  pop(queue: number): void {
    this.heads[queue]++;
  }

  push(queue: number, task: ScheduledTask): void {
    if (this.tasks[queue].length === 0) this.used.push(queue);
    this.tasks[queue].push(task);
  }

  clear(): void {
    for (const queue of this.used) {
      this.tasks[queue].length = 0;
      this.heads[queue] = 0;
    }
    this.used.length = 0;
  }
}
