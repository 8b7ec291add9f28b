/**
 * The decision protocol's version and the messages a scheduler process
 * sends, read and checked here (docs/decision-protocol.md). Each is one line
 * of JSON: `hello` answers mrsched's hello, `ready` a run, `decisions` an
 * offer, a wake or the events of an instant; while it answers an offer, a
 * process may first ask the port's look-ups (`findMap`, `findReduce`,
 * `mayBackUp`), each answered at once. A message that is not what the
 * protocol says is a `ProtocolError` naming the message, the field, what
 * was expected and what was found.
 */
import { PolicyError, type LocalityLevel } from '../../sched/index.js';
import type { TaskKind } from '../../model/run-record.js';

/** The protocol's version: a process answers hello with the same number, or is refused. */
export const PROTOCOL_VERSION = 1;

/** A process's hello: the name its runs go by, whether its declines may be taken as lasting (`Policy.declinesUntilStateChanges`), and whether it answers events alone. */
export interface ProcessHello {
  readonly name: string;
  readonly summary: string;
  readonly declinesUntilStateChanges: boolean;
  /** False: it decides nothing on events alone, so they wait for the next offer or wake rather than have a message at their instant. */
  readonly eventsNeedAnswers: boolean;
}

/** One decision of a `decisions` message, its job still an index. */
export type ProcessDecision =
  | { readonly do: 'launch'; readonly kind: TaskKind; readonly job: number; readonly task: number }
  | { readonly do: 'kill'; readonly kind: TaskKind; readonly job: number; readonly task: number }
  | { readonly do: 'wake'; readonly at: number };

const LEVELS = ['node', 'rack', 'off-rack'] as const;

/** A look-up a process asks while it answers an offer: the port's, on the offered node, now. */
export type ProcessQuery =
  | { readonly type: 'findMap'; readonly job: number; readonly level: LocalityLevel }
  | { readonly type: 'findReduce'; readonly job: number }
  | { readonly type: 'mayBackUp'; readonly kind: TaskKind };

/** A scheduler process sent a message the protocol does not allow: a bug in the process, as a `PolicyError` is. */
export class ProtocolError extends PolicyError {
  constructor(policy: string, message: string, field: string, expected: string, found: string) {
    super(policy, '');
    this.name = 'ProtocolError';
    this.message = `scheduler process '${policy}' sent a bad message: ${message}${field === '' ? '' : `, field ${field}`}: expected ${expected}, found ${found}`;
  }
}

/** The registry's rule for a scheduler's name. */
const NAME = /^[A-Za-z0-9_-]+$/;

/** Reads the messages of one process, `policy` naming it in errors. */
export class ProcessMessages {
  constructor(private readonly policy: string) {}

  /** The answer to mrsched's hello. */
  hello(line: string): ProcessHello {
    const what = 'the answer to hello';
    const message = this.object(line, what, ['hello']);
    if (message.protocol !== PROTOCOL_VERSION) {
      this.fail(what, 'protocol', `protocol version ${PROTOCOL_VERSION} (this mrsched speaks no other)`, shown(message.protocol));
    }
    if (typeof message.name !== 'string' || !NAME.test(message.name)) this.fail(what, 'name', "a scheduler name: letters, digits, '-' and '_'", shown(message.name));
    const summary = message.summary ?? '';
    if (typeof summary !== 'string') this.fail(what, 'summary', 'a string, or none', shown(summary));
    const declines = message.declinesUntilStateChanges ?? false;
    if (typeof declines !== 'boolean') this.fail(what, 'declinesUntilStateChanges', 'true or false, or none (false)', shown(declines));
    const eventsNeedAnswers = message.eventsNeedAnswers ?? true;
    if (typeof eventsNeedAnswers !== 'boolean') this.fail(what, 'eventsNeedAnswers', 'true or false, or none (true)', shown(eventsNeedAnswers));
    return { name: message.name, summary, declinesUntilStateChanges: declines, eventsNeedAnswers };
  }

