/**
 * A claim map's cell as text, the same in the terminal, the CSV's readers
 * and the page: its verdict's mark and the paired difference from the
 * reference with its 95% interval, in percent of the reference's mean
 * (in the metric's unit where that mean is 0).
 */
import type { ClaimVerdict } from './claim.js';
import { percentOfReference, type ClaimCell } from './judge-claim.js';

export const VERDICT_MARKS: Readonly<Record<ClaimVerdict, string>> = { holds: '✓', fails: '✗', tie: '~', unknown: '?' };

/** "✓ −12.3% (−15.1, −9.5)"; "? no pair" where the cell has no paired runs. */
export function claimCellText(cell: ClaimCell): string {
  const { difference, referenceMean } = cell;
  if (difference === null) return `${VERDICT_MARKS[cell.verdict]} no pair`;
  const percent = percentOfReference(difference.mean, referenceMean) !== null;
  const show = (value: number | null) => {
    const shown = percent ? percentOfReference(value, referenceMean) : value;
    return shown === null ? '?' : signed(shown);
  };
  const interval = difference.low === null ? '' : ` (${show(difference.low)}, ${show(difference.high)})`;
  return `${VERDICT_MARKS[cell.verdict]} ${show(difference.mean)}${percent ? '%' : ''}${interval}`;
}

/** One decimal, a true minus sign, never "−0.0". */
function signed(value: number): string {
  const text = value.toFixed(1);
  return text === '-0.0' ? '0.0' : text.replace('-', '−');
}
