/**
 * One job's speculative execution of one kind of task, its maps or its
 * reduces, by Hadoop 1's rule (`JobInProgress.findSpeculativeTask` with
 * `TaskInProgress.canBeSpeculated`), on with `settings.speculation.maps`
 * and `.reduces`.
 *
 * When a job offered a slot has no task of the kind left to launch, it may
 * back up a running one (`ClusterView.findMap` at any locality, or
 * `findReduce`: Hadoop's obtainNewMapTask and obtainNewReduceTask). The job
 * gives none to a tracker it finds slow for the kind (`finished-tasks.ts`),
 * nor past its cap (`backup-cap.ts`). Else it picks among its tasks of the
 * kind with one attempt running, not on this node, running 60 s or more
 * (SPECULATIVE_LAG), whose progress rate is under the mean of its tasks'
 * rates by more than one standard deviation (`slowtaskthreshold` 1): the
 * one whose estimated time left, (1 − progress) / rate, is longest. The
 * mean counts every task of the kind the job has run, a finished one at the
 * rate it finished at (Hadoop's runningMapTaskStats and
 * runningReduceTaskStats keep them), a running one at its best attempt's.
 * The first attempt to finish wins; the other is killed.
 *
 * Progress is taken as the share of the attempt's time gone to the end it
 * is expected at (`SpeculationContext.expectedEnd`), and its rate, progress
 * over the time since it started, is 1 over that expected duration, so the
 * time it has left is the time to that end; a writing task's is nil.
 *
 * So the rates of tasks whose end is known hold between events (an attempt
 * starts, learns its end or stops), and so does the order of those tasks by
 * time left: both are kept as the events come, not found again by walking
 * the job's running tasks at each offer. A task that finishes alone leaves
 * the rates as they were (it finishes at the rate it ran at), and the
 * candidates lazily. Candidates join as they pass the lag, in the order
 * they started. Tasks whose end moves (a map reading or writing through the
 * network, a reduce copying its input) count at their rates as last
 * reported, sampled every 3 s of the job's tail as Hadoop's task reports
 * come (`moving-tasks.ts`). The samples are taken at those times, by the
 * rule's wakes, never when a policy asks: asking more often, or less,
 * changes nothing in the run.
 */
import type { BackupRule, TaskColumns, SpeculationContext } from './backup-rule.js';
import { backupCapReached } from './backup-cap.js';
import { DataStatistics } from './data-statistics.js';
import { FinishedTasks } from './finished-tasks.js';
import { TASK_RUNNING } from './task-states.js';
import { BackupCandidates } from './backup-candidates.js';
import { MovingTasks, type MovingChoice, type TaskSample } from './moving-tasks.js';

/** Hadoop 1's SPECULATIVE_LAG: an attempt runs this long before it may be backed up. */
const SPECULATIVE_LAG = 60;
const SLOW_TASK_THRESHOLD = 1;
/** `find`'s node for a task to back up on any node (no node is slow, none runs it). */
const ANY_NODE = -1;
/** Rates this close, relatively, are equal: tasks of equal durations differ by the clock's rounding (10⁻¹⁶), not by a straggler. */
const RATE_TOLERANCE = 1e-9;
/**
 * Tasks report their progress every 3 s (mapreduce.task.progress-report.interval;
 * Hadoop 1's TaskTrackers with their heartbeats, 3 s apart at least): in the
 * job's tail, tasks whose end moves are sampled again this often, counted
 * from the tail's start, not at each offer.
 */
const PROGRESS_REPORT_SECONDS = 3;
/** Room made for the candidates at first: the job's tasks, up to this many (the tasks of a job's tail run at once; more grow it). */
const MOST_CANDIDATES_EXPECTED = 4096;

