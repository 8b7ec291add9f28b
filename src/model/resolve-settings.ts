/**
 * Settings: the check that each failure names a node of the cluster, and
 * the resolved settings (heartbeats, slow start, the seed the draws used,
 * failures by node index).
 */
import { isObj, objects, str } from './lenient-access.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';
import type { NodeFailure, Settings } from './scenario.js';

/** Checks of the settings section that need the cluster: failures on nodes that exist. */
export function checkFailures(value: unknown, nodeIds: Set<string> | undefined, problems: PathProblem[]): void {
  const settings = isObj(value) ? value : {};
  objects(settings.failures).forEach((failure, f) => {
    const node = str(failure, 'node');
    if (node !== undefined && nodeIds !== undefined && !nodeIds.has(node)) {
      problems.push({ path: ['settings', 'failures', f, 'node'], expected: 'a node id of the cluster', found: `'${node}'` });
    }
  });
}

/** The run's settings; `seed` is the one the draws used (the file's, or the override). */
export function resolveSettings(settings: ParsedScenarioFile['settings'], seed: number, indexOf: (id: string) => number): Settings {
  const failures: NodeFailure[] = settings.failures.map((failure) => ({
    node: indexOf(failure.node),
    at: failure.at,
    recoverAt: failure.recoverAt ?? null,
  }));
  return {
    heartbeatInterval: settings.heartbeatInterval,
    outOfBandHeartbeat: settings.outOfBandHeartbeat,
    slowStart: settings.slowStart,
    parallelCopies: settings.parallelCopies,
    network: settings.network,
    trackerExpiry: settings.trackerExpiry,
    jobSetup: settings.jobSetup,
    jobCommit: settings.jobCommit,
    seed,
    failures,
  };
}
