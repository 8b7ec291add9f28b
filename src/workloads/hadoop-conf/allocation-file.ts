/**
 * The Fair Scheduler's allocation file (`fair-scheduler.xml`), read by the
 * rules of Hadoop's AllocationFileLoaderService and its allocation/ parsers:
 *
 * - the root element is `<allocations>`;
 * - `<queue name>` (or `<pool name>`, the old name) elements nest; a queue
 *   named `root` at the top holds the others and may not stand beside them;
 *   a name is trimmed of white space (a no-break space too), may not be empty
 *   and may not hold a period; `type="parent"` makes a queue a parent
 *   without children;
 * - a queue's fields: weight, minResources, maxResources, maxChildResources,
 *   maxContainerAllocation (resource-value.ts), maxRunningApps, maxAMShare
 *   (at most 1; -1 turns the check off), schedulingPolicy or schedulingMode,
 *   minSharePreemptionTimeout and fairSharePreemptionTimeout (whole
 *   seconds), fairSharePreemptionThreshold (clamped to 0–1),
 *   allowPreemptionFrom, reservation, and the ACLs;
 * - a `<reservation>` in a parent queue is an error;
 * - top-level defaults: queueMaxAppsDefault, queueMaxAMShareDefault,
 *   queueMaxResourcesDefault, userMaxAppsDefault,
 *   defaultQueueSchedulingPolicy (or …Mode; `fifo` is an error),
 *   defaultMinSharePreemptionTimeout, defaultFairSharePreemptionTimeout
 *   (the older `fairSharePreemptionTimeout` when it is absent),
 *   defaultFairSharePreemptionThreshold; `<user name>` with maxRunningApps;
 *   queuePlacementPolicy and the reservation-* elements.
 *
 * A value Hadoop cannot parse stops it at load; here it is a problem at its
 * line, all of them reported together. An element Hadoop does not know is a
 * problem too, with the nearest known name: Hadoop skips it (with a warning
 * at the top level, silently in a queue), which lets a misspelt element
 * change a cluster without a word.
 */
import { basename } from 'node:path';
import { InputError, type InputProblem } from '../../util/input-error.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { readConfText } from './conf-directory.js';
import { parseResourceValue, type MissingResource, type ResourceValue } from './resource-value.js';
import { parsePolicy, POLICY_EXPECTED, type Policy } from './scheduling-policy.js';
import { parseXml, trimmedText, type XmlElement } from './xml-tree.js';

/** A value with where it was written, for notes. */
export interface Located<T> {
  readonly value: T;
  readonly text: string;
  readonly line: number;
}

export interface QueueFields {
  weight?: Located<number>;
  minResources?: Located<ResourceValue>;
  maxResources?: Located<ResourceValue>;
  maxRunningApps?: Located<number>;
  maxAMShare?: Located<number>;
  schedulingPolicy?: Located<Policy>;
  minSharePreemptionTimeout?: Located<number>;
  fairSharePreemptionTimeout?: Located<number>;
  fairSharePreemptionThreshold?: Located<number>;
  allowPreemptionFrom?: Located<boolean>;
}

export interface FairQueue {
  /** Hadoop's full name: `root.parent.child`. */
  readonly path: string;
  readonly line: number;
  readonly parent: boolean;
  readonly fields: QueueFields;
  /** Elements read but not modelled, one phrase each. */
  readonly unused: readonly string[];
}

export interface AllocationDefaults {
  queueMaxApps?: Located<number>;
  queueMaxAMShare?: Located<number>;
  queueMaxResources?: Located<ResourceValue>;
  userMaxApps?: Located<number>;
  schedulingPolicy?: Located<Policy>;
  minSharePreemptionTimeout?: Located<number>;
  fairSharePreemptionTimeout?: Located<number>;
  fairSharePreemptionThreshold?: Located<number>;
}

export interface AllocationFile {
  readonly label: string;
  /** Every queue, parents before their children, root first when the file configures it. */
  readonly queues: readonly FairQueue[];
  readonly defaults: AllocationDefaults;
  readonly users: ReadonlyMap<string, Located<number>>;
  /** Top-level elements read but not modelled, one phrase each. */
  readonly unused: readonly string[];
}

