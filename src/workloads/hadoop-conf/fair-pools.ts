/**
 * The allocation file's queues as the scenario's pools and the fair
 * scheduler's options, each value as Hadoop's AllocationConfiguration would
 * hold it:
 *
 * - a pool per queue but root, its id the queue path without `root.`
 *   (`engineering.dev`), parents listed before their children;
 * - maxRunningApps, else queueMaxAppsDefault; maxResources, else
 *   queueMaxResourcesDefault; schedulingPolicy, else
 *   defaultQueueSchedulingPolicy, else fair; a leaf's maxAMShare, else
 *   queueMaxAMShareDefault (left out when the file gives neither: the
 *   model's default is Hadoop's, 0.5);
 * - resources given as percentages resolved against the cluster's total
 *   memory and vcores, rounded down as Hadoop rounds;
 * - preemption timeouts and thresholds inherited from the parent queue,
 *   the root's from the top-level defaults; the options hold the root's
 *   values and the pools whose values differ from them
 *   (`minSharePreemptionTimeouts`, `fairSharePreemptionTimeouts`,
 *   `fairSharePreemptionThresholds`);
 * - allowPreemptionFrom as the pool's own (the pools under it follow it).
 */
import { amountText, resolveResource, resourceText, type ResourceAmount, type ResourceValue } from './resource-value.js';
import type { AllocationFile, FairQueue, Located } from './allocation-file.js';
import { resources, type ConfPool, type ConfResources } from './conf-scenario.js';
import type { Policy } from './scheduling-policy.js';

/** Hadoop's defaultFairSharePreemptionThreshold when the file sets none. */
const HADOOP_FAIR_SHARE_THRESHOLD = 0.5;

export interface FairPools {
  readonly pools: ConfPool[];
  readonly options: Record<string, unknown>;
  readonly notes: string[];
}

export function fairPools(file: AllocationFile, total: ResourceAmount): FairPools {
  const notes: string[] = [];
  const { defaults } = file;
  const at = (located: Located<unknown>) => `${file.label}:${located.line}`;
  const rootQueue = file.queues.find((queue) => queue.path === 'root');
  const inherited = {
    minSharePreemptionTimeout: new Map<string, number | undefined>(),
    fairSharePreemptionTimeout: new Map<string, number | undefined>(),
    fairSharePreemptionThreshold: new Map<string, number | undefined>(),
  };
  const rootValue = (key: keyof typeof inherited, fallback: number | undefined) => rootQueue?.fields[key]?.value ?? defaults[key]?.value ?? fallback;
  inherited.minSharePreemptionTimeout.set('root', rootValue('minSharePreemptionTimeout', undefined));
  inherited.fairSharePreemptionTimeout.set('root', rootValue('fairSharePreemptionTimeout', undefined));
  inherited.fairSharePreemptionThreshold.set('root', rootValue('fairSharePreemptionThreshold', HADOOP_FAIR_SHARE_THRESHOLD));

  for (const [key, located] of Object.entries(defaults) as [keyof typeof defaults, Located<unknown> | undefined][]) {
    if (located !== undefined) notes.push(`${at(located)} ${key === 'schedulingPolicy' ? 'defaultQueueSchedulingPolicy' : defaultElement(key)} = '${located.text}'`);
  }
  if (rootQueue !== undefined) notes.push(`${file.label}:${rootQueue.line} queue root: ${fieldsText(rootQueue, total)}`);

  const resolve = (value: ResourceValue): ResourceAmount => resolveResource(value, total);
  const pools: ConfPool[] = [];
  const differing = { minSharePreemptionTimeout: {} as Record<string, number>, fairSharePreemptionTimeout: {} as Record<string, number>, fairSharePreemptionThreshold: {} as Record<string, number> };
  for (const queue of file.queues) {
    if (queue.path === 'root') continue;
    const id = queue.path.replace(/^root\./, '');
    const parentPath = queue.path.slice(0, queue.path.lastIndexOf('.'));
    const { fields } = queue;
    for (const key of Object.keys(inherited) as (keyof typeof inherited)[]) {
      const value = fields[key]?.value ?? inherited[key].get(parentPath);
      inherited[key].set(queue.path, value);
      if (value !== undefined && value !== inherited[key].get('root')) differing[key][id] = value;
    }
    const maxResources = fields.maxResources ?? defaults.queueMaxResources;
    const maxRunning = fields.maxRunningApps ?? defaults.queueMaxApps;
    const policy: Policy = fields.schedulingPolicy?.value ?? defaults.schedulingPolicy?.value ?? 'fair';
    const amShare = queue.parent ? undefined : (fields.maxAMShare ?? defaults.queueMaxAMShare)?.value;
    const pool: ConfPool = {
      id,
      ...(fields.weight === undefined ? {} : { weight: fields.weight.value }),
      ...(fields.minResources === undefined ? {} : { minResources: resourcesOf(resolve(fields.minResources.value)) }),
      ...(maxResources === undefined ? {} : { maxResources: limitOf(resolve(maxResources.value)) }),
      ...(maxRunning === undefined ? {} : { maxRunningJobs: maxRunning.value }),
      schedulingPolicy: policy,
      ...(amShare === undefined ? {} : { maxAmShare: amShare }),
      ...(fields.allowPreemptionFrom === undefined ? {} : { allowPreemptionFrom: fields.allowPreemptionFrom.value }),
    };
    pools.push(pool);
    const inheritedFrom = [
      fields.maxResources === undefined && maxResources !== undefined ? 'maxResources from queueMaxResourcesDefault' : '',
      fields.maxRunningApps === undefined && maxRunning !== undefined ? 'maxRunningApps from queueMaxAppsDefault' : '',
      !queue.parent && fields.maxAMShare === undefined && amShare !== undefined ? `maxAmShare ${amShare} from queueMaxAMShareDefault` : '',
      fields.schedulingPolicy === undefined ? `schedulingPolicy ${policy} from ${defaults.schedulingPolicy === undefined ? "Hadoop's default" : 'defaultQueueSchedulingPolicy'}` : '',
    ].filter((text) => text !== '');
    notes.push(
      `${file.label}:${queue.line} queue ${queue.path} → pool ${id}${queue.parent ? ' (a parent queue: jobs run in its children)' : ''}: ${fieldsText(queue, total)}` +
        (inheritedFrom.length === 0 ? '' : `; ${inheritedFrom.join(', ')}`),
    );
    if (queue.parent && fields.maxAMShare !== undefined) {
      notes.push(`${file.label}:${fields.maxAMShare.line} maxAMShare of parent queue ${queue.path} not used: it applies to leaf queues (recent Hadoop releases refuse it in a parent; the documentation's example still has one)`);
    }
    for (const text of queue.unused) notes.push(`${file.label}: queue ${queue.path}: ${text}`);
  }
  for (const text of file.unused) notes.push(`${file.label} ${text}`);

  const options: Record<string, unknown> = {};
  if (defaults.schedulingPolicy !== undefined) options.schedulingPolicy = defaults.schedulingPolicy.value;
  const rootMin = inherited.minSharePreemptionTimeout.get('root');
  if (rootMin !== undefined) options.defaultMinSharePreemptionTimeout = rootMin;
  if (Object.keys(differing.minSharePreemptionTimeout).length > 0) options.minSharePreemptionTimeouts = differing.minSharePreemptionTimeout;
  const rootFair = inherited.fairSharePreemptionTimeout.get('root');
  if (rootFair !== undefined) options.fairSharePreemptionTimeout = rootFair;
  if (Object.keys(differing.fairSharePreemptionTimeout).length > 0) options.fairSharePreemptionTimeouts = differing.fairSharePreemptionTimeout;
  const rootThreshold = inherited.fairSharePreemptionThreshold.get('root');
  if (rootThreshold !== HADOOP_FAIR_SHARE_THRESHOLD) options.fairSharePreemptionThreshold = rootThreshold;
  if (Object.keys(differing.fairSharePreemptionThreshold).length > 0) options.fairSharePreemptionThresholds = differing.fairSharePreemptionThreshold;
  if (defaults.userMaxApps !== undefined) options.userMaxJobsDefault = defaults.userMaxApps.value;
  if (file.users.size > 0) {
    options.userMaxJobs = Object.fromEntries([...file.users].map(([user, limit]) => [user, limit.value]));
    for (const [user, limit] of file.users) notes.push(`${file.label}:${limit.line} user ${user} maxRunningApps = ${limit.text}: schedulerOptions.fair.userMaxJobs`);
  }
  if (Object.keys(options).length > 0) notes.push(`schedulerOptions.fair from ${file.label}: ${JSON.stringify(options)} (timeouts in seconds; a pool listed under minSharePreemptionTimeouts, fairSharePreemptionTimeouts or fairSharePreemptionThresholds has its own or its parent's value)`);
  if (file.queues.some((queue) => hasShare(queue))) {
    notes.push(`Resources given as percentages are resolved against the cluster's total of ${amountText(total)} (its nodes × their memory and vcores), rounded down as Hadoop rounds`);
  }
  return { pools, options, notes };
}

