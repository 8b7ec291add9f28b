/**
 * The Capacity Scheduler's queues (capacity-scheduler.xml, or the same
 * properties in yarn-site.xml) as the scenario's pools, by the property
 * names of Hadoop's CapacitySchedulerConfiguration:
 *
 * - `yarn.scheduler.capacity.<path>.queues`: the children of a queue, comma
 *   separated, from `root`; a name may not hold a period nor appear twice
 *   under one parent;
 * - `.capacity`: a percentage of the parent, or a weight `2w`, turned into
 *   the percentage of the siblings' weights Hadoop computes; percentages and
 *   weights may not be mixed under one parent, and percentages given to
 *   every child must sum to 100 (Hadoop refuses both). Absolute resources
 *   (`[memory=…,vcores=…]`) are not read: a problem says so;
 * - `.maximum-capacity` (-1 is 100), `.user-limit-factor`,
 *   `.minimum-user-limit-percent`, each also as a default for every queue
 *   without the queue path;
 * - `yarn.scheduler.capacity.maximum-am-resource-percent` is
 *   settings.yarn.maxAmShare (also each leaf's default); a leaf's own is
 *   its pool's `maxAmShare`.
 * - `resource-calculator`, `per-node-heartbeat.multiple-assignments-enabled`,
 *   `.maximum-container-assignments`, `.maximum-offswitch-assignments`,
 *   `node-locality-delay`, `rack-locality-additional-delay` and
 *   `rack-locality-full-reset` are schedulerOptions.capacity (YARN's
 *   Capacity Scheduler's, on a resource cluster).
 * - The preemption monitor: `yarn.resourcemanager.scheduler.monitor.enable`
 *   with ProportionalCapacityPreemptionPolicy among
 *   `yarn.resourcemanager.scheduler.monitor.policies` (its default) is
 *   schedulerOptions.capacity.preemption, and its
 *   `yarn.resourcemanager.monitor.capacity.preemption.` settings
 *   `monitoring_interval`, `max_wait_before_kill` (ms),
 *   `total_preemption_per_round`, `max_ignored_over_capacity` and
 *   `natural_termination_factor` its options; a queue's
 *   `disable_preemption` is its pool's `allowPreemptionFrom: false`.
 *
 * Every queue, parent or leaf, becomes a pool (its id the path without
 * `root.`, so `root.eng.dev` is `eng.dev` under `eng`), parents before
 * their children, with its capacity and maximum capacity as percentages of
 * its parent, as the scenario format reads them; the user limits go on the
 * leaves, where jobs run. YARN's Capacity Scheduler (on a resource cluster)
 * schedules the tree; Hadoop 1's runs each leaf at its absolute share.
 *
 * Any other queue property (ACLs, state, node labels, ordering policies,
 * auto-created queues, per-queue allocation limits …) and any other global
 * one is named in the notes as not used, with why.
 */
import type { ConfReader } from './conf-reader.js';
import type { ConfPool } from './conf-scenario.js';

const PREFIX = 'yarn.scheduler.capacity.';
const MONITOR = 'yarn.resourcemanager.scheduler.monitor.';
const PREEMPTION = 'yarn.resourcemanager.monitor.capacity.preemption.';
const PROPORTIONAL_POLICY = 'org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy';
/** Hadoop's tolerance on a sum of capacities (CapacitySchedulerConfiguration's PRECISION, in percent). */
const SUM_TOLERANCE = 0.05;

export interface CapacityQueues {
  readonly pools: ConfPool[];
  /** settings.yarn.maxAmShare, when the global maximum-am-resource-percent is set. */
  readonly maxAmShare?: number;
  /** schedulerOptions.capacity: the options set. */
  readonly options: Record<string, unknown>;
}

/** The resource calculators by Hadoop's class names. */
const CALCULATORS: Readonly<Record<string, 'default' | 'dominant'>> = {
  'org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator': 'default',
  'org.apache.hadoop.yarn.util.resource.DominantResourceCalculator': 'dominant',
};

/** Why a queue property is not used, by the start of its name after the queue path. */
const QUEUE_PROPERTY_REASONS: readonly [RegExp, string][] = [
  [/^acl_/, 'ACLs are not modelled: any user may submit to any pool'],
  [/^state$/, 'queue states are not modelled: every pool takes jobs'],
  [/^(accessible-node-labels|default-node-label-expression)/, 'node labels are not modelled'],
  [/^(ordering-policy|fair-sharing)/, "a queue's ordering policy is not modelled: jobs run in submission order within a queue"],
  [/^(auto-create|auto-queue-creation|leaf-queue-template)/, 'queues are not created at run time: pools are the listed ones and those jobs name'],
  [/^maximum-allocation/, 'a per-queue container limit is not modelled (settings.yarn.maximumAllocation is)'],
  [/^(maximum-applications|max-parallel-apps)/, 'a limit on pending applications is not modelled'],
  [/^user-settings\./, 'per-user weights are not modelled'],
  [/^intra-queue-preemption/, 'preemption between the jobs of one queue is not modelled'],
  [/^priority$/, 'queue priorities are not modelled'],
];

