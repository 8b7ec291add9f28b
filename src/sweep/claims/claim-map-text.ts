/**
 * A claim map for the terminal: per claim its statement, the region where
 * it holds in a sentence, and each panel as a table of rows × columns with
 * a mark and the paired difference per cell.
 */
import { renderTable } from '../../report/table.js';
import { claimCellText, VERDICT_MARKS } from './claim-cell-text.js';
import { claimPanels, type ClaimMap } from './claim-map.js';

export function claimMapText(map: ClaimMap): string {
  const rows = map.axes[map.rows];
  const columns = map.columns === null ? null : map.axes[map.columns];
  const header = columns === null ? [rows.name, 'difference'] : [`${rows.name} \\ ${columns.name}`, ...columns.values];
  const legend = `${VERDICT_MARKS.holds} holds, ${VERDICT_MARKS.fails} fails, ${VERDICT_MARKS.tie} tie (the interval straddles the bound), ${VERDICT_MARKS.unknown} no interval; each cell: the paired difference from the reference, % of its mean, and its 95% interval over ${map.replications} seeds`;
  const claims = map.claims.map((judged, c) => {
    const panels = claimPanels(map, judged).map(
      (panel) => `${panel.heading === '' ? '' : `${panel.heading}\n`}${renderTable(header, panel.cells.map((cells, r) => [rows.values[r], ...cells.map((cell) => (cell === undefined ? '' : claimCellText(cell)))]))}`,
    );
    return `claim ${c + 1}: ${judged.claim.label}\n  ${judged.summary}\n\n${panels.join('\n')}`;
  });
  return `${map.name}: claim map\n${map.description}\n${legend}\n\n${claims.join('\n')}`;
}