export class Hadoop1Speculation implements BackupRule {
  readonly finished = new FinishedTasks();
  /** Every task's rate: a finished task's, and a running one's best attempt's unless one moves (`moving`). */
  private readonly rates = new DataStatistics();
  /** Each task's value in `rates` (NaN: none; negative: it moves). */
  private readonly rate: Float64Array;
  /** Running tasks with an attempt whose end moves, at their rates and ends as last sampled. */
  private readonly moving: MovingTasks;
  private readonly movingChoice: MovingChoice = { task: -1, end: -Infinity };
  /** Attempts running alone that have not reached the lag, by when they do (lazily: one may have stopped). */
  private lagging: number[] = [];
  private lagHead = 0;
  /** `reachLag`'s attempts due to be ranked (kept, so that the calls that find none allocate nothing). */
  private readonly due: number[] = [];
  /**
   * Where `nextWake` goes on looking in `lagging` for an attempt worth a
   * wake: those before it were over `wakeScanThreshold`, their lowest rate
   * at least `passedMinRate` (a threshold over that looks again from the
   * head; the bound only falls as the stretch shrinks, so it stays safe).
   */
  private wakeScan = 0;
  private wakeScanThreshold = Infinity;
  private passedMinRate = Infinity;
  /** Whether the job has launched its last task of the kind: only then are candidates ranked (none is looked for before). */
  private inTail = false;
  /** When the tail started: the moving tasks are sampled every PROGRESS_REPORT_SECONDS from then; and the last of those reports sampled (0: the tail's start). */
  private reportsFrom = NaN;
  private lastReport = -1;
  /** The earliest start of an attempt of the kind (`changed` hears of each start as it comes): none reaches the lag before this plus the lag. */
  private firstStart = Infinity;
  /** Each task's attempt last put in `lagging`, so that none goes in twice. */
  private readonly queued: Int32Array;
  /** Attempts past the lag, by expected end (`backup-candidates.ts`). */
  private readonly candidates: BackupCandidates;
  /** Each task's entry among the candidates: its end and serial (NaN, -1: none). */
  private readonly rankedEnd: Float64Array;
  private readonly rankedSerial: Int32Array;
  /** Changes when the rates or the candidates change, but not when a candidate finishes; `emptyAt`: the version no candidate was found at; `noneAt`: the version no task at all, candidate or moving, was found at on any node. */
  private version = 0;
  private emptyAt = -1;
  private noneAt = -1;
  /** The last serial an entry among the candidates was given. */
  private serials = 0;
  /** When the next lag event is due (the job's idle nodes are woken then). */
  wakeAt = Infinity;
  /**
   * `nextWake`'s last answer, and the version and count of notices it was
   * found at. A task's end that leaves the rates as they were moves neither
   * (what it changes only puts a wake off, never brings one on): most ends
   * in a job's tail then ask again and get it back.
   */
  private wakeFound = NaN;
  private wakeFoundAt = -1;
  private wakeNotices = -1;
  /** Moves at every notice but `won`: an attempt started, stopped or changed, the tail began (a wake that samples moves the version). */
  private notices = 0;
  /** Moves at each `won`. */
  private wins = 0;
  /**
   * The version and counts `mayBackUp` last said yes at: the yes holds until
   * one moves (a candidate leaves only by what the rule is told; time only
   * brings more past the lag).
   */
  private yesAt = -1;
  private yesNotices = -1;
  private yesWins = -1;

  constructor(
    private readonly tasks: TaskColumns,
    private readonly context: SpeculationContext,
  ) {
    const count = tasks.state.length;
    this.rate = new Float64Array(count).fill(NaN);
    this.queued = new Int32Array(count).fill(-1);
    this.rankedEnd = new Float64Array(count).fill(NaN);
    this.rankedSerial = new Int32Array(count).fill(-1);
    this.candidates = new BackupCandidates(Math.min(count, MOST_CANDIDATES_EXPECTED));
    this.moving = new MovingTasks(count, (task, into) => this.sampleMoving(task, into));
  }

  /**
   * Whether a task may be backed up now on some node (`find` on any node):
   * the job is under its cap (`backup-cap.ts`), and a candidate or a task
   * whose end moves, past the lag, is under the threshold. Exact, so that
   * a policy offering slots only to jobs that may back up (and counting the
   * others as not offered) runs the same whoever else asks, and when. A
   * "no" holds until the rates, the samples or the candidates change, or a
   * task reaches the lag.
   */
  mayBackUp(backups: number, running: number): boolean {
    if (backupCapReached(backups, running, this.context.slots)) return false;
    if (this.yesAt === this.version && this.yesNotices === this.notices && this.yesWins === this.wins) return true;
    if (this.noneAt === this.version && this.nextLagKey() > this.context.now()) return false;
    const found = this.find(ANY_NODE) >= 0;
    if (!found) this.noneAt = this.version;
    else {
      this.yesAt = this.version;
      this.yesNotices = this.notices;
      this.yesWins = this.wins;
    }
    return found;
  }