/** `expected`: whether the directory has capacity-scheduler.xml, so that missing queues are worth a note. */
export function capacityQueues(reader: ConfReader, expected: boolean): CapacityQueues {
  const global = {
    maxAm: reader.number(`${PREFIX}maximum-am-resource-percent`, { min: 0, max: 1 }, (n) => `settings.yarn.maxAmShare ${n}, and each queue's default`),
    userLimitFactor: reader.number(`${PREFIX}user-limit-factor`, { min: -1 }, (n) => `each queue's default userLimitFactor ${n}`),
    minimumUserLimitPercent: reader.number(`${PREFIX}minimum-user-limit-percent`, { min: 1, max: 100 }, (n) => `each queue's default minimumUserLimitPercent ${n}`),
  };
  const options = schedulerOptions(reader);
  const pools: ConfPool[] = [];
  const paths = new Set(['root']);
  const roots = reader.text(`${PREFIX}root.queues`);
  if (roots === undefined) {
    if (expected) reader.notes.push(`${PREFIX}root.queues not set: no Capacity Scheduler queues (Hadoop's shipped capacity-scheduler.xml names one, default)`);
  } else {
    readChildren(reader, { path: 'root', zero: false }, pools, global, paths);
  }

  const rest = reader.properties.untaken().filter((name) => name.startsWith(PREFIX));
  for (const name of reader.properties.untaken().filter((n) => n.startsWith(PREEMPTION))) reader.ignore(name, 'a setting of the preemption monitor not modelled (observe-only, intra-queue and reserved-container preemption)');
  for (const name of rest) {
    const rel = name.slice(PREFIX.length);
    const path = [...paths].filter((p) => rel.startsWith(`${p}.`)).sort((a, b) => b.length - a.length)[0];
    if (path === undefined) {
      reader.ignore(name, globalReason(rel));
      continue;
    }
    const property = rel.slice(path.length + 1);
    const reason = QUEUE_PROPERTY_REASONS.find(([pattern]) => pattern.test(property))?.[1] ?? 'a queue property not modelled';
    reader.ignore(name, reason);
  }
  return { pools, options, ...(global.maxAm === undefined ? {} : { maxAmShare: global.maxAm }) };
}

/** The scheduler-wide settings schedulerOptions.capacity models. */
function schedulerOptions(reader: ConfReader): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const calculator = reader.text(`${PREFIX}resource-calculator`);
  if (calculator !== undefined) {
    const name = CALCULATORS[calculator.value.trim()];
    if (name === undefined) reader.problem(calculator, `one of ${Object.keys(CALCULATORS).join(', ')}`, `'${calculator.value}'`);
    else {
      reader.read(calculator, `schedulerOptions.capacity.resourceCalculator ${name}`);
      options.resourceCalculator = name;
    }
  }
  const heartbeat = `${PREFIX}per-node-heartbeat.`;
  const multiple = reader.boolean(`${heartbeat}multiple-assignments-enabled`, 'schedulerOptions.capacity.multipleAssignments');
  if (multiple !== undefined) options.multipleAssignments = multiple;
  const maxAssign = reader.number(`${heartbeat}maximum-container-assignments`, { min: -1, whole: true }, (n) => `schedulerOptions.capacity.maxAssign ${n}`);
  // Hadoop reads 0 and below as no limit.
  if (maxAssign !== undefined) options.maxAssign = maxAssign <= 0 ? -1 : maxAssign;
  const offSwitch = reader.number(`${heartbeat}maximum-offswitch-assignments`, { min: 1, whole: true }, (n) => `schedulerOptions.capacity.maxOffSwitchAssign ${n}`);
  if (offSwitch !== undefined) options.maxOffSwitchAssign = offSwitch;
  const nodeDelay = reader.number(`${PREFIX}node-locality-delay`, { min: -1, whole: true }, (n) => `schedulerOptions.capacity.nodeLocalityDelay ${n} (missed scheduling opportunities before a rack-local container)`);
  if (nodeDelay !== undefined) options.nodeLocalityDelay = nodeDelay;
  const rackDelay = reader.number(`${PREFIX}rack-locality-additional-delay`, { min: -1, whole: true }, (n) =>
    n === -1 ? 'schedulerOptions.capacity.rackLocalityAdditionalDelay -1 (off-switch by the locality wait factor)' : `schedulerOptions.capacity.rackLocalityAdditionalDelay ${n} (missed scheduling opportunities past the node-locality delay before an off-switch container)`,
  );
  if (rackDelay !== undefined) options.rackLocalityAdditionalDelay = rackDelay;
  const fullReset = reader.boolean(`${PREFIX}rack-locality-full-reset`, 'schedulerOptions.capacity.rackLocalityFullReset');
  if (fullReset !== undefined) options.rackLocalityFullReset = fullReset;
  Object.assign(options, preemptionOptions(reader));
  return options;
}

