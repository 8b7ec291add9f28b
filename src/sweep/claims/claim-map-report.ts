/**
 * claim-map.html: one self-contained page (inline CSS and SVG, no scripts)
 * with, per claim, its statement, the region where it holds in a sentence,
 * and each panel as a marked grid: a cell per combination of the row and
 * column axes, filled by its verdict and labelled with its mark and paired
 * difference.
 */
import { reportPage } from '../../report/html-page.js';
import { VERDICT_FILLS } from '../../report/palette.js';
import { element, escapeXml, svgRoot, text, textWidth } from '../../report/svg.js';
import { claimCellText, VERDICT_MARKS } from './claim-cell-text.js';
import { claimPanels, type ClaimMap, type ClaimPanel } from './claim-map.js';

const CELL_WIDTH = 200;
const CELL_HEIGHT = 34;
const FONT = 13;

export function renderClaimMapReport(map: ClaimMap): string {
  const title = `Claim map: ${map.name}`;
  const legend = (['holds', 'fails', 'tie', 'unknown'] as const)
    .map((verdict) => `<span style="background:${VERDICT_FILLS[verdict]};border:1px solid #d8dde3;padding:0 6px">${VERDICT_MARKS[verdict]} ${verdict === 'unknown' ? 'no interval' : verdict}</span>`)
    .join(' ');
  const header = `<header><h1>${escapeXml(title)}</h1><p class="lede">${escapeXml(map.description)}</p><p class="note">${legend}. Each cell: the paired difference from the reference (the same seeds), in % of the reference's mean, with its 95% interval over ${map.replications} seeds; a tie is an interval that straddles the claim's bound. claim-map.csv has every cell.</p></header>`;
  const sections = map.claims.map((judged, c) => {
    const grids = claimPanels(map, judged).map((panel, p) => `<figure>${panelGrid(map, panel, `claim${c + 1}-panel${p + 1}`, judged.claim.label)}</figure>`);
    return `<section><h2>Claim ${c + 1}: ${escapeXml(judged.claim.label)}</h2><p>${escapeXml(judged.summary)}.</p>${grids.join('\n')}</section>`;
  });
  return reportPage(title, [header, ...sections, '<footer>Made by mrsched from deterministic simulations: the same cells give this same page.</footer>']);
}

function panelGrid(map: ClaimMap, panel: ClaimPanel, id: string, claim: string): string {
  const rows = map.axes[map.rows];
  const columns = map.columns === null ? null : map.axes[map.columns];
  const columnLabels = columns === null ? ['difference'] : columns.values;
  const left = Math.max(textWidth(rows.name, FONT), ...rows.values.map((v) => textWidth(v, FONT))) + 16;
  const top = (panel.heading === '' ? 0 : CELL_HEIGHT) + 2 * CELL_HEIGHT;
  const width = left + columnLabels.length * CELL_WIDTH + 2;
  const height = top + rows.values.length * CELL_HEIGHT + 2;
  const parts: string[] = [];
  if (panel.heading !== '') parts.push(text(0, CELL_HEIGHT * 0.7, panel.heading, { 'font-size': FONT, 'font-weight': 'bold' }));
  const axisY = top - CELL_HEIGHT * 1.3;
  parts.push(text(left, axisY, columns === null ? '' : columns.name, { 'font-size': FONT, fill: '#5b636e' }));
  parts.push(text(0, top - CELL_HEIGHT * 0.3, rows.name, { 'font-size': FONT, fill: '#5b636e' }));
  columnLabels.forEach((label, k) => parts.push(text(left + k * CELL_WIDTH + CELL_WIDTH / 2, top - CELL_HEIGHT * 0.3, label, { 'font-size': FONT, 'text-anchor': 'middle' })));
  panel.cells.forEach((cells, r) => {
    const y = top + r * CELL_HEIGHT;
    parts.push(text(0, y + CELL_HEIGHT * 0.62, rows.values[r], { 'font-size': FONT }));
    cells.forEach((cell, k) => {
      const x = left + k * CELL_WIDTH;
      const fill = cell === undefined ? VERDICT_FILLS.unknown : VERDICT_FILLS[cell.verdict];
      parts.push(element('rect', { x, y, width: CELL_WIDTH, height: CELL_HEIGHT, fill, stroke: '#ffffff', 'stroke-width': 2 }));
      if (cell !== undefined) parts.push(text(x + CELL_WIDTH / 2, y + CELL_HEIGHT * 0.62, claimCellText(cell), { 'font-size': FONT, 'text-anchor': 'middle' }));
    });
  });
  const description = `${claim}${panel.heading === '' ? '' : ` (${panel.heading})`}: a cell per ${rows.name}${columns === null ? '' : ` and ${columns.name}`}, filled by whether the claim holds there.`;
  // At its own size at most: the report's charts stretch to the page's width, which would blow a small grid's text up.
  return `<div style="max-width:${width}px">${svgRoot({ id, width, height, title: claim, description }, parts.join(''))}</div>`;
}