  /** A "no" holds until the rule is told something, or the next attempt reaches the lag. */
  noHoldsUntil(): number {
    return this.nextLagKey();
  }

  /** The task to back up on `node` now (on any node: `ANY_NODE`), or -1. */
  find(node: number): number {
    if (node !== ANY_NODE && this.finished.isSlow(node)) return -1;
    const now = this.context.now();
    // No attempt of the kind has run for the lag yet (they all started since the first): none to back up.
    if (this.firstStart + SPECULATIVE_LAG > now) return -1;
    this.reachLag(now);
    const threshold = this.threshold();
    const log = this.context.log;
    const { task: moving, end: movingEnd } = this.bestMoving(now, node);
    const { candidates } = this;
    while (candidates.count > 0 && this.isStale(candidates.count - 1)) candidates.count--;
    let found = false;
    let stale = 0;
    for (let k = candidates.count - 1; k >= 0; k--) {
      if (this.isStale(k)) {
        stale++;
        continue;
      }
      const attempt = candidates.attempts[k];
      const task = log.task[attempt];
      if (this.rateOfTask(task) >= threshold) continue;
      found = true;
      if (log.node[attempt] === node || this.tasks.avoids(task, node)) continue;
      const end = candidates.ends[k];
      return moving >= 0 && (movingEnd > end || (movingEnd === end && moving < task)) ? moving : task;
    }
    if (!found) this.emptyAt = this.version;
    if (2 * stale > candidates.count) candidates.filter((k) => !this.isStale(k));
    return moving;
  }

  /**
   * The task whose end moves to back up on `node` (-1: on any node): of
   * those past the lag in the job's tail, still running alone by the
   * attempt sampled, and under the threshold, the one expected to end last
   * (with `any`, the first found).
   */
  private bestMoving(now: number, node: number, any = false): MovingChoice {
    const choice = this.movingChoice;
    choice.task = -1;
    if (!this.inTail || this.moving.size === 0) return choice;
    const log = this.context.log;
    this.moving.bestUnder(
      this.threshold(),
      (task, attempt) =>
        this.alone(task) === attempt && log.start[attempt] + SPECULATIVE_LAG <= now && (node < 0 || (log.node[attempt] !== node && !this.tasks.avoids(task, node))),
      choice,
      any,
    );
    return choice;
  }

  /** A task whose end moves as sampled now: its rate, its attempt running alone (-1: none) and where that one's time left ends (a writing one's, progress 1, now). */
  private sampleMoving(task: number, into: TaskSample): void {
    const now = this.context.now();
    const first = this.tasks.attempt[task];
    const second = this.tasks.backup[task];
    const end = this.context.expectedEnd(first);
    into.rate = Math.max(this.rateNow(first, end, now), second >= 0 ? this.rateNow(second, this.context.expectedEnd(second), now) : 0);
    into.attempt = this.alone(task);
    into.end = into.attempt < 0 ? NaN : Number.isNaN(end) ? now : end;
  }

  /**
   * When the job's nodes are next worth waking: the earliest time past now
   * one of its tasks that could be backed up on reaching the lag does so (its
   * end moves, or its rate is under the threshold now), or the moving tasks'
   * next report, or Infinity. One over the threshold becomes a candidate
   * only once the rates change, and the job tracker asks again then; so a
   * lag event is due for few of a job's tasks, not for each.
   */
  nextWake(): number {
    const now = this.context.now();
    // Nothing it reads has changed and its answer is still ahead, with the wake it asked for: the same answer.
    if (this.version === this.wakeFoundAt && this.notices === this.wakeNotices && now < this.wakeFound && this.wakeAt > now) return this.wakeFound;
    this.reachLag(now);
    this.wakeFoundAt = this.version;
    this.wakeNotices = this.notices;
    return (this.wakeFound = Math.min(this.nextLagWake(), this.nextReport(now)));
  }