/** The preemption monitor's switch and settings (yarn-site.xml). */
function preemptionOptions(reader: ConfReader): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const policies = reader.text(`${MONITOR}policies`);
  const proportional = policies === undefined || policies.value.split(',').some((name) => name.trim() === PROPORTIONAL_POLICY);
  if (policies !== undefined) {
    reader.read(policies, proportional ? 'the proportional capacity preemption policy, when the monitor is enabled' : 'no policy modelled: preemption stays off');
  }
  const enabled = reader.boolean(`${MONITOR}enable`, 'schedulerOptions.capacity.preemption, with the proportional capacity preemption policy');
  if (enabled !== undefined) options.preemption = enabled && proportional;
  const ms = (name: string, option: string) => {
    const value = reader.number(`${PREEMPTION}${name}`, { min: 0, whole: true }, (n) => `schedulerOptions.capacity.${option} ${n / 1000} s`);
    if (value !== undefined) options[option] = value / 1000;
  };
  ms('monitoring_interval', 'preemptionInterval');
  ms('max_wait_before_kill', 'maxWaitBeforeKill');
  for (const [name, option, max] of [
    ['total_preemption_per_round', 'totalPreemptionPerRound', 1],
    ['max_ignored_over_capacity', 'maxIgnoredOverCapacity', undefined],
    ['natural_termination_factor', 'naturalTerminationFactor', 1],
  ] as const) {
    const value = reader.number(`${PREEMPTION}${name}`, { min: 0, ...(max === undefined ? {} : { max }) }, (n) => `schedulerOptions.capacity.${option} ${n}`);
    if (value !== undefined) options[option] = value;
  }
  return options;
}

interface GlobalDefaults {
  readonly maxAm?: number;
  readonly userLimitFactor?: number;
  readonly minimumUserLimitPercent?: number;
}

/** A queue's path, and whether its capacity is zero (its children may then sum to zero too, as Hadoop allows). */
interface QueueShare {
  readonly path: string;
  readonly zero: boolean;
}

