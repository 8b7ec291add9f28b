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
      record: false,
    });
  }

  /** Reduces dealt round-robin, this plan's and earlier ones'. */
  get dealt(): number {
    return this.scheduler.dealt;
  }

  /** The job of queued task `entry` (an entry of the queues, which hold this plan's tasks). */
  jobOf(entry: number): JobPlan {
    return this.work.jobs[this.queues.job[entry]];
  }

  /** The task (its index in its job's maps or reduces) of queued task `entry`. */
  taskOf(entry: number): number {
    const job = this.queues.job[entry];
    return (this.queues.isMap[entry] === 1 ? this.work.maps : this.work.reduces)[job][this.queues.task[entry]];
  }

  /** The next task planned on queue `queue` (an entry of the queues), extending the plan as far as that takes; −1 when none is. */
  head(queue: number): number {
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
 * The per-node queues of planned tasks, kept across plans (a new plan empties
 * them): thousands of queues would otherwise be allocated at every re-plan.
 * An entry is a number; its task (the plan's job and task indices, its kind
 * and planned start) is kept in columns, so that millions of tasks planned
 * over a run leave no object behind.
 */
export class NodeQueues {
  private readonly entries: number[][];
  private readonly heads: Int32Array;
  /** Queues holding something, so that emptying them all costs what they hold. */
  private readonly used: number[] = [];
  private count = 0;
  job = new Int32Array(1024);
  task = new Int32Array(1024);
  isMap = new Uint8Array(1024);
  start = new Float64Array(1024);

  constructor(queueCount: number) {
    this.entries = Array.from({ length: queueCount }, () => []);
    this.heads = new Int32Array(queueCount);
  }

  isEmpty(queue: number): boolean {
    return this.heads[queue] === this.entries[queue].length;
  }

  /** The head of `queue`, or −1. */
  peek(queue: number): number {
    return this.isEmpty(queue) ? -1 : this.entries[queue][this.heads[queue]];
  }

  pop(queue: number): void {
    this.heads[queue]++;
  }

  push(queue: number, planned: ScheduledTask): void {
    if (this.count === this.job.length) this.grow();
    const entry = this.count++;
    this.job[entry] = planned.job;
    this.task[entry] = planned.task;
    this.isMap[entry] = planned.kind === 'map' ? 1 : 0;
    this.start[entry] = planned.start;
    if (this.entries[queue].length === 0) this.used.push(queue);
    this.entries[queue].push(entry);
  }

  clear(): void {
    for (const queue of this.used) {
      this.entries[queue].length = 0;
      this.heads[queue] = 0;
    }
    this.used.length = 0;
    this.count = 0;
  }

  private grow(): void {
    const size = 2 * this.job.length;
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(column: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(column);
      return next;
    };
    this.job = grown(this.job, (n) => new Int32Array(n));
    this.task = grown(this.task, (n) => new Int32Array(n));
    this.isMap = grown(this.isMap, (n) => new Uint8Array(n));
    this.start = grown(this.start, (n) => new Float64Array(n));
  }
}
