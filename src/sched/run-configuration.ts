/**
 * What of a scenario a scheduler knows before the run: the cluster, the
 * storage, the users and pools (resolution lists every one a job names) and
 * the settings, without the failures to come (of nodes and of attempts) and the seed. Whoever builds a
 * run's policy hands it this, with the run's services, in a setup
 * (`PartSetup`); no factory is handed the scenario itself.
 */
import type { Scenario, Settings } from '../model/scenario.js';
import type { PartSetup, SchedulerSettings } from './types.js';

export type RunConfiguration = Pick<PartSetup, 'cluster' | 'storage' | 'users' | 'pools' | 'settings'>;

export function runConfiguration(scenario: Scenario): RunConfiguration {
  const { cluster, storage, users, pools, settings } = scenario;
  return { cluster, storage, users, pools, settings: schedulerSettings(settings) };
}

/** The settings a scheduler may read, field by field: a setting added to the model is a decision here (the type asks for it). */
function schedulerSettings(settings: Settings): SchedulerSettings {
  const { heartbeatInterval, outOfBandHeartbeat, slowStart, parallelCopies, network, writes, speculation, jvm, trackerExpiry, jobSetup, jobCommit, setupCleanupSlots, yarn } = settings;
  return { heartbeatInterval, outOfBandHeartbeat, slowStart, parallelCopies, network, writes, speculation, jvm, trackerExpiry, jobSetup, jobCommit, setupCleanupSlots, yarn };
}