  /** `nextWake` for the tasks reaching the lag. */
  private nextLagWake(): number {
    const { lagging } = this;
    if (this.lagHead === lagging.length) return Infinity;
    const threshold = this.threshold();
    if (this.wakeScan < this.lagHead || (threshold > this.wakeScanThreshold && threshold > this.passedMinRate)) {
      this.wakeScan = this.lagHead;
      this.passedMinRate = Infinity;
    }
    this.wakeScanThreshold = threshold;
    const log = this.context.log;
    for (; this.wakeScan < lagging.length; this.wakeScan++) {
      const attempt = lagging[this.wakeScan];
      const task = log.task[attempt];
      if (this.alone(task) !== attempt) continue;
      if (Number.isNaN(log.end[attempt])) break;
      const rate = this.rateOfTask(task);
      if (rate < threshold) break;
      if (rate < this.passedMinRate) this.passedMinRate = rate;
    }
    return this.wakeScan < lagging.length ? log.start[lagging[this.wakeScan]] + SPECULATIVE_LAG : Infinity;
  }

  /**
   * A task reached the lag (`nextWake` ranks it), or the moving tasks'
   * report came: they are sampled.
   */
  woken(): void {
    const now = this.context.now();
    if (this.nextReport(now) > now) return;
    this.lastReport = this.lastReportBy(now);
    // Samples are read only once an attempt has reached the lag (the threshold for one, the moving tasks to back one up): a report
    // with none there by the next one is not sampled (about a quarter of a busy day's, the reduces copying as the maps begin).
    // The sums are made again at the next sample, or cleared when the last moving task leaves: no rounding of the skip outlives it.
    if (this.firstStart + SPECULATIVE_LAG <= this.reportTime(this.lastReport + 1)) this.moving.sampleAll();
    this.version++;
  }

  /** The job has launched its last task of the kind: its candidates are ranked from now on, and its moving tasks reported from now on. */
  tailStarted(): void {
    this.notices++;
    this.inTail = true;
    this.reportsFrom = this.context.now();
    this.lastReport = -1;
  }

  /** The first report not sampled yet at or past `now`, while tasks move in the tail; Infinity otherwise. */
  private nextReport(now: number): number {
    if (!this.inTail || this.moving.size === 0) return Infinity;
    const last = this.lastReportBy(now);
    return this.reportTime(Math.max(this.lastReport + 1, this.reportTime(last) === now ? last : last + 1));
  }

  /** The tail's last report at or before `now` (found from the division, then stepped past its rounding). */
  private lastReportBy(now: number): number {
    let report = Math.floor((now - this.reportsFrom) / PROGRESS_REPORT_SECONDS);
    while (report > 0 && this.reportTime(report) > now) report--;
    while (this.reportTime(report + 1) <= now) report++;
    return report;
  }

  /** When the tail's `report`th report comes (the 0th at its start). */
  private reportTime(report: number): number {
    return this.reportsFrom + report * PROGRESS_REPORT_SECONDS;
  }

  /** An attempt of `task` started (its first, or a backup), learnt when it ends, began to write, or stopped with the other still running. */
  changed(task: number): void {
    this.notices++;
    const now = this.context.now();
    this.firstStart = Math.min(this.firstStart, now);
    this.reachLag(now);
    this.setRate(task, this.runningRate(task));
    const alone = this.alone(task);
    if (alone < 0) {
      this.unrank(task);
      return;
    }
    if (this.queued[task] !== alone) {
      this.queued[task] = alone;
      this.queue(alone);
      if (this.context.log.start[alone] + SPECULATIVE_LAG <= now) this.reachLag(now);
      return;
    }
    // Already waiting for the lag, it may have been passed over by `nextWake` while it was not alone, or at its old rate.
    this.scanAgainFrom(this.context.log.start[alone]);
    if (Number.isNaN(this.context.log.end[alone])) {
      this.unrank(task); // it moves: looked at as it does
    } else if (this.inTail && this.context.log.start[alone] + SPECULATIVE_LAG <= now) {
      // Past the lag already: ranked again if its end moved, or if it runs alone again.
      if (this.rankedSerial[task] < 0 || this.rankedEnd[task] !== this.context.log.end[alone]) this.rank(alone);
    }
  }

