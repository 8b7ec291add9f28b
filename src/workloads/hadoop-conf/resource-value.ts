/**
 * The Fair Scheduler's resource strings (minResources, maxResources,
 * maxChildResources, queueMaxResourcesDefault), read by the rules of
 * Hadoop's FairSchedulerConfiguration.parseResourceConfigValue:
 *
 * - with `=`, the new form: `memory-mb=1024, vcores=2` (whole numbers, no
 *   units), or `memory-mb=40%, vcores=75%` when any `%` appears (then every
 *   value must be a percentage). A resource left out is 0 in a minimum and
 *   unbounded in a maximum; in the percentage form it is 100%.
 * - else with `%`, the old percentage form: `50%` for both resources, or
 *   `40% memory, 60% cpu` (both then required, in any order and case).
 * - else the old absolute form: `1024 mb, 2 vcores`, searched for in any
 *   order and case, spaces optional, a fraction cut off (`5120.3 mb` is
 *   5120 MB); both required.
 *
 * A negative amount is an error everywhere, as in Hadoop. Only memory and
 * vcores are modelled: another resource type in the new form is an error
 * (Hadoop too refuses a resource its resource-types do not declare).
 */
import { didYouMean } from '../../util/did-you-mean.js';

/** Memory in MB and vcores; `Infinity` for a resource without a limit. */
export interface ResourceAmount {
  readonly memoryMb: number;
  readonly vcores: number;
}

/** Fractions of the cluster's resources (0.5 is 50%). */
export interface ResourceShare {
  readonly memory: number;
  readonly vcores: number;
}

export type ResourceValue = { readonly absolute: ResourceAmount } | { readonly share: ResourceShare };

export type ResourceResult = { readonly ok: true; readonly value: ResourceValue } | { readonly ok: false; readonly expected: string; readonly found: string };

/** What a resource left out of the new absolute form is: a minimum's 0, a maximum's no limit. */
export type MissingResource = 'zero' | 'unbounded';

const RESOURCE_NAMES = ['memory-mb', 'vcores'] as const;
const FORMS = "a resource like '1024 mb, 2 vcores', 'memory-mb=1024, vcores=2', '50%', '40% memory, 60% cpu' or 'memory-mb=40%, vcores=75%'";
const INT_MAX = 2 ** 31 - 1;

export function parseResourceValue(text: string, missing: MissingResource): ResourceResult {
  const value = text.trim();
  const fail = (found: string): ResourceResult => ({ ok: false, expected: FORMS, found });
  if (value === '') return fail('an empty value');
  if (value.includes('=')) return newForm(value, missing);
  if (value.includes('%')) return oldPercentages(value.toLowerCase(), fail);
  return oldAbsolute(value.toLowerCase(), fail);
}

function newForm(value: string, missing: MissingResource): ResourceResult {
  const asPercent = value.includes('%');
  const given = new Map<string, number>();
  for (const part of value.split(',')) {
    const pieces = part.split('=');
    if (pieces.length !== 2) return { ok: false, expected: 'every resource as name=value', found: `'${part.trim()}' in '${value}'` };
    const name = pieces[0].trim();
    const amount = pieces[1].trim();
    if (!(RESOURCE_NAMES as readonly string[]).includes(name)) {
      return { ok: false, expected: `resources named ${RESOURCE_NAMES.join(' or ')} (the only ones modelled)`, found: `'${name}'${didYouMean(name, RESOURCE_NAMES)}` };
    }
    if (asPercent) {
      const percent = /^(-?\d+(?:\.\d*)?)\s*%$/.exec(amount);
      if (percent === null || Number(percent[1]) < 0) {
        return { ok: false, expected: `every value a percentage ≥ 0 (any % makes them all percentages)`, found: `${name}='${amount}'` };
      }
      given.set(name, Number(percent[1]) / 100);
    } else {
      if (!/^-?\d+$/.test(amount)) return { ok: false, expected: 'whole numbers without units (memory-mb in MB)', found: `${name}='${amount}'` };
      const number = Number(amount);
      if (number < 0) return { ok: false, expected: `${name} ≥ 0`, found: amount };
      given.set(name, number);
    }
  }
  if (asPercent) return { ok: true, value: { share: { memory: given.get('memory-mb') ?? 1, vcores: given.get('vcores') ?? 1 } } };
  const absent = missing === 'zero' ? 0 : Infinity;
  return { ok: true, value: { absolute: { memoryMb: given.get('memory-mb') ?? absent, vcores: given.get('vcores') ?? absent } } };
}

function oldPercentages(value: string, fail: (found: string) => ResourceResult): ResourceResult {
  const parts = value.split(',');
  const find = (unit: string): number | string => {
    const match = new RegExp(String.raw`(-?\d+(?:\.\d*)?)\s*%\s*` + unit).exec(unit === '' ? parts[0] : value);
    if (match === null) return unit === '' ? `'${value}' (no percentage)` : `'${value}' (no percentage of ${unit})`;
    const percent = Number(match[1]);
    return percent < 0 ? `'${value}' (a negative percentage)` : percent / 100;
  };
  if (parts.length === 1) {
    const both = find('');
    return typeof both === 'string' ? fail(both) : { ok: true, value: { share: { memory: both, vcores: both } } };
  }
  const memory = find('memory');
  if (typeof memory === 'string') return fail(memory);
  const vcores = find('cpu');
  if (typeof vcores === 'string') return fail(vcores);
  return { ok: true, value: { share: { memory, vcores } } };
}

function oldAbsolute(value: string, fail: (found: string) => ResourceResult): ResourceResult {
  const find = (unit: string): number | string => {
    const match = new RegExp(String.raw`(-?\d+)(?:\.\d*)?\s*` + unit).exec(value);
    if (match === null) return `'${value}' (no ${unit === 'mb' ? 'memory in mb' : 'vcores'})`;
    const amount = Number(match[1]);
    if (amount < 0) return `'${value}' (negative ${unit === 'mb' ? 'memory' : 'vcores'})`;
    if (amount > INT_MAX) return `'${value}' (${unit === 'mb' ? 'memory' : 'vcores'} past ${INT_MAX}, Hadoop's limit)`;
    return amount;
  };
  const memoryMb = find('mb');
  if (typeof memoryMb === 'string') return fail(memoryMb);
  const vcores = find('vcores');
  if (typeof vcores === 'string') return fail(vcores);
  return { ok: true, value: { absolute: { memoryMb, vcores } } };
}

/** The value in MB and vcores on a cluster of `total`: shares rounded down, as Hadoop multiplies and rounds down. */
export function resolveResource(value: ResourceValue, total: ResourceAmount): ResourceAmount {
  if ('absolute' in value) return value.absolute;
  return { memoryMb: Math.floor(total.memoryMb * value.share.memory), vcores: Math.floor(total.vcores * value.share.vcores) };
}

/** `1024 mb, 2 vcores` / `40% memory, 75% vcores`, for notes. */
export function resourceText(value: ResourceValue): string {
  if ('share' in value) return `${+(value.share.memory * 100).toFixed(4)}% memory, ${+(value.share.vcores * 100).toFixed(4)}% vcores`;
  return amountText(value.absolute);
}

export function amountText(amount: ResourceAmount): string {
  const part = (n: number, unit: string) => (Number.isFinite(n) ? `${n} ${unit}` : `no ${unit} limit`);
  return `${part(amount.memoryMb, 'MB')}, ${part(amount.vcores, 'vcores')}`;
}
