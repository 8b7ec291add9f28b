/**
 * claim-map.csv: one row per claim and cell of the grid, tidy for pandas
 * and R: the claim's number and statement, one column per axis, the
 * verdict, the reference shown (the least favourable to the claim), the
 * paired seeds, the mean difference with its 95% interval in the metric's
 * unit, the reference's mean, and the same difference in percent of it.
 */
import { percentOfReference } from './judge-claim.js';
import type { ClaimMap } from './claim-map.js';
import type { SweepTable } from '../sweep-tables.js';

export function claimMapTable(map: ClaimMap): SweepTable {
  const number = (name: string) => ({ name, type: 'DOUBLE' as const });
  const text = (name: string) => ({ name, type: 'STRING' as const });
  const columns = [
    { name: 'claim', type: 'INT32' as const },
    text('statement'),
    ...map.axes.map((axis) => text(axis.name)),
    text('verdict'),
    text('reference'),
    { name: 'n', type: 'INT32' as const },
    ...['difference_mean', 'difference_low', 'difference_high', 'reference_mean', 'percent_mean', 'percent_low', 'percent_high'].map(number),
  ];
  const rows = map.claims.flatMap(({ claim, cells }, c) =>
    cells.map((cell) => {
      const d = cell.difference;
      const percent = (value: number | null) => percentOfReference(value, cell.referenceMean);
      return [
        c + 1, claim.label, ...cell.coordinates, cell.verdict, cell.reference, d?.n ?? 0,
        d?.mean ?? null, d?.low ?? null, d?.high ?? null, cell.referenceMean, percent(d?.mean ?? null), percent(d?.low ?? null), percent(d?.high ?? null),
      ];
    }),
  );
  return { columns, rows };
}