  /** `task` finished by `attempt`: its rate becomes the one it finished at (the same, if it ran alone and did not write). */
  won(task: number, attempt: number): void {
    this.wins++;
    const log = this.context.log;
    const duration = log.end[attempt] - log.start[attempt];
    this.finished.finished(log.node[attempt], duration);
    this.setRate(task, 1 / Math.max(duration, 1e-3));
    this.unrank(task);
  }

  /** `task` stopped running unfinished (pending again). */
  stopped(task: number): void {
    this.notices++;
    this.setRate(task, NaN);
    this.unrank(task);
  }

  /** `task`'s value in the statistics becomes `value` (NaN: none; negative: it writes, found when asked). */
  private setRate(task: number, value: number): void {
    const old = this.rate[task];
    if (Object.is(old, value) && value >= 0) return;
    const movingBefore = old < 0;
    if (movingBefore) {
      if (value >= 0 || Number.isNaN(value)) this.moving.leave(task);
    } else if (!Number.isNaN(old)) {
      if (Number.isNaN(value) || value < 0) this.rates.remove(old);
      else this.rates.replace(old, value);
    }
    this.rate[task] = value;
    // A task that moves is sampled as it starts to, and again as its attempts change.
    if (value < 0) this.moving.join(task);
    else if (!Number.isNaN(value) && (Number.isNaN(old) || movingBefore)) this.rates.add(value);
    this.version++;
  }

  /** The running task's best attempt's rate, constant, or -1 if one of them writes. */
  private runningRate(task: number): number {
    const { attempt, backup, state } = this.tasks;
    if (state[task] !== TASK_RUNNING) return NaN;
    const a = this.attemptRate(attempt[task]);
    const b = backup[task] >= 0 ? this.attemptRate(backup[task]) : 0;
    return a < 0 || b < 0 ? -1 : Math.max(a, b);
  }

  /** Progress over the time since the attempt started (Hadoop's getCurrentProgressRate); -1 while it writes (the rate moves). */
  private attemptRate(attempt: number): number {
    const log = this.context.log;
    const end = log.end[attempt];
    if (!Number.isNaN(end)) return 1 / Math.max(end - log.start[attempt], 1e-3);
    return -1;
  }

  /** The rate of `task`: its constant one, or a moving one's as last sampled. */
  private rateOfTask(task: number): number {
    const rate = this.rate[task];
    return rate >= 0 ? rate : this.moving.rateOf(task);
  }

  /** The rate of running `attempt`, expected to end at `end` (`SpeculationContext.expectedEnd`), as of `now`. */
  private rateNow(attempt: number, end: number, now: number): number {
    return 1 / Math.max((Number.isNaN(end) ? now : end) - this.context.log.start[attempt], 1e-3);
  }

  /** The rate a candidate must be under: the mean less a standard deviation (and a rounding's worth), moving tasks counted at their rates as last sampled. */
  private threshold(): number {
    const { rates, moving } = this;
    const count = rates.count + moving.rates.count;
    const mean = (rates.sum + moving.rates.sum) / count;
    const std = Math.sqrt(Math.max((rates.sumSquares + moving.rates.sumSquares) / count - mean * mean, 0));
    return (mean - std * SLOW_TASK_THRESHOLD) * (1 - RATE_TOLERANCE);
  }

  /** The task's one running attempt, or -1 (none, or two). */
  private alone(task: number): number {
    const { attempt, backup, state } = this.tasks;
    return state[task] === TASK_RUNNING && backup[task] < 0 ? attempt[task] : -1;
  }

  /** When the first attempt waiting for the lag reaches it, or Infinity. */
  private nextLagKey(): number {
    return this.lagHead < this.lagging.length ? this.context.log.start[this.lagging[this.lagHead]] + SPECULATIVE_LAG : Infinity;
  }

