/**
 * The remote cost w_rem(r) of the Hadoop cost model (HMR) in "Assigning Tasks
 * for Efficiency in Hadoop" (Fischer, Su, Yin, SPAA 2010): what a remote task
 * costs when r tasks in all are remote. The paper asks only that it be
 * monotone (w_loc ≤ w_rem(0) ≤ w_rem(1) ≤ …); we offer the three forms people
 * write: a constant, a line a + b·r, and a table [w0, w1, …] whose last value
 * holds for every larger r.
 */

export type RemoteCost =
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'linear'; readonly base: number; readonly perRemote: number }
  | { readonly kind: 'table'; readonly values: readonly number[] };

export function remoteCostAt(cost: RemoteCost, remote: number): number {
  switch (cost.kind) {
    case 'constant':
      return cost.value;
    case 'linear':
      return cost.base + cost.perRemote * remote;
    case 'table':
      return cost.values[Math.min(remote, cost.values.length - 1)];
  }
}

/** Why the cost breaks the model's rules (finite, monotone, w_rem(0) ≥ w_loc), or undefined when it keeps them. */
export function remoteCostProblem(cost: RemoteCost, wLoc: number): { expected: string; found: string } | undefined {
  const values = cost.kind === 'constant' ? [cost.value] : cost.kind === 'linear' ? [cost.base, cost.perRemote] : cost.values;
  if (values.length === 0) return { expected: 'a table with at least one value', found: 'an empty table' };
  if (!values.every(Number.isFinite)) return { expected: 'finite numbers', found: values.join(', ') };
  if (cost.kind === 'linear' && cost.perRemote < 0) {
    return { expected: 'perRemote ≥ 0 (w_rem must not fall as remote tasks are added)', found: String(cost.perRemote) };
  }
  if (cost.kind === 'table') {
    const drop = cost.values.findIndex((value, i) => i > 0 && value < cost.values[i - 1]);
    if (drop > 0) {
      return { expected: 'a non-decreasing table (w_rem(r) ≤ w_rem(r+1))', found: `${cost.values[drop - 1]} then ${cost.values[drop]} at index ${drop}` };
    }
  }
  const first = remoteCostAt(cost, 0);
  if (first < wLoc) return { expected: `w_rem(0) ≥ wLoc (${wLoc}): a remote task costs at least a local one`, found: String(first) };
  return undefined;
}

export function describeRemoteCost(cost: RemoteCost): string {
  switch (cost.kind) {
    case 'constant':
      return String(cost.value);
    case 'linear':
      return `${cost.base} + ${cost.perRemote}·r`;
    case 'table':
      return `[${cost.values.join(', ')}]`;
  }
}