  /** The answer to a run's start. */
  ready(line: string): void {
    this.object(line, 'the answer to run', ['ready']);
  }

  /** The answer to a wake or the events of an instant; `what` names it for errors. */
  decisions(line: string, what: string): ProcessDecision[] {
    return this.decisionList(this.object(line, what, ['decisions']), what, false);
  }

  /** A message while the process answers an offer: its decisions, or a look-up it asks first. */
  offerAnswer(line: string, what: string): ProcessDecision[] | ProcessQuery {
    const message = this.object(line, what, ['decisions', 'findMap', 'findReduce', 'mayBackUp']);
    if (message.type === 'decisions') return this.decisionList(message, what, true);
    const where = `a ${message.type as string} look-up in ${what}`;
    if (message.type === 'mayBackUp') {
      if (message.kind !== 'map' && message.kind !== 'reduce') this.fail(where, 'kind', "'map' or 'reduce'", shown(message.kind));
      return { type: 'mayBackUp', kind: message.kind };
    }
    const job = message.job;
    if (typeof job !== 'number' || !Number.isInteger(job) || job < 0) this.fail(where, 'job', 'a job index (a whole number ≥ 0)', shown(job));
    if (message.type === 'findReduce') return { type: 'findReduce', job };
    const level = LEVELS.indexOf(message.level as (typeof LEVELS)[number]);
    if (level < 0) this.fail(where, 'level', "'node', 'rack' or 'off-rack'", shown(message.level));
    return { type: 'findMap', job, level: level as LocalityLevel };
  }

  private decisionList(message: Record<string, unknown>, what: string, mayLaunch: boolean): ProcessDecision[] {
    const list = message.decisions;
    if (!Array.isArray(list)) this.fail(what, 'decisions', 'a list of decisions (empty to decline)', shown(list));
    return list.map((decision: unknown, i) => this.decision(decision, what, `decisions[${i}]`, mayLaunch));
  }

  private decision(value: unknown, what: string, field: string, mayLaunch: boolean): ProcessDecision {
    if (!isObject(value)) this.fail(what, field, 'a decision object', shown(value));
    if (value.do === 'wake') {
      if (typeof value.at !== 'number' || !Number.isFinite(value.at)) this.fail(what, `${field}.at`, 'a time in seconds (a finite number)', shown(value.at));
      return { do: 'wake', at: value.at };
    }
    if (value.do === 'launch' && !mayLaunch) this.fail(what, `${field}.do`, "'kill' or 'wake' (tasks launch only in answer to an offer)", shown(value.do));
    if (value.do !== 'launch' && value.do !== 'kill') this.fail(what, `${field}.do`, "'launch', 'kill' or 'wake'", shown(value.do));
    if (value.kind !== 'map' && value.kind !== 'reduce') this.fail(what, `${field}.kind`, "'map' or 'reduce'", shown(value.kind));
    for (const key of ['job', 'task'] as const) {
      const index = value[key];
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) this.fail(what, `${field}.${key}`, `a ${key} index (a whole number ≥ 0)`, shown(index));
    }
    return { do: value.do, kind: value.kind, job: value.job as number, task: value.task as number };
  }

  /** The line as a JSON object of one of `types`. */
  private object(line: string, what: string, types: readonly string[]): Record<string, unknown> {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.fail(what, '', 'one line of JSON', shown(line));
    }
    if (!isObject(message)) this.fail(what, '', 'a JSON object', shown(message));
    if (!types.includes(message.type as string)) this.fail(what, 'type', types.map((type) => `'${type}'`).join(' or '), shown(message.type));
    return message;
  }

  private fail(what: string, field: string, expected: string, found: string): never {
    throw new ProtocolError(this.policy, what, field, expected, found);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as an error shows it: JSON, cut to a readable length. */
function shown(value: unknown): string {
  if (value === undefined) return 'none';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
