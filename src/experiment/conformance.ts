/**
 * The conformance check every scheduler passes, exported so that a scheduler
 * written outside mrsched can be held to the same rules:
 *
 * - on random small scenarios (`conformance-scenarios.ts`) every whole-run
 *   invariant holds (`src/sim/invariants.ts`: no slot over-booked, nothing
 *   launched before its job arrives or on a dead node, no task running twice
 *   at once, each finished job complete), the run does not stall, and every
 *   job ends; a scheduler with `prepare` is run on the scenario as given too;
 * - the same scenario gives the same run twice;
 * - the run events keep their promises whatever the scheduler does: every
 *   attempt is reported once by `onTaskEnded` as the run record has it; each
 *   node failure is reported when noticed (the expiry interval after it, or
 *   at its recovery if sooner) and each recovery at its time; every wake the policy
 *   asks for before the last job ends is delivered once, at its time; the map
 *   output a view shows on the nodes is what the finished maps wrote (exactly,
 *   when no node fails), and a running reduce's fetched bytes stay within its
 *   share and never shrink.
 *
 * A problem is a value in the report, never a throw: a policy that throws
 * fails the scenario with its message.
 */
import { KIND_MAP, STATUS_KILLED, type RunRecord } from '../model/run-record.js';
import { Random } from '../util/random.js';
import type { Scenario } from '../model/scenario.js';
import { simulate } from '../sim/simulate.js';
import { checkRunInvariants } from '../sim/invariants.js';
import type { ClusterView, Decisions, JobView, NodeView, Policy, TaskEnd } from '../sim/policy.js';
import type { LinearSolver } from '../solvers/linear-program.js';
import {
  builtinSchedulers,
  parseSchedulerChoice,
  plainChoice,
  runName,
  schedulerProfile,
  type SchedulerChoice,
  type SchedulerFactory,
  type SchedulerProfile,
  type SchedulerRegistry,
} from '../sched/index.js';
import { conformanceScenario } from './conformance-scenarios.js';
import { preparedScenario, runPolicy } from './run-policy.js';

export interface ConformanceOptions {
  /** Random scenarios to run (default 150). */
  readonly scenarios?: number;
  /** Seed of the scenarios drawn (default 1). */
  readonly seed?: number;
  /** Where a scheduler given by name or choice (and its placements) is looked up; the built-in ones by default. */
  readonly registry?: SchedulerRegistry;
  /** HiGHS, for a scheduler that solves LPs during a run. */
  readonly solver?: LinearSolver;
}

export interface ConformanceFailure {
  /** Which of the random scenarios (0 first), and the scenario itself, to run it again. */
  readonly index: number;
  readonly scenario: Scenario;
  readonly problems: readonly string[];
}

export interface ConformanceReport {
  readonly scheduler: string;
  /** Runs made (scenarios, their prepared variants, and the repeats that check determinism). */
  readonly runs: number;
  readonly failures: readonly ConformanceFailure[];
}

/** Every this many scenarios, one is run twice to check the run is the same. */
const REPEAT_EVERY = 5;

