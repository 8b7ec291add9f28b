/**
 * A job's running tasks of a kind whose end moves (a map reading or writing
 * through the network, a reduce copying its input), with their progress
 * rates and expected ends as last reported (`hadoop1-speculation.ts`).
 *
 * Hadoop's JobTracker knows a task's progress from the status its
 * TaskTracker sent at its last heartbeat, 3 s apart at least; so here a
 * task's rate and end are sampled when it joins and again, for all of them,
 * when the rule samples them (at its own times, never at a question, so that
 * what a run backs up does not depend on who asks when). Between samples
 * the rates hold, so their statistics are kept as tasks join and leave, and
 * the tasks under a threshold are a prefix of those sampled, in rate order.
 */
import { DataStatistics } from './data-statistics.js';

const NONE = new Int32Array(0);
/** Samples of up to this many tasks are put in rate order by insertion, quicker than a comparator sort on a few dozen. */
const INSERTION_SORT_MOST = 48;

/** What a sample reads of a task: its rate, its alone attempt (-1: two run) and that attempt's expected end. */
export interface TaskSample {
  rate: number;
  attempt: number;
  end: number;
}

/** The best task found under a threshold: the one expected to end last (ties: the lower task); -1 for none. */
export interface MovingChoice {
  task: number;
  end: number;
}

export class MovingTasks {
  /** The sampled rates, for the threshold. */
  readonly rates = new DataStatistics();
  private readonly tasks: number[] = [];
  // Per task, allocated at the first join (under the isolated network most jobs' maps never move): its place in
  // `tasks` (-1: not moving), its sample, and the sample's serial (an entry below is the task's if it holds the same).
  private place = NONE;
  private rate = new Float64Array(0);
  private attempt = NONE;
  private end = new Float64Array(0);
  private serial = NONE;
  private serials = 0;
  /** The tasks as last sampled all together, by rate (ascending), with their rates and serials then. */
  private byRate = new Int32Array(0);
  private byRateRates = new Float64Array(0);
  private byRateSerials = new Int32Array(0);
  private byRateCount = 0;
  /** Tasks sampled as they joined since, in no order. */
  private readonly joined: number[] = [];
  private readonly joinedSerials: number[] = [];
  private readonly sample: TaskSample = { rate: 0, attempt: -1, end: NaN };

  constructor(
    private readonly taskCount: number,
    /** Fills `into` with the task's rate, alone attempt and end now. */
    private readonly read: (task: number, into: TaskSample) => void,
  ) {}

  get size(): number {
    return this.tasks.length;
  }

  /** `task`'s end moves now: it is sampled (again, if it was moving). */
  join(task: number): void {
    if (this.place.length === 0) this.allocate();
    if (this.place[task] >= 0) this.rates.remove(this.rate[task]);
    else {
      this.place[task] = this.tasks.length;
      this.tasks.push(task);
    }
    this.take(task);
    this.rates.add(this.rate[task]);
    // Before a job's tail nothing samples them all: the entries of those that left or joined again are dropped as they pile up.
    if (this.joined.length > 2 * this.tasks.length + 16) this.dropStaleJoined();
    this.joined.push(task);
    this.joinedSerials.push(this.serial[task]);
  }

  /** `task`'s end no longer moves (known, or it stopped). */
  leave(task: number): void {
    const at = this.place[task];
    this.rates.remove(this.rate[task]);
    const last = this.tasks.pop()!;
    if (last !== task) {
      this.tasks[at] = last;
      this.place[last] = at;
    }
    this.place[task] = -1;
    // The last gone, its statistics are of nothing, with no rounding left behind to make a deviation of equal rates.
    if (this.tasks.length === 0) this.rates.clear();
  }

  /** The task's rate as last sampled (it is moving). */
  rateOf(task: number): number {
    return this.rate[task];
  }

