/**
 * Options of the SLS importer, their defaults, and the rule that turns a
 * node's resources into unified containers (YARN-style slots that maps and
 * reduces share).
 *
 * The defaults are SLS's own (its `sls-runner.xml` settings): a NodeManager
 * without given resources has 10240 MB and 10 vcores
 * (`yarn.sls.nm.memory.mb`, `yarn.sls.nm.vcores`), and a task's container
 * is 1024 MB and 1 vcore (`yarn.sls.container.memory.mb`,
 * `yarn.sls.container.vcores`).
 *
 * Containers of a node = min(⌊memory / container memory⌋, ⌊vcores / container
 * vcores⌋): the containers that fit in both resources at once, as a
 * scheduler that checks both (the Fair Scheduler; the Capacity Scheduler with
 * the dominant-resource calculator) packs them. A scheduler that counts
 * memory only would fit ⌊memory / container memory⌋ on a node short of
 * vcores; the notes say which rule was applied.
 */
import { InputError, type InputProblem } from '../../util/input-error.js';
import type { ImportOptions } from '../import-result.js';
import { DEFAULT_JOB_OVERHEADS, overheadModeProblem, type JobOverheadMode } from '../job-overheads.js';
import { problemAt } from './sls-values.js';

export interface SlsImportOptions extends ImportOptions {
  /**
   * An SLS topology file (`{rack, nodes: [{node, memory-mb?, vcores?, labels?}]}`,
   * one or more such objects one after another): the cluster. Without it, the
   * cluster is the hosts the trace's tasks ran on.
   */
  readonly topology?: string;
  /**
   * Containers of a node whose resources are not given: every node when there
   * is no topology file, and topology nodes with neither memory-mb nor vcores.
   * Default: what `nodeMemoryMb` and `nodeVcores` hold (10 with SLS's defaults).
   */
  readonly containers?: number;
  /** Memory of a node that does not give its memory-mb. Default 10240 (SLS). */
  readonly nodeMemoryMb?: number;
  /** Vcores of a node that does not give its vcores. Default 10 (SLS). */
  readonly nodeVcores?: number;
  /** Memory of one task's container. Default 1024 (SLS). */
  readonly containerMemoryMb?: number;
  /** Vcores of one task's container. Default 1 (SLS). */
  readonly containerVcores?: number;
  /**
   * A YARN resource cluster: each node with its memory-mb and vcores (or the
   * defaults), every task in a container of containerMemoryMb and
   * containerVcores, and an ApplicationMaster per job in 1024 MB and 1 vcore
   * as SLS gives it (YARN mode). Default false: unified containers counted
   * as above, no AMs.
   */
  readonly resources?: boolean;
  /**
   * `recorded` (default): each job's setup = its first container.start.ms −
   * job.start.ms and its commit = job.end.ms − its last container.end.ms,
   * where the trace has them (job-overheads.ts). `none`: jobs take the
   * scenario's settings.jobSetup and jobCommit.
   */
  readonly overheads?: JobOverheadMode;
}

export const SLS_DEFAULTS = {
  nodeMemoryMb: 10240,
  nodeVcores: 10,
  containerMemoryMb: 1024,
  containerVcores: 1,
} as const;

/** The options with every default filled in and checked. */
export interface SlsSettings {
  readonly topology: string | undefined;
  readonly skipInvalid: boolean;
  readonly nodeMemoryMb: number;
  readonly nodeVcores: number;
  readonly containerMemoryMb: number;
  readonly containerVcores: number;
  /** Containers of a node without given resources. */
  readonly containers: number;
  /** Whether `containers` was given rather than worked out from the node defaults. */
  readonly containersGiven: boolean;
  readonly overheads: JobOverheadMode;
  readonly resources: boolean;
}

/** Where problems with the options are reported. */
export const OPTIONS_SOURCE = 'SLS import options';

/** Containers that fit in a node of `memoryMb` and `vcores`. */
export function containersFor(memoryMb: number, vcores: number, settings: Pick<SlsSettings, 'containerMemoryMb' | 'containerVcores'>): number {
  return Math.min(Math.floor(memoryMb / settings.containerMemoryMb), Math.floor(vcores / settings.containerVcores));
}

/** Fill in the defaults; throws InputError naming every numeric option that is not a whole number ≥ 1, and a bad overheads mode. */
export function resolveSlsOptions(options: SlsImportOptions): SlsSettings {
  const problems: InputProblem[] = [];
  const whole = (name: keyof typeof SLS_DEFAULTS | 'containers', fallback: number): number => {
    const value = options[name];
    if (value === undefined) return fallback;
    if (Number.isInteger(value) && value >= 1) return value;
    problems.push(problemAt(name, 'a whole number ≥ 1', value));
    return fallback;
  };
  const nodeMemoryMb = whole('nodeMemoryMb', SLS_DEFAULTS.nodeMemoryMb);
  const nodeVcores = whole('nodeVcores', SLS_DEFAULTS.nodeVcores);
  const containerMemoryMb = whole('containerMemoryMb', SLS_DEFAULTS.containerMemoryMb);
  const containerVcores = whole('containerVcores', SLS_DEFAULTS.containerVcores);
  const derived = containersFor(nodeMemoryMb, nodeVcores, { containerMemoryMb, containerVcores });
  const containersGiven = options.containers !== undefined;
  const containers = whole('containers', derived);
  if (!containersGiven && derived < 1) {
    problems.push({
      path: 'nodeMemoryMb',
      expected: `a default node that holds at least one container of ${containerMemoryMb} MB and ${containerVcores} vcores, or the containers option`,
      found: `${nodeMemoryMb} MB and ${nodeVcores} vcores`,
    });
  }
  const resources = options.resources ?? false;
  if (typeof resources !== 'boolean') problems.push(problemAt('resources', 'true or false', resources));
  const overheads = options.overheads ?? DEFAULT_JOB_OVERHEADS;
  const overheadsProblem = overheadModeProblem(overheads);
  if (overheadsProblem !== undefined) problems.push(overheadsProblem);
  if (problems.length > 0) throw new InputError(OPTIONS_SOURCE, problems);
  return {
    topology: options.topology,
    skipInvalid: options.skipInvalid ?? false,
    nodeMemoryMb,
    nodeVcores,
    containerMemoryMb,
    containerVcores,
    containers,
    containersGiven,
    overheads,
    resources: resources === true,
  };
}
