/**
 * YARN's resources on a resource cluster (nodes with memory and vcores): the
 * checks that the cluster, the allocation limits and every request agree,
 * and the requests as the scheduler normalises them (yarn.scheduler.minimum-
 * and maximum-allocation, the Fair Scheduler's increment). A request above
 * the maximum allocation is an input error, as YARN refuses it.
 */
import type { Cluster } from '../model/cluster.js';
import { fitsIn, normaliseRequest, type Resources } from '../model/resources.js';
import type { YarnSettings } from '../model/scenario.js';
import { formatSize } from '../util/units.js';
import type { JobSpec } from './job-spec.js';
import type { Path } from './problem-path.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';

type YarnFile = NonNullable<ParsedScenarioFile['settings']['yarn']>;

/** A request as problems show it: `1.5 GiB, 1 vcore`. */
export function describeResources(r: Resources): string {
  return `${formatSize(r.memory)}, ${r.vcores} vcore${r.vcores === 1 ? '' : 's'}`;
}

/**
 * The cluster's slot model against YARN mode: resource nodes only in YARN
 * mode and not mixed with slot nodes; YARN mode on containers or
 * resources, not split slots; the allocation limits consistent.
 */
export function checkYarnCluster(settings: ParsedScenarioFile['settings'], cluster: Cluster): PathProblem[] {
  const resourceNode = cluster.nodes.find((node) => node.slotModel === 'resources');
  const slotNode = cluster.nodes.find((node) => node.slotModel !== 'resources');
  if (settings.yarn === undefined) {
    if (resourceNode === undefined) return [];
    return [{ path: ['settings', 'yarn'], expected: `YARN mode (settings.yarn) for node '${resourceNode.id}' with memory and vcores`, found: 'none' }];
  }
  if (resourceNode !== undefined && slotNode !== undefined) {
    return [{ path: ['cluster'], expected: 'every node with memory and vcores, or none', found: `node '${resourceNode.id}' with them and node '${slotNode.id}' with slots` }];
  }
  const split = cluster.nodes.find((node) => node.slotModel === 'split');
  if (split !== undefined) {
    return [
      {
        path: ['settings', 'yarn'],
        expected: 'a container cluster (every node with containers, or with memory and vcores) for YARN mode',
        found: `node '${split.id}' with map and reduce slots`,
      },
    ];
  }
  return resourceNode === undefined ? [] : checkAllocationLimits(settings.yarn, cluster);
}

function checkAllocationLimits(yarn: YarnFile, cluster: Cluster): PathProblem[] {
  const at = (field: string): Path => ['settings', 'yarn', field];
  const { minimumAllocation: min, maximumAllocation: max } = yarn;
  const problems: PathProblem[] = [];
  if (min.memory <= 0 || min.vcores < 1) {
    problems.push({ path: at('minimumAllocation'), expected: 'more than 0 memory and at least 1 vcore', found: describeResources(min) });
  } else if (!fitsIn(min, max)) {
    problems.push({ path: at('maximumAllocation'), expected: `at least the minimum allocation (${describeResources(min)})`, found: describeResources(max) });
  }
  if (yarn.incrementAllocation.memory <= 0 || yarn.incrementAllocation.vcores < 1) {
    problems.push({ path: at('incrementAllocation'), expected: 'more than 0 memory and at least 1 vcore', found: describeResources(yarn.incrementAllocation) });
  }
  if (problems.length > 0) return problems;
  if (normalise(yarn.amContainer, yarn) === null) problems.push(tooLarge(at('amContainer'), yarn.amContainer, yarn));
  const fitsAm = cluster.nodes.some((node) => fitsIn(normalise(yarn.amContainer, yarn) ?? max, node));
  if (problems.length === 0 && !fitsAm) {
    problems.push({ path: at('amContainer'), expected: 'a container some node has room for', found: `${describeResources(yarn.amContainer)}, more than any node's memory and vcores` });
  }
  return problems;
}

function normalise(request: Resources, yarn: YarnFile): Resources | null {
  return normaliseRequest(request, yarn.minimumAllocation, yarn.incrementAllocation, yarn.maximumAllocation);
}

function tooLarge(path: Path, request: Resources, yarn: YarnFile): PathProblem {
  return {
    path,
    expected: `a request within the maximum allocation (settings.yarn.maximumAllocation: ${describeResources(yarn.maximumAllocation)})`,
    found: describeResources(request),
  };
}

/** The settings of YARN mode as the run uses them, the AM's container normalised (checked). */
export function resolveYarn(yarn: YarnFile): YarnSettings {
  return {
    amMaxAttempts: yarn.amMaxAttempts,
    maxAmShare: yarn.maxAmShare,
    reduceRampUpLimit: yarn.reduceRampUpLimit,
    amContainer: normalise(yarn.amContainer, yarn) ?? yarn.amContainer,
    minimumAllocation: yarn.minimumAllocation,
  };
}

/**
 * Each job's map and reduce containers on a resource cluster, normalised:
 * its own (or its profile's), else settings.yarn's; a request above the
 * maximum allocation, or one no node has room for, is a problem at the job.
 */
export function jobContainers(
  specs: readonly JobSpec[],
  yarn: YarnFile,
  cluster: Cluster,
): { containers: { mapContainer: Resources; reduceContainer: Resources }[]; problems: PathProblem[] } {
  const problems: PathProblem[] = [];
  const memo = new Map<string, Resources | null>();
  const largest = cluster.nodes.map((node) => ({ memory: node.memory, vcores: node.vcores }));
  const resolve = (asked: Resources, spec: JobSpec, field: string): Resources => {
    const key = `${asked.memory}/${asked.vcores}`;
    if (!memo.has(key)) memo.set(key, normalise(asked, yarn));
    const normalised = memo.get(key)!;
    if (normalised === null) {
      problems.push({ ...tooLarge([...spec.origin, field], asked, yarn), found: `${describeResources(asked)} for job '${spec.id}'` });
      return asked;
    }
    if (!largest.some((node) => fitsIn(normalised, node))) {
      problems.push({ path: [...spec.origin, field], expected: 'a container some node has room for', found: `${describeResources(normalised)} for job '${spec.id}'` });
    }
    return normalised;
  };
  const containers = specs.map((spec) => ({
    mapContainer: resolve(spec.shape.mapContainer ?? yarn.mapContainer, spec, 'mapContainer'),
    reduceContainer: resolve(spec.shape.reduceContainer ?? yarn.reduceContainer, spec, 'reduceContainer'),
  }));
  // One problem per place is enough: a stream's thousand jobs share one.
  const byPlace = new Map(problems.map((problem) => [problem.path.join('.'), problem]));
  return { containers, problems: [...byPlace.values()] };
}