const QUEUE_TAGS = ['queue', 'pool'];
const ACLS = ['aclSubmitApps', 'aclAdministerApps', 'aclAdministerReservations', 'aclListReservations', 'aclSubmitReservations'];
const QUEUE_ELEMENTS = [
  ...QUEUE_TAGS,
  'weight',
  'minResources',
  'maxResources',
  'maxChildResources',
  'maxContainerAllocation',
  'maxRunningApps',
  'maxAMShare',
  'schedulingPolicy',
  'schedulingMode',
  'minSharePreemptionTimeout',
  'fairSharePreemptionTimeout',
  'fairSharePreemptionThreshold',
  'allowPreemptionFrom',
  'reservation',
  ...ACLS,
];
const TOP_ELEMENTS = [
  ...QUEUE_TAGS,
  'user',
  'queueMaxAppsDefault',
  'queueMaxAMShareDefault',
  'queueMaxResourcesDefault',
  'userMaxAppsDefault',
  'defaultQueueSchedulingPolicy',
  'defaultQueueSchedulingMode',
  'defaultMinSharePreemptionTimeout',
  'defaultFairSharePreemptionTimeout',
  'fairSharePreemptionTimeout',
  'defaultFairSharePreemptionThreshold',
  'queuePlacementPolicy',
  'reservation-agent',
  'reservation-policy',
  'reservation-planner',
];
/** Java's Integer.MAX_VALUE and Long's seconds: Hadoop's parse limits. */
const INT_MAX = 2 ** 31 - 1;
const SECONDS_MAX = Math.floor(Number.MAX_SAFE_INTEGER / 1000);

export function readAllocationFile(path: string): AllocationFile {
  const parsed = parseXml(readConfText(path, 'a Fair Scheduler allocation file (<allocations> with <queue> elements)'));
  if (!parsed.ok) throw new InputError(path, parsed.problems);
  return allocationFileOf(path, parsed.root);
}

export function allocationFileOf(path: string, root: XmlElement): AllocationFile {
  const reader = new ElementReader();
  if (root.name !== 'allocations') {
    throw new InputError(path, [{ path: '', line: root.line, column: root.column, expected: 'the root element <allocations>', found: `<${root.name}>` }]);
  }
  const defaults: AllocationDefaults = {};
  const users = new Map<string, Located<number>>();
  const unused: string[] = [];
  const queueElements: XmlElement[] = [];
  let legacyFairTimeout: Located<number> | undefined;
  for (const element of root.children) {
    if (!TOP_ELEMENTS.includes(element.name)) {
      reader.unknown(element, TOP_ELEMENTS, '<allocations>');
      continue;
    }
    switch (element.name) {
      case 'queue':
      case 'pool':
        queueElements.push(element);
        break;
      case 'user':
        readUser(element, users, reader);
        break;
      case 'queueMaxAppsDefault':
        defaults.queueMaxApps = reader.whole(element, 0, INT_MAX);
        break;
      case 'userMaxAppsDefault':
        defaults.userMaxApps = reader.whole(element, 0, INT_MAX);
        break;
      case 'queueMaxAMShareDefault':
        defaults.queueMaxAMShare = reader.amShare(element);
        break;
      case 'queueMaxResourcesDefault':
        defaults.queueMaxResources = reader.resource(element, 'unbounded');
        break;
      case 'defaultQueueSchedulingPolicy':
      case 'defaultQueueSchedulingMode': {
        const policy = reader.policy(element);
        if (policy?.value === 'fifo') reader.problem(element, 'fair or drf (a default policy may not be fifo, as in Hadoop)', `'${policy.text}'`);
        else defaults.schedulingPolicy = policy;
        break;
      }
      case 'defaultMinSharePreemptionTimeout':
        defaults.minSharePreemptionTimeout = reader.whole(element, 0, SECONDS_MAX);
        break;
      case 'defaultFairSharePreemptionTimeout':
        defaults.fairSharePreemptionTimeout = reader.whole(element, 0, SECONDS_MAX);
        break;
      case 'fairSharePreemptionTimeout':
        legacyFairTimeout = reader.whole(element, 0, SECONDS_MAX);
        break;
      case 'defaultFairSharePreemptionThreshold':
        defaults.fairSharePreemptionThreshold = reader.threshold(element);
        break;
      case 'queuePlacementPolicy':
        unused.push(`line ${element.line}: <queuePlacementPolicy> not used: each job runs in the pool it names (placement rules are not modelled)`);
        break;
      default:
        unused.push(`line ${element.line}: <${element.name}> not used: the reservation system is not modelled`);
    }
  }
  defaults.fairSharePreemptionTimeout ??= legacyFairTimeout;

  const queues: FairQueue[] = [];
  const rootElement = queueElements.find((element) => queueName(element).toLowerCase() === 'root');
  if (rootElement !== undefined && queueElements.length > 1) {
    reader.problem(rootElement, 'a root queue alone at the top, holding every other queue (as Hadoop requires)', `${queueElements.length - 1} other queues beside it`);
  } else if (rootElement !== undefined) {
    readQueue(rootElement, undefined, queues, reader);
  } else {
    for (const element of queueElements) readQueue(element, 'root', queues, reader);
  }
  if (reader.problems.length > 0) throw new InputError(path, reader.problems);
  return { label: basename(path), queues, defaults, users, unused };
}