function hasShare(queue: FairQueue): boolean {
  return Object.values(queue.fields).some((located) => typeof located?.value === 'object' && 'share' in located.value);
}

function resourcesOf(amount: ResourceAmount): ConfResources {
  return resources(amount.memoryMb, amount.vcores);
}

/** A maximum: a resource without a limit is left out. */
function limitOf(amount: ResourceAmount): Partial<ConfResources> {
  const full = resources(amount.memoryMb, amount.vcores);
  return { ...(Number.isFinite(amount.memoryMb) ? { memory: full.memory } : {}), ...(Number.isFinite(amount.vcores) ? { vcores: full.vcores } : {}) };
}

function fieldsText(queue: FairQueue, total: ResourceAmount): string {
  const parts = Object.entries(queue.fields).map(([key, located]) => {
    const value = located.value as unknown;
    if (typeof value === 'object' && value !== null && ('share' in value || 'absolute' in value)) {
      const resource = value as ResourceValue;
      return `${key} '${located.text}'${'share' in resource ? ` (${resourceText(resource)} = ${amountText(resolveResource(resource, total))})` : ''}`;
    }
    return `${key} '${located.text}'`;
  });
  return parts.length === 0 ? 'no settings of its own' : parts.join(', ');
}

function defaultElement(key: string): string {
  const names: Record<string, string> = {
    queueMaxApps: 'queueMaxAppsDefault',
    queueMaxAMShare: 'queueMaxAMShareDefault',
    queueMaxResources: 'queueMaxResourcesDefault',
    userMaxApps: 'userMaxAppsDefault',
    minSharePreemptionTimeout: 'defaultMinSharePreemptionTimeout',
    fairSharePreemptionTimeout: 'defaultFairSharePreemptionTimeout',
    fairSharePreemptionThreshold: 'defaultFairSharePreemptionThreshold',
  };
  return names[key] ?? key;
}