function readChildren(reader: ConfReader, of: QueueShare, pools: ConfPool[], global: GlobalDefaults, paths: Set<string>): void {
  const parent = of.path;
  const listed = reader.text(`${PREFIX}${parent}.queues`);
  if (listed === undefined) return;
  const names = listed.value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const seen = new Set<string>();
  const children: string[] = [];
  for (const name of names) {
    if (name.includes('.') || seen.has(name)) {
      reader.problem(listed, 'queue names without periods, each once', `'${name}'${seen.has(name) ? ' twice' : ''}`);
      continue;
    }
    seen.add(name);
    children.push(name);
  }
  reader.read(listed, `${children.length} queue${children.length === 1 ? '' : 's'} under ${parent}: ${children.map((name) => `${parent}.${name}`).join(', ')}`);

  const capacities = children.map((name) => capacityOf(reader, `${parent}.${name}`));
  const weights = capacities.filter((c) => c?.kind === 'weight');
  const percents = capacities.filter((c) => c?.kind === 'percent');
  if (weights.length > 0 && percents.length > 0) {
    reader.problem(listed, `capacities of ${parent}'s children all percentages or all weights (Hadoop refuses a mix)`, `${percents.length} percentages and ${weights.length} weights`);
  }
  const weightSum = weights.reduce((sum, c) => sum + (c?.value ?? 0), 0);
  const percentSum = percents.reduce((sum, c) => sum + (c?.value ?? 0), 0);
  if (percents.length === children.length && children.length > 0 && Math.abs(percentSum - 100) > SUM_TOLERANCE && !(of.zero && percentSum === 0)) {
    reader.problem(listed, `capacities of ${parent}'s children that sum to 100 (as Hadoop requires)`, `a sum of ${+percentSum.toFixed(4)}`);
  }

  children.forEach((name, index) => {
    const path = `${parent}.${name}`;
    const given = capacities[index];
    const capacity = given === undefined ? undefined : given.kind === 'weight' ? (weightSum === 0 ? 0 : (given.value / weightSum) * 100) : given.value;
    const maxCapacity = reader.number(`${PREFIX}${path}.maximum-capacity`, { min: -1, max: 100 }, (n) => `maxCapacity ${n === -1 ? 100 : n} (percent of ${parent})`);
    const userLimitFactor = reader.number(`${PREFIX}${path}.user-limit-factor`, { min: -1 }, (n) => `userLimitFactor ${n}`) ?? global.userLimitFactor;
    const minimumUserLimitPercent =
      reader.number(`${PREFIX}${path}.minimum-user-limit-percent`, { min: 1, max: 100 }, (n) => `minimumUserLimitPercent ${n}`) ?? global.minimumUserLimitPercent;
    const maxAmShare = reader.number(`${PREFIX}${path}.maximum-am-resource-percent`, { min: 0, max: 1 }, (n) => `maxAmShare ${n} (of the queue, for its AMs)`);
    const disablePreemption = reader.boolean(`${PREFIX}${path}.disable_preemption`, 'allowPreemptionFrom (the opposite), for the queue and those under it');
    if (capacity === undefined) {
      reader.notes.push(`${PREFIX}${path}.capacity not set: pool ${idOf(path)} gets no capacity of its own and shares what its siblings leave (recent Hadoop reads 0; older releases refuse a queue without one)`);
    } else if (given?.kind === 'weight') {
      reader.notes.push(`queue ${path}: weight ${given.value} of ${weightSum} under ${parent} = capacity ${round(capacity)}% of ${parent}, as Hadoop turns weights into capacities`);
    }
    paths.add(path);
    const max = maxCapacity === undefined || maxCapacity === -1 ? 100 : maxCapacity;
    const pool: ConfPool = {
      id: idOf(path),
      ...(capacity === undefined ? {} : { capacity: round(capacity) }),
      ...(max === 100 ? {} : { maxCapacity: round(Math.max(max, capacity ?? 0)) }),
      ...(disablePreemption === undefined ? {} : { allowPreemptionFrom: !disablePreemption }),
    };
    const at = pools.length;
    pools.push(pool);
    readChildren(reader, { path, zero: capacity === 0 }, pools, global, paths);
    // User limits are a leaf queue's: jobs run there.
    if (pools.length === at + 1) {
      pools[at] = {
        ...pool,
        ...(userLimitFactor === undefined ? {} : { userLimitFactor }),
        ...(minimumUserLimitPercent === undefined ? {} : { minimumUserLimitPercent }),
        ...(maxAmShare === undefined ? {} : { maxAmShare }),
      };
    } else if (maxAmShare !== undefined) {
      reader.notes.push(`${PREFIX}${path}.maximum-am-resource-percent not used: ${path} is a parent queue, and the limit is a leaf's`);
    }
  });
}

/** A queue's capacity: a percentage or a weight; absolute resources are a problem. */
function capacityOf(reader: ConfReader, path: string): { kind: 'percent' | 'weight'; value: number } | undefined {
  const found = reader.text(`${PREFIX}${path}.capacity`);
  if (found === undefined) return undefined;
  const text = found.value.trim();
  const weight = /^(\d+(?:\.\d*)?|\.\d+)w$/.exec(text);
  if (weight !== null) {
    reader.read(found, `weight ${weight[1]}`);
    return { kind: 'weight', value: Number(weight[1]) };
  }
  const percent = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (percent >= 0 && percent <= 100) {
    reader.read(found, `capacity ${percent} (percent of the parent queue)`);
    return { kind: 'percent', value: percent };
  }
  const absolute = text.startsWith('[');
  reader.problem(found, 'a percentage from 0 to 100 or a weight like 2w' + (absolute ? ' (absolute resources are not read by this importer: give percentages or weights)' : ''), `'${found.value}'`);
  return undefined;
}

function globalReason(name: string): string {
  if (name.startsWith('queue-mappings')) return 'queue placement: each job runs in the pool it names';
  if (name === 'maximum-applications') return 'a limit on pending applications is not modelled';
  return 'a Capacity Scheduler setting not modelled';
}

/** A pool id: the queue path without `root.`. */
function idOf(path: string): string {
  return path.replace(/^root\./, '');
}

function round(n: number): number {
  return +n.toFixed(6);
}