/** A queue's name attribute, trimmed of white space as Hadoop trims it (a no-break space too). */
function queueName(element: XmlElement): string {
  return (element.attributes.name ?? '').replace(/^[\s\u00a0]+|[\s\u00a0]+$/g, '');
}

function readQueue(element: XmlElement, parentPath: string | undefined, queues: FairQueue[], reader: ElementReader): void {
  const name = queueName(element);
  if (name === '') {
    reader.problem(element, 'a queue name that is not empty or white space', `name='${element.attributes.name ?? ''}'`);
    return;
  }
  if (name.includes('.')) {
    reader.problem(element, 'a queue name without a period (periods separate the levels of a queue path)', `'${name}'`);
    return;
  }
  const path = parentPath === undefined ? name.toLowerCase() : `${parentPath}.${name}`;
  const fields: QueueFields = {};
  const unused: string[] = [];
  const children: XmlElement[] = [];
  let reservation: XmlElement | undefined;
  for (const field of element.children) {
    if (!QUEUE_ELEMENTS.includes(field.name)) {
      reader.unknown(field, QUEUE_ELEMENTS, `queue ${path}`);
      continue;
    }
    switch (field.name) {
      case 'queue':
      case 'pool':
        children.push(field);
        break;
      case 'weight':
        fields.weight = reader.number(field, 0, Number.MAX_VALUE);
        break;
      case 'minResources':
      case 'maxResources':
        fields[field.name] = reader.resource(field, field.name === 'minResources' ? 'zero' : 'unbounded');
        break;
      case 'maxChildResources':
        if (reader.resource(field, 'unbounded') !== undefined) unused.push(`maxChildResources '${trimmedText(field)}' (line ${field.line}) not used: pools are not created at run time`);
        break;
      case 'maxContainerAllocation':
        if (reader.resource(field, 'unbounded') !== undefined) unused.push(`maxContainerAllocation '${trimmedText(field)}' (line ${field.line}) not used: a per-pool container limit is not modelled (settings.yarn.maximumAllocation is)`);
        break;
      case 'maxRunningApps':
        fields.maxRunningApps = reader.whole(field, 0, INT_MAX);
        break;
      case 'maxAMShare':
        fields.maxAMShare = reader.amShare(field);
        break;
      case 'schedulingPolicy':
      case 'schedulingMode':
        fields.schedulingPolicy = reader.policy(field);
        break;
      case 'minSharePreemptionTimeout':
      case 'fairSharePreemptionTimeout':
        fields[field.name] = reader.whole(field, 0, SECONDS_MAX);
        break;
      case 'fairSharePreemptionThreshold':
        fields.fairSharePreemptionThreshold = reader.threshold(field);
        break;
      case 'allowPreemptionFrom':
        fields.allowPreemptionFrom = reader.boolean(field);
        break;
      case 'reservation':
        reservation = field;
        unused.push(`<reservation> (line ${field.line}) not used: the reservation system is not modelled`);
        break;
      default:
        unused.push(`${field.name} (line ${field.line}) not used: ACLs are not modelled, any user may submit to any pool`);
    }
  }
  const parent = children.length > 0 || element.attributes.type === 'parent';
  if (parent && reservation !== undefined) {
    reader.problem(reservation, `no <reservation> in a parent queue (a queue with child queues or type="parent"), as in Hadoop`, `one in ${path}`);
  }
  queues.push({ path, line: element.line, parent, fields, unused });
  for (const child of children) readQueue(child, path, queues, reader);
}