/** Checks a scheduler (a factory, a choice, or a name such as `fifo+delay`) against the conformance rules. */
export function checkSchedulerConformance(scheduler: SchedulerFactory | SchedulerChoice | string, options: ConformanceOptions = {}): ConformanceReport {
  const { registry, choice } = chosen(options.registry ?? builtinSchedulers(), scheduler);
  const solver = options.solver ?? null;
  const random = new Random(options.seed ?? 1);
  const failures: ConformanceFailure[] = [];
  let runs = 0;
  let name = choice.scheduler;
  for (let index = 0; index < (options.scenarios ?? 150); index++) {
    const scenario = conformanceScenario(random, `conformance #${index}`);
    const problems: string[] = [];
    try {
      const profile = schedulerProfile(registry, choice, scenario.schedulerOptions);
      name = runName(registry, profile);
      const prepared = preparedScenario(registry, profile, scenario);
      const variants = prepared === scenario ? [scenario] : [scenario, prepared];
      for (const ran of variants) {
        const first = observedRun(registry, profile, ran, solver, problems);
        runs++;
        if (index % REPEAT_EVERY === 0) {
          const again = observedRun(registry, profile, ran, solver, []);
          runs++;
          if (!sameRun(first, again)) problems.push('the same scenario gave a different run the second time');
        }
      }
    } catch (error) {
      problems.push(`threw: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (problems.length > 0) failures.push({ index, scenario, problems });
  }
  return { scheduler: name, runs, failures };
}

/** The choice to check, and where its names are found: a factory given as such is added to the registry. */
function chosen(registry: SchedulerRegistry, scheduler: SchedulerFactory | SchedulerChoice | string): { registry: SchedulerRegistry; choice: SchedulerChoice } {
  if (typeof scheduler === 'string') return { registry, choice: parseSchedulerChoice(registry, scheduler) };
  if ('jobOrder' in scheduler) return { registry, choice: scheduler };
  return { registry: registry.with(scheduler), choice: plainChoice(scheduler.name) };
}

function observedRun(registry: SchedulerRegistry, profile: SchedulerProfile, scenario: Scenario, solver: LinearSolver | null, problems: string[]): RunRecord {
  let observer: Observer | undefined;
  const policy = runPolicy(registry, profile, scenario, solver);
  const run = simulate(scenario, (services) => (observer = new Observer(policy(services), scenario)));
  problems.push(...checkRunInvariants(run), ...observer!.finish(run));
  if (run.stalled) problems.push('the run stalled');
  const unfinished = run.jobs.filter((job) => job.status === 'unfinished').map((job) => job.id);
  if (unfinished.length > 0) problems.push(`jobs never ended: ${unfinished.join(', ')}`);
  return run;
}

function sameRun(a: RunRecord, b: RunRecord): boolean {
  const columns = ['job', 'task', 'kind', 'attempt', 'node', 'start', 'end', 'status', 'locality', 'bytesIn', 'networkBytes', 'byteHops'] as const;
  return (
    a.attempts.count === b.attempts.count &&
    columns.every((column) => a.attempts[column].every((value, i) => Object.is(value, b.attempts[column][i]))) &&
    JSON.stringify(a.jobs) === JSON.stringify(b.jobs) &&
    JSON.stringify(a.applicationMasters) === JSON.stringify(b.applicationMasters)
  );
}

/** Seconds after each submission at which the observer looks at the views between heartbeats. */
const LOOK_AFTER = 1.5;

/**
 * Stands between the runtime and the policy under test: passes every call
 * on (with a `Decisions` that notes wakes and reduce launches), and checks
 * what the runtime reports and shows against the scenario.
 */
class Observer implements Policy {
  readonly name: string;
  readonly plan: Policy['plan'];
  private readonly problems: string[] = [];
  private readonly reported = new Map<string, TaskEnd>();
  private readonly failuresSeen: string[] = [];
  private readonly recoveriesSeen: string[] = [];
  /** Wakes the policy asked for, and the ones delivered to it. */
  private readonly asked = new Set<number>();
  private readonly delivered = new Set<number>();
  /** Output bytes of each job's maps reported succeeded. */
  private readonly written = new Map<number, number>();
  /** Fetched bytes last seen per running reduce attempt (job/task@node). */
  private readonly fetched = new Map<string, number>();
  /** Running reduces by job/task: the nodes of their running attempts, first launched first (a backup after the attempt it backs up). */
  private readonly running = new Map<string, { readonly job: JobView; readonly task: number; readonly nodes: number[] }>();
  /** Jobs reported finished, and when the last one was. */
  private readonly finished = new Set<number>();
  private lastJobEnd = 0;
  private decisions: Decisions | null = null;
  private proxy: Decisions | null = null;
  private heartbeatNode: NodeView | null = null;

  constructor(
    private readonly inner: Policy,
    private readonly scenario: Scenario,
  ) {
    this.name = inner.name;
    this.plan = inner.plan;
  }

  /** Its looks at heartbeats change nothing, so it lets the runtime skip the policy's declined ones too, as long as the policy says so. */
  get declinesUntilStateChanges(): Policy['declinesUntilStateChanges'] {
    return this.inner.declinesUntilStateChanges;
  }

  onHeartbeat(node: NodeView, view: ClusterView, decisions: Decisions): void {
    this.look(view);
    this.inner.onHeartbeat(node, view, this.wrap(decisions, view, node));
  }

  onJobSubmitted(job: JobView, view: ClusterView, decisions: Decisions): void {
    decisions.wakeAt(view.now + LOOK_AFTER);
    this.inner.onJobSubmitted?.(job, view, this.wrap(decisions, view, null));
  }

  onJobFinished(job: JobView, view: ClusterView, decisions: Decisions): void {
    if (this.finished.has(job.index)) this.problems.push(`job ${job.spec.id} was reported finished twice`);
    this.finished.add(job.index);
    this.lastJobEnd = view.now;
    this.inner.onJobFinished?.(job, view, this.wrap(decisions, view, null));
  }

  onTaskEnded(end: TaskEnd, view: ClusterView, decisions: Decisions): void {
    const key = `${end.job.index}/${end.kind}/${end.task}/${end.attempt}`;
    if (this.reported.has(key)) this.problems.push(`onTaskEnded reported ${key} twice`);
    this.reported.set(key, { ...end });
    if (end.end !== view.now || end.duration !== end.end - end.start) {
      this.problems.push(`onTaskEnded for ${key} at ${view.now}: end ${end.end}, duration ${end.duration} from ${end.start}`);
    }
    if (end.kind === 'map' && end.status === 'succeeded') {
      const bytes = this.scenario.jobs[end.job.index].maps.outputBytes[end.task];
      this.written.set(end.job.index, (this.written.get(end.job.index) ?? 0) + bytes);
    }
    if (end.kind === 'reduce') this.reduceEnded(`${end.job.index}/${end.task}`, end.node.index);
    this.inner.onTaskEnded?.(end, view, this.wrap(decisions, view, null));
  }

  onNodeFailed(node: NodeView, view: ClusterView, decisions: Decisions): void {
    this.failuresSeen.push(`${node.index}@${view.now}${node.alive ? ' (alive!)' : ''}`);
    for (const key of [...this.running.keys()]) this.reduceEnded(key, node.index);
    this.inner.onNodeFailed?.(node, view, this.wrap(decisions, view, null));
  }

  onNodeRecovered(node: NodeView, view: ClusterView, decisions: Decisions): void {
    this.recoveriesSeen.push(`${node.index}@${view.now}${node.alive ? '' : ' (dead!)'}`);
    this.inner.onNodeRecovered?.(node, view, this.wrap(decisions, view, null));
  }

  onWake(view: ClusterView, decisions: Decisions): void {
    this.look(view);
    if (!this.asked.has(view.now)) return; // the observer's own look
    if (this.delivered.has(view.now)) this.problems.push(`the wake at ${view.now} was delivered twice`);
    this.delivered.add(view.now);
    this.inner.onWake?.(view, this.wrap(decisions, view, null));
  }

  /** What the record says against what was reported; the problems found in the run. */
  finish(run: RunRecord): string[] {
    const a = run.attempts;
    for (let i = 0; i < a.count; i++) {
      const kind = a.kind[i] === KIND_MAP ? 'map' : 'reduce';
      const key = `${a.job[i]}/${kind}/${a.task[i]}/${a.attempt[i]}`;
      const end = this.reported.get(key);
      const status = ['succeeded', 'failed', 'killed'][a.status[i]];
      // A map whose output a failure lost was reported succeeded and is marked killed afterwards.
      const lostLater = kind === 'map' && a.status[i] === STATUS_KILLED && end?.status === 'succeeded';
      if (end === undefined) this.problems.push(`attempt ${key} ended unreported`);
      else if (end.node.index !== a.node[i] || end.start !== a.start[i] || end.end !== a.end[i] || (end.status !== status && !lostLater)) {
        this.problems.push(`attempt ${key} reported as ${end.status} on ${end.node.index} ${end.start}→${end.end}, recorded ${status} on ${a.node[i]} ${a.start[i]}→${a.end[i]}`);
      }
    }
    if (this.reported.size !== a.count) this.problems.push(`${this.reported.size} attempts reported, ${a.count} recorded`);
    const { failures, trackerExpiry } = this.scenario.settings;
    // A failure is reported when the runtime notices it: the expiry interval after it, or at the node's recovery if sooner.
    const expectedFailures = failures.map((f) => `${f.node}@${Math.min(f.at + trackerExpiry, f.recoverAt ?? Infinity)}`);
    const expectedRecoveries = failures.filter((f) => f.recoverAt !== null).map((f) => `${f.node}@${f.recoverAt}`);
    if (!sameSet(this.failuresSeen, expectedFailures)) this.problems.push(`node failures reported: ${this.failuresSeen.join(', ')}; expected ${expectedFailures.join(', ')}`);
    if (!sameSet(this.recoveriesSeen, expectedRecoveries)) this.problems.push(`recoveries reported: ${this.recoveriesSeen.join(', ')}; expected ${expectedRecoveries.join(', ')}`);
    for (const time of this.asked) {
      if (time < this.lastJobEnd && !this.delivered.has(time)) this.problems.push(`the wake asked for at ${time} never came`);
    }
    run.jobs.forEach((job, j) => {
      const shown = this.scenario.jobs[j].maps.length + this.scenario.jobs[j].reduces.length > 0;
      if (shown && job.status !== 'unfinished' && !this.finished.has(j)) this.problems.push(`job ${job.id} ended without onJobFinished`);
    });
    return this.problems;
  }

  /** The attempt of reduce `key` on `node` no longer runs (or, its node failed, no longer fetches): the view may show the other. */
  private reduceEnded(key: string, node: number): void {
    const running = this.running.get(key);
    const at = running?.nodes.indexOf(node) ?? -1;
    if (running === undefined || at < 0) return;
    running.nodes.splice(at, 1);
    this.fetched.delete(`${key}@${node}`);
    if (running.nodes.length === 0) this.running.delete(key);
  }

  /** The views between and at heartbeats: map output where the finished maps wrote it; fetches within their share. */
  private look(view: ClusterView): void {
    const canFail = this.scenario.settings.failures.length > 0;
    for (const job of view.activeJobs) {
      const spec = this.scenario.jobs[job.index];
      if (spec.reduces.length === 0) continue;
      const shown = Array.from(view.mapOutputBytes(job)).reduce((sum, bytes) => sum + bytes, 0);
      const written = this.written.get(job.index) ?? 0;
      if (canFail ? shown > written + 1e-9 : Math.abs(shown - written) > 1e-9) {
        this.problems.push(`at ${view.now} job ${spec.id} shows ${shown} B of map output, its maps wrote ${written} B`);
      }
    }
    for (const [key, reduce] of this.running) {
      const fetch = view.reduceFetch(reduce.job, reduce.task);
      if (fetch === null) continue; // its job failed, or a failure ended it
      const spec = this.scenario.jobs[reduce.job.index];
      const share = spec.reduces[reduce.task].shuffleShare * spec.maps.totalOutputBytes();
      // The view shows the first attempt that fetches: with a backup, the other once the first's node has failed.
      const attempt = `${key}@${fetch.node}`;
      const before = this.fetched.get(attempt) ?? 0;
      if (!reduce.nodes.includes(fetch.node) || fetch.fetchedBytes < before - 1e-9 || fetch.fetchedBytes > share + 1e-9) {
        this.problems.push(`at ${view.now} reduce ${key} on ${fetch.node} shows ${fetch.fetchedBytes} B fetched (before ${before}, share ${share})`);
      }
      this.fetched.set(attempt, fetch.fetchedBytes);
    }
  }

  /** The decisions handed to the policy: the runtime's, noting wakes and reduce launches. */
  private wrap(decisions: Decisions, view: ClusterView, node: NodeView | null): Decisions {
    if (this.decisions !== decisions || this.proxy === null) {
      this.decisions = decisions;
      this.proxy = {
        launchMap: (job, task) => decisions.launchMap(job, task),
        launchReduce: (job, task) => {
          decisions.launchReduce(job, task);
          const key = `${job.index}/${task}`;
          const running = this.running.get(key);
          const node = this.heartbeatNode!.index;
          if (running !== undefined) running.nodes.push(node); // a backup
          else this.running.set(key, { job, task, nodes: [node] });
          this.fetched.delete(`${key}@${node}`);
        },
        kill: (job, kind, task) => decisions.kill(job, kind, task),
        replicate: (job, task, node) => decisions.replicate(job, task, node),
        wakeAt: (time) => {
          decisions.wakeAt(time);
          if (time >= view.now) this.asked.add(time);
        },
      };
    }
    this.heartbeatNode = node;
    return this.proxy;
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}
