/**
 * The scenario file the configuration importer writes: the scenario
 * format's cluster, storage, pools, settings and scheduler options, with the
 * resource fields of the resource-aware YARN mode (node memory and vcores,
 * container sizes, queue resources). Plain data, as a scenario file holds it;
 * memory is a size string in MB ("8192 MB"), vcores whole numbers.
 */
import type { ScenarioFile } from '../../input/scenario-file.js';

export interface ConfResources {
  readonly memory: string;
  readonly vcores: number;
}

export interface ConfPool {
  readonly id: string;
  readonly weight?: number;
  readonly minResources?: ConfResources;
  /** A resource without a limit is left out. */
  readonly maxResources?: Partial<ConfResources>;
  readonly maxRunningJobs?: number;
  readonly schedulingPolicy?: 'fair' | 'drf' | 'fifo';
  readonly capacity?: number;
  readonly maxCapacity?: number;
  readonly userLimitFactor?: number;
  readonly minimumUserLimitPercent?: number;
  /** A leaf's maxAMShare (Fair) or maximum-am-resource-percent (Capacity). */
  readonly maxAmShare?: number;
  /** False for a Capacity Scheduler queue with disable_preemption. */
  readonly allowPreemptionFrom?: boolean;
}

export interface ConfYarnSettings {
  amMaxAttempts?: number;
  maxAmShare?: number;
  reduceRampUpLimit?: number;
  amContainer?: ConfResources;
  mapContainer?: ConfResources;
  reduceContainer?: ConfResources;
  minimumAllocation?: ConfResources;
  maximumAllocation?: ConfResources;
  incrementAllocation?: ConfResources;
}

export interface ConfSettings {
  heartbeatInterval?: number;
  slowStart?: number;
  parallelCopies?: number;
  trackerExpiry?: number;
  speculation?: { maps?: boolean; reduces?: boolean };
  taskFailures?: { maxMapAttempts?: number; maxReduceAttempts?: number; maxFailuresPerTracker?: number };
  yarn: ConfYarnSettings;
}

export interface ConfRack {
  readonly id: string;
  readonly nodes: number | readonly { readonly id: string }[];
}

export interface ConfScenario {
  readonly name: string;
  readonly description: string;
  readonly cluster: { readonly defaults: ConfResources; readonly racks: readonly ConfRack[] };
  readonly storage?: { blockSize?: number; replication?: number };
  readonly pools: readonly ConfPool[];
  readonly settings: ConfSettings;
  readonly schedulerOptions: Readonly<Record<string, Record<string, unknown>>>;
  /** What joins from --jobs: a trace reference, or a scenario's jobs and what they name. */
  readonly trace?: ScenarioFile['trace'];
  readonly jobs?: ScenarioFile['jobs'];
  readonly jobStreams?: ScenarioFile['jobStreams'];
  readonly profiles?: ScenarioFile['profiles'];
  readonly users?: ScenarioFile['users'];
}

/** `8192 MB`: memory as the scenario format writes sizes (binary MB, as Hadoop's). */
export function memoryText(mb: number): string {
  return `${mb} MB`;
}

export function resources(memoryMb: number, vcores: number): ConfResources {
  return { memory: memoryText(memoryMb), vcores };
}