  /** `nextWake` looks again at the attempts waiting for the lag that started at `start` or later (they are in the order they started). */
  private scanAgainFrom(start: number): void {
    const { lagging } = this;
    const starts = this.context.log.start;
    let lo = this.lagHead;
    let hi = Math.min(this.wakeScan, lagging.length);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[lagging[mid]] < start) lo = mid + 1;
      else hi = mid;
    }
    this.wakeScan = Math.min(this.wakeScan, lo);
  }

  /** `attempt` waits for the lag, with the others in the order they started (a backup left alone may come in out of order). */
  private queue(attempt: number): void {
    const { lagging } = this;
    const start = this.context.log.start;
    const key = start[attempt];
    let at = lagging.length;
    while (at > this.lagHead && (start[lagging[at - 1]] > key || (start[lagging[at - 1]] === key && lagging[at - 1] > attempt))) at--;
    if (at === lagging.length) lagging.push(attempt);
    else lagging.splice(at, 0, attempt);
    // In before where `nextWake` had looked: it looks again from there.
    this.wakeScan = Math.min(this.wakeScan, at);
  }

  /** In the job's tail, the attempts that reached the lag by `now`, and still run alone, become candidates. */
  private reachLag(now: number): void {
    const { lagging } = this;
    const log = this.context.log;
    // Most calls find none due: they return before touching `due`.
    if (!this.inTail || this.lagHead === lagging.length || log.start[lagging[this.lagHead]] + SPECULATIVE_LAG > now) return;
    const { due } = this;
    due.length = 0;
    while (this.lagHead < lagging.length && log.start[lagging[this.lagHead]] + SPECULATIVE_LAG <= now) {
      const attempt = lagging[this.lagHead++];
      if (this.alone(log.task[attempt]) !== attempt) continue;
      // A task whose end moves is looked at as it moves (`bestMoving`), which it may be backed up by from now: a "no" found before holds no longer. Ranked once its end is known.
      if (Number.isNaN(log.end[attempt])) this.version++;
      else due.push(attempt);
    }
    if (this.lagHead > 1024 && 2 * this.lagHead > lagging.length) {
      this.lagging = lagging.slice(this.lagHead);
      this.wakeScan = Math.max(0, this.wakeScan - this.lagHead);
      this.lagHead = 0;
    }
    if (due.length > 16) this.rankAll(due);
    else for (const attempt of due) this.rank(attempt);
  }

  /** `attempt` takes its place among the candidates. */
  private rank(attempt: number): void {
    const task = this.context.log.task[attempt];
    const end = this.context.log.end[attempt];
    this.candidates.insert(attempt, end, this.entered(task, end), this.context.log.task);
  }

  /** Many attempts join at once (the job's tail began). */
  private rankAll(attempts: readonly number[]): void {
    const tasks = this.context.log.task;
    const ends = attempts.map((attempt) => this.context.log.end[attempt]);
    const serials = attempts.map((attempt, k) => this.entered(tasks[attempt], ends[k]));
    this.candidates.insertAll(attempts, ends, serials, tasks);
  }

  /** `task` is ranked at `end`: its entry's serial; the version moves unless it cannot be a candidate where none was. */
  private entered(task: number, end: number): number {
    // A task at or over the threshold joins a job known to have no candidate under it: it still has none.
    const stillNone = this.emptyAt === this.version && this.moving.size === 0 && this.rate[task] >= this.threshold();
    if (!stillNone) this.version++;
    const serial = ++this.serials;
    this.rankedEnd[task] = end;
    this.rankedSerial[task] = serial;
    return serial;
  }

  /** The task's entry among the candidates, if any, no longer holds. */
  private unrank(task: number): void {
    this.rankedEnd[task] = NaN;
    this.rankedSerial[task] = -1;
  }

  /** The `k`th candidate no longer holds: its task runs no longer alone, or by another attempt, or it was ranked again. */
  private isStale(k: number): boolean {
    const attempt = this.candidates.attempts[k];
    const task = this.context.log.task[attempt];
    return this.alone(task) !== attempt || this.rankedSerial[task] !== this.candidates.serials[k];
  }
}
