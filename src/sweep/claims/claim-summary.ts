/**
 * The region where a claim holds, in one sentence: how many cells hold,
 * fail and tie, then the axis that decides the verdict by itself if there
 * is one ("holds where speed ratio is 2 or 4, ties where it is 1, whatever
 * the other axes"), else the few cells that differ from all the others,
 * else the axis values at which every cell agrees.
 */
import type { ClaimVerdict } from './claim.js';
import type { ClaimMapAxis } from './claim-map.js';
import type { ClaimCell } from './judge-claim.js';

const VERBS: Readonly<Record<ClaimVerdict, string>> = { holds: 'holds', fails: 'fails', tie: 'ties', unknown: 'has no interval' };
const ORDER: readonly ClaimVerdict[] = ['holds', 'fails', 'tie', 'unknown'];
/** Statements of agreeing axis values beyond this are left to the table. */
const MAX_STATEMENTS = 4;
/** Cells named one by one as the exceptions to the verdict of all the others. */
const MAX_EXCEPTIONS = 3;

export function regionSummary(axes: readonly ClaimMapAxis[], cells: readonly ClaimCell[]): string {
  if (cells.length === 0) return 'no cell of the grid ran the claimed scheduler';
  const counts = ORDER.map((verdict) => [verdict, cells.filter((c) => c.verdict === verdict).length] as const).filter(([, n]) => n > 0);
  if (counts.length === 1) return `${VERBS[counts[0][0]]} at all ${cells.length} cells`;
  const tally = counts.map(([verdict, n], i) => (i === 0 ? `${VERBS[verdict]} at ${n} of ${cells.length} cells` : `${VERBS[verdict]} at ${n}`)).join(', ');
  const deciding = axes.findIndex((axis, a) => axis.values.length > 1 && axis.values.every((value) => uniformVerdict(cells, a, value) !== null));
  if (deciding >= 0) return `${tally}: ${decidedBy(axes, deciding, cells)}`;
  const [majority, most] = counts.reduce((largest, count) => (count[1] > largest[1] ? count : largest));
  const exceptions = cells.filter((c) => c.verdict !== majority);
  if (exceptions.length <= MAX_EXCEPTIONS && exceptions.length < most) {
    const named = exceptions.map((c) => `${VERBS[c.verdict]} at ${c.coordinates.map((value, a) => `${axes[a].name} = ${value}`).join(', ')}`);
    return `${tally}; the ${exceptions.length === 1 ? 'exception' : 'exceptions'}: ${named.join('; ')}`;
  }
  const statements = axes.flatMap((axis, a) =>
    axis.values.flatMap((value) => {
      const verdict = uniformVerdict(cells, a, value);
      return verdict === null ? [] : [`${VERBS[verdict]} at every cell with ${axis.name} = ${value}`];
    }),
  );
  if (statements.length === 0) return `${tally}; no single axis value decides it`;
  const more = statements.length > MAX_STATEMENTS ? `; and ${statements.length - MAX_STATEMENTS} more such values` : '';
  return `${tally}; ${statements.slice(0, MAX_STATEMENTS).join('; ')}${more}`;
}

/** The verdict every cell with `value` on axis `a` has, or null when they differ (or there are none). */
function uniformVerdict(cells: readonly ClaimCell[], a: number, value: string): ClaimVerdict | null {
  const verdicts = new Set(cells.filter((c) => c.coordinates[a] === value).map((c) => c.verdict));
  return verdicts.size === 1 ? [...verdicts][0] : null;
}

/** "holds where speed ratio is 2 or 4, ties where it is 1, whatever the other axes". */
function decidedBy(axes: readonly ClaimMapAxis[], a: number, cells: readonly ClaimCell[]): string {
  const axis = axes[a];
  const parts = ORDER.flatMap((verdict) => {
    const values = axis.values.filter((value) => uniformVerdict(cells, a, value) === verdict);
    return values.length === 0 ? [] : [{ verdict, values }];
  });
  const phrases = parts.map(({ verdict, values }, i) => `${VERBS[verdict]} where ${i === 0 ? axis.name : 'it'} is ${alternatives(values)}`);
  return `${phrases.join(', ')}${axes.length > 1 ? ', whatever the other axes' : ''}`;
}

/** ['1'] → "1", ['1', '2', '4'] → "1, 2 or 4". */
function alternatives(values: readonly string[]): string {
  return values.length === 1 ? values[0] : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}
