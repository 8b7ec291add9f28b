import { describe, expect, it } from 'vitest';
import type { ClaimVerdict } from './claim.js';
import { regionSummary } from './claim-summary.js';
import type { ClaimCell } from './judge-claim.js';

const axes = [
  { name: 'speed ratio', values: ['1', '2', '4'] },
  { name: 'machines', values: ['4', '8'] },
];
/** A cell per (ratio, machines) with the verdict `of` gives it. */
function cells(of: (ratio: string, machines: string) => ClaimVerdict): ClaimCell[] {
  return axes[0].values.flatMap((ratio) => axes[1].values.map((machines) => ({ coordinates: [ratio, machines], verdict: of(ratio, machines), reference: 'fifo', difference: null, referenceMean: null })));
}

describe('the region where a claim holds, in a sentence', () => {
  it('says so when every cell agrees', () => {
    expect(regionSummary(axes, cells(() => 'holds'))).toBe('holds at all 6 cells');
  });

  it('names the axis that decides the verdict by itself', () => {
    expect(regionSummary(axes, cells((ratio) => (ratio === '1' ? 'tie' : 'holds')))).toBe('holds at 4 of 6 cells, ties at 2: holds where speed ratio is 2 or 4, ties where it is 1, whatever the other axes');
  });

  it('names the few cells that differ from all the others', () => {
    expect(regionSummary(axes, cells((ratio, machines) => (ratio === '4' && machines === '8' ? 'fails' : 'holds')))).toBe(
      'holds at 5 of 6 cells, fails at 1; the exception: fails at speed ratio = 4, machines = 8',
    );
  });

  it('otherwise lists the axis values at which every cell agrees', () => {
    const verdicts: Record<string, ClaimVerdict> = { '1,4': 'holds', '1,8': 'holds', '2,4': 'tie', '2,8': 'fails', '4,4': 'fails', '4,8': 'tie' };
    expect(regionSummary(axes, cells((ratio, machines) => verdicts[`${ratio},${machines}`]))).toBe('holds at 2 of 6 cells, fails at 2, ties at 2; holds at every cell with speed ratio = 1');
  });
});
