/**
 * Settings: the checks that each failure names a node of the cluster, and
 * the resolved settings
 * (heartbeats, slow start, the seed the draws used, failures by node index,
 * YARN mode).
 */
import { isObj, objects, secondsOf, str } from './lenient-access.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';
import type { NodeFailure, Settings } from '../model/scenario.js';
import { resolveYarn } from './resolve-containers.js';

/**
 * Checks of the settings section that need the cluster: failures and
 * slowdowns on nodes that exist, and no node failing again before it has recovered (a failure
 * without recoverAt lasts to the end): a second failure inside the first's
 * window would have the node run tasks while it is down.
 */
export function checkFailures(value: unknown, nodeIds: Set<string> | undefined, problems: PathProblem[]): void {
  const settings = isObj(value) ? value : {};
  const variability = isObj(settings.variability) ? settings.variability : {};
  const taskFailures = isObj(settings.taskFailures) ? settings.taskFailures : {};
  objects(taskFailures.causes).forEach((cause, c) => {
    const node = str(cause, 'node');
    if (node !== undefined && nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: ['settings', 'taskFailures', 'causes', c, 'node'], expected: 'a node id of the cluster', found: `'${node}'` });
    }
  });
  objects(variability.slowdowns).forEach((slowdown, s) => {
    const node = str(slowdown, 'node');
    if (node !== undefined && nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: ['settings', 'variability', 'slowdowns', s, 'node'], expected: 'a node id of the cluster', found: `'${node}'` });
    }
  });
  const windows = new Map<string, { index: number; at: number; recoverAt: number }[]>();
  objects(settings.failures).forEach((failure, f) => {
    const node = str(failure, 'node');
    if (node === undefined) return;
    if (nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: ['settings', 'failures', f, 'node'], expected: 'a node id of the cluster', found: `'${node}'` });
    }
    const at = secondsOf(failure.at);
    if (at === undefined) return;
    const recoverAt = failure.recoverAt === undefined ? Infinity : (secondsOf(failure.recoverAt) ?? Infinity);
    const list = windows.get(node) ?? [];
    list.push({ index: f, at, recoverAt });
    windows.set(node, list);
  });
  for (const [node, list] of windows) {
    list.sort((a, b) => a.at - b.at || a.index - b.index);
    // The earlier failure that recovers last: a later one must start after its recovery.
    let earlier = list[0];
    for (const later of list.slice(1)) {
      if (later.at > earlier.recoverAt) {
        earlier = later;
        continue;
      }
      const until = earlier.recoverAt === Infinity ? 'never recovers' : `recovers at ${earlier.recoverAt} s`;
      problems.push({
        path: ['settings', 'failures', later.index, 'at'],
        expected: `a failure of node '${node}' after it has recovered from settings.failures[${earlier.index}] (down at ${earlier.at} s, ${until})`,
        found: `a failure at ${later.at} s`,
      });
      if (later.recoverAt > earlier.recoverAt) earlier = later;
    }
  }
}

/** Hadoop 1's minimum TaskTracker heartbeat interval. */
const HADOOP1_HEARTBEAT_SECONDS = 3;
/** Failed attempts of a job's tasks on a node before the job stops using it: Hadoop 1's mapred.max.tracker.failures, YARN's mapreduce.job.maxtaskfailures.per.tracker. */
const HADOOP1_FAILURES_PER_TRACKER = 4;
const YARN_FAILURES_PER_TRACKER = 3;
/** YARN's yarn.resourcemanager.nodemanagers.heartbeat-interval-ms default, 1000. */
const YARN_HEARTBEAT_SECONDS = 1;

/** A failure cause's job must be one of the scenario's, as resolved (its jobs, streams and trace). */
export function checkFailureCauseJobs(settings: ParsedScenarioFile['settings'], jobIndex: ReadonlyMap<string, number>): PathProblem[] {
  const problems: PathProblem[] = [];
  settings.taskFailures.causes.forEach((cause, c) => {
    if (cause.job !== undefined && !jobIndex.has(cause.job)) {
      problems.push({
        path: ['settings', 'taskFailures', 'causes', c, 'job'],
        expected: "a job id of the scenario (of its jobs, its streams' or its trace's)",
        found: `'${cause.job}'`,
      });
    }
  });
  return problems;
}