function readUser(element: XmlElement, users: Map<string, Located<number>>, reader: ElementReader): void {
  const name = element.attributes.name ?? '';
  if (name.trim() === '') reader.problem(element, 'a user name', 'none');
  for (const field of element.children) {
    if (field.name !== 'maxRunningApps') reader.unknown(field, ['maxRunningApps'], `user ${name}`);
    else {
      const limit = reader.whole(field, 0, INT_MAX);
      if (limit !== undefined) users.set(name, limit);
    }
  }
}

/** Reads elements' text as values, collecting the problems. */
class ElementReader {
  readonly problems: InputProblem[] = [];

  problem(element: XmlElement, expected: string, found: string): void {
    this.problems.push({ path: element.name, line: element.line, column: element.column, expected, found });
  }

  unknown(element: XmlElement, known: readonly string[], within: string): void {
    this.problem(element, `an element Hadoop reads in ${within}`, `<${element.name}>${didYouMean(element.name, known)}`);
  }

  private text(element: XmlElement): string | undefined {
    const text = trimmedText(element);
    if (text === '') this.problem(element, 'a value', 'an empty element');
    return text === '' ? undefined : text;
  }

  whole(element: XmlElement, min: number, max: number): Located<number> | undefined {
    const text = this.text(element);
    if (text === undefined) return undefined;
    const value = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      this.problem(element, `a whole number from ${min} to ${max.toLocaleString('en')}`, `'${text}'`);
      return undefined;
    }
    return { value, text, line: element.line };
  }

  number(element: XmlElement, min: number, max: number): Located<number> | undefined {
    const text = this.text(element);
    if (text === undefined) return undefined;
    const value = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(text) ? Number.parseFloat(text) : Number.NaN;
    if (!(value >= min && value <= max)) {
      this.problem(element, `a number ≥ ${min}`, `'${text}'`);
      return undefined;
    }
    return { value, text, line: element.line };
  }

  /** A maxAMShare: at most 1 (larger is cut to 1, as Hadoop cuts it), or -1 for no check. */
  amShare(element: XmlElement): Located<number> | undefined {
    const read = this.number(element, -1, Number.MAX_VALUE);
    if (read === undefined) return undefined;
    if (read.value < 0 && read.value !== -1) {
      this.problem(element, 'a fraction from 0 to 1, or -1 for no limit', `'${read.text}'`);
      return undefined;
    }
    return { ...read, value: Math.min(read.value, 1) };
  }

  /** true or false, in any case (Hadoop reads anything but true as false; a typo here is a problem instead). */
  boolean(element: XmlElement): Located<boolean> | undefined {
    const text = this.text(element);
    if (text === undefined) return undefined;
    const lower = text.toLowerCase();
    if (lower !== 'true' && lower !== 'false') {
      this.problem(element, 'true or false', `'${text}'`);
      return undefined;
    }
    return { value: lower === 'true', text, line: element.line };
  }

  /** A fair share preemption threshold, clamped to 0–1 as Hadoop clamps it. */
  threshold(element: XmlElement): Located<number> | undefined {
    const read = this.number(element, -Number.MAX_VALUE, Number.MAX_VALUE);
    return read === undefined ? undefined : { ...read, value: Math.max(0, Math.min(1, read.value)) };
  }

  resource(element: XmlElement, missing: MissingResource): Located<ResourceValue> | undefined {
    const text = this.text(element);
    if (text === undefined) return undefined;
    const result = parseResourceValue(text, missing);
    if (!result.ok) {
      this.problem(element, result.expected, result.found);
      return undefined;
    }
    return { value: result.value, text, line: element.line };
  }

  policy(element: XmlElement): Located<Policy> | undefined {
    const text = this.text(element);
    if (text === undefined) return undefined;
    const value = parsePolicy(text);
    if (value === undefined) {
      this.problem(element, POLICY_EXPECTED, `'${text}'`);
      return undefined;
    }
    return { value, text, line: element.line };
  }
}