  /** Samples them all again. */
  sampleAll(): void {
    const { tasks, rates } = this;
    rates.clear();
    for (const task of tasks) {
      this.take(task);
      rates.add(this.rate[task]);
    }
    this.sortByRate();
    this.joined.length = 0;
    this.joinedSerials.length = 0;
  }

  /**
   * Among the tasks whose sampled rate is under `threshold`, the one
   * expected to end last (ties: the lower task) that `eligible` accepts,
   * given its sampled attempt, or with `any` the first found; `choice.task`
   * -1 for none.
   */
  bestUnder(threshold: number, eligible: (task: number, attempt: number) => boolean, choice: MovingChoice, any = false): void {
    choice.task = -1;
    choice.end = -Infinity;
    const { byRate, byRateRates, byRateSerials } = this;
    for (let k = 0; k < this.byRateCount && byRateRates[k] < threshold; k++) {
      if (this.consider(byRate[k], byRateSerials[k], eligible, choice) && any) return;
    }
    const { joined, joinedSerials } = this;
    for (let k = 0; k < joined.length; k++) {
      if (this.rate[joined[k]] < threshold && this.consider(joined[k], joinedSerials[k], eligible, choice) && any) return;
    }
  }

  /** `byRate` and its columns: the tasks by rate, ties by task, in buffers kept from one sample to the next (most hold a few dozen tasks). */
  private sortByRate(): void {
    const { tasks, rate, serial } = this;
    const count = tasks.length;
    if (this.byRate.length < count) {
      this.byRate = new Int32Array(2 * count);
      this.byRateRates = new Float64Array(2 * count);
      this.byRateSerials = new Int32Array(2 * count);
    }
    const { byRate, byRateRates, byRateSerials } = this;
    if (count <= INSERTION_SORT_MOST) {
      for (let i = 0; i < count; i++) {
        const task = tasks[i];
        const value = rate[task];
        let at = i;
        for (; at > 0 && (byRateRates[at - 1] > value || (byRateRates[at - 1] === value && byRate[at - 1] > task)); at--) {
          byRate[at] = byRate[at - 1];
          byRateRates[at] = byRateRates[at - 1];
        }
        byRate[at] = task;
        byRateRates[at] = value;
      }
    } else {
      const order = byRate.subarray(0, count);
      order.set(tasks);
      order.sort((a, b) => rate[a] - rate[b] || a - b);
      for (let k = 0; k < count; k++) byRateRates[k] = rate[byRate[k]];
    }
    for (let k = 0; k < count; k++) byRateSerials[k] = serial[byRate[k]];
    this.byRateCount = count;
  }

  /** Whether the entry, still the task's, became the choice. */
  private consider(task: number, serial: number, eligible: (task: number, attempt: number) => boolean, choice: MovingChoice): boolean {
    if (this.place[task] < 0 || this.serial[task] !== serial || this.attempt[task] < 0) return false;
    const end = this.end[task];
    if (end < choice.end || (end === choice.end && task > choice.task)) return false;
    if (!eligible(task, this.attempt[task])) return false;
    choice.task = task;
    choice.end = end;
    return true;
  }

  private dropStaleJoined(): void {
    const { joined, joinedSerials } = this;
    let kept = 0;
    for (let k = 0; k < joined.length; k++) {
      const task = joined[k];
      if (this.place[task] < 0 || this.serial[task] !== joinedSerials[k]) continue;
      joined[kept] = task;
      joinedSerials[kept++] = joinedSerials[k];
    }
    joined.length = kept;
    joinedSerials.length = kept;
  }

  private allocate(): void {
    const count = this.taskCount;
    this.place = new Int32Array(count).fill(-1);
    this.rate = new Float64Array(count);
    this.attempt = new Int32Array(count);
    this.end = new Float64Array(count);
    this.serial = new Int32Array(count);
  }

  private take(task: number): void {
    const sample = this.sample;
    this.read(task, sample);
    this.rate[task] = sample.rate;
    this.attempt[task] = sample.attempt;
    this.end[task] = sample.end;
    this.serial[task] = ++this.serials;
  }
}