/**
 * Seconds between a node's heartbeats, as Hadoop 1's JobTracker sets them
 * (getNextHeartbeatInterval): one second per `heartbeatsPerSecond` trackers,
 * rounded up to whole seconds, and never under `minimum`. Without
 * `heartbeatsPerSecond`, `minimum` itself.
 */
export function heartbeatIntervalFor(minimum: number, heartbeatsPerSecond: number | undefined, trackers: number): number {
  if (heartbeatsPerSecond === undefined) return minimum;
  return Math.max(Math.ceil(trackers / heartbeatsPerSecond), minimum);
}

/**
 * The run's settings; `seed` is the one the draws used (the file's, or the
 * override). The heartbeat interval is the one the cluster's `nodes` heartbeat
 * at: it counts every node of the scenario, not those alive at each heartbeat,
 * so that it stays fixed through a run.
 */
export function resolveSettings(
  settings: ParsedScenarioFile['settings'],
  seed: number,
  indexOf: (id: string) => number,
  nodes: number,
  jobIndexOf: (id: string) => number,
): Settings {
  const failures: NodeFailure[] = settings.failures.map((failure) => ({
    node: indexOf(failure.node),
    at: failure.at,
    recoverAt: failure.recoverAt ?? null,
  }));
  const yarn = settings.yarn === undefined ? null : resolveYarn(settings.yarn);
  const minimumInterval = settings.heartbeatInterval ?? (yarn === null ? HADOOP1_HEARTBEAT_SECONDS : YARN_HEARTBEAT_SECONDS);
  return {
    heartbeatInterval: heartbeatIntervalFor(minimumInterval, settings.heartbeatsPerSecond, nodes),
    outOfBandHeartbeat: settings.outOfBandHeartbeat,
    slowStart: settings.slowStart,
    parallelCopies: settings.parallelCopies,
    network: settings.network,
    writes: settings.writes,
    jvm: { startup: settings.jvm.startup, reuse: yarn !== null ? 1 : settings.jvm.reuse === -1 ? Infinity : settings.jvm.reuse },
    speculation: { maps: settings.speculation.maps, reduces: settings.speculation.reduces, policy: settings.speculation.policy ?? (yarn === null ? 'hadoop1' : 'yarn') },
    variability: {
      attemptSigma: settings.variability.attemptSigma,
      slowdowns: settings.variability.slowdowns.map((s) => ({ node: indexOf(s.node), from: s.from, to: s.to, factor: s.factor })),
      drawnSlowdowns: settings.variability.drawnSlowdowns ?? null,
    },
    trackerExpiry: settings.trackerExpiry,
    jobSetup: settings.jobSetup,
    jobCommit: settings.jobCommit,
    setupCleanupSlots: settings.setupCleanupSlots,
    seed,
    failures,
    taskFailures: {
      causes: settings.taskFailures.causes.map((cause) => ({
        probability: cause.probability,
        kind: cause.kind ?? null,
        node: cause.node === undefined ? null : indexOf(cause.node),
        job: cause.job === undefined ? null : jobIndexOf(cause.job),
      })),
      maxMapAttempts: settings.taskFailures.maxMapAttempts,
      maxReduceAttempts: settings.taskFailures.maxReduceAttempts,
      maxFailuresPerTracker: settings.taskFailures.maxFailuresPerTracker ?? (yarn === null ? HADOOP1_FAILURES_PER_TRACKER : YARN_FAILURES_PER_TRACKER),
      maxTrackerBlacklists: settings.taskFailures.maxTrackerBlacklists,
      blacklistWindow: settings.taskFailures.blacklistWindow,
    },
    yarn,
  };
}
