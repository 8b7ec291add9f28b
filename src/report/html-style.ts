/** The report's stylesheet, inlined in the page: system fonts only, charts scale to the column width. */

export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #5b636e; --rule: #d8dde3; --paper: #ffffff; --tint: #f5f7f9; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 20px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; line-height: 1.25; }
h2 { font-size: 20px; margin: 36px 0 6px; padding-bottom: 4px; border-bottom: 1px solid var(--rule); }
h3 { font-size: 16px; margin: 20px 0 4px; }
p { margin: 6px 0; }
.lede { color: var(--muted); margin: 0 0 10px; }
.facts { display: flex; flex-wrap: wrap; gap: 6px 28px; margin: 12px 0; padding: 0; list-style: none; }
.facts li { margin: 0; }
.facts b { font-weight: 600; }
nav.toc { font-size: 14px; margin: 8px 0 0; }
nav.toc a { margin-right: 16px; color: #0b5cab; }
.note { color: var(--muted); font-size: 14px; }
.warnings { border-left: 4px solid #D55E00; background: #fdf3ec; padding: 8px 14px; margin: 16px 0; }
.warnings ul { margin: 4px 0; padding-left: 20px; }
.table-wrap { overflow-x: auto; position: relative; } /* relative: the screen-reader notes (absolute) in its cells scroll with it, not widen the page */
table.summary { border-collapse: collapse; font-size: 14px; font-variant-numeric: tabular-nums; min-width: 60%; }
table.summary caption { caption-side: bottom; text-align: left; color: var(--muted); font-size: 13px; padding-top: 6px; }
table.summary th, table.summary td { padding: 4px 12px; border-bottom: 1px solid var(--rule); text-align: right; white-space: nowrap; }
table.summary thead th { border-bottom: 2px solid var(--ink); vertical-align: bottom; }
table.summary thead th:first-child { text-align: left; }
table.summary thead th { white-space: normal; overflow-wrap: anywhere; max-width: 180px; }
table.summary td .hw { display: block; font-size: 12px; font-weight: 400; color: var(--muted); line-height: 1.2; }
table.summary th[scope=row] { text-align: left; font-weight: 500; cursor: help; }
table.summary .better-col { color: var(--muted); text-align: left; font-size: 13px; }
table.summary tbody tr:hover { background: var(--tint); }
/* The first column (metric, pool, user) stays in view while the scheduler columns scroll under it, inside their frame. */
table.summary tbody th[scope=row], table.summary thead tr:first-child th:first-child { position: sticky; left: 0; z-index: 1; background: var(--paper); box-shadow: inset -1px 0 0 var(--rule); }
table.summary tbody tr:hover th[scope=row] { background: var(--tint); }
table.summary td.best, .key.best { background: #d5eee3; font-weight: 700; }
table.summary td.close, .key.close { background: #eef7f2; }
table.summary td.na { color: var(--muted); text-align: center; }
.key { padding: 0 6px; margin-left: 8px; border-radius: 3px; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.chart-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 14px 22px; }
figure { margin: 0; }
figcaption { font-size: 14px; color: var(--muted); margin: 2px 0 6px; }
svg.chart { display: block; width: 100%; height: auto; max-width: 100%; overflow: visible; }
svg.chart text { font-family: inherit; font-size: 11px; fill: #333; }
svg.chart .chart-title { font-size: 15px; font-weight: 600; fill: var(--ink); }
svg.chart .chart-subtitle { font-size: 12px; fill: var(--muted); }
svg.chart .axis-title { font-size: 12px; fill: var(--muted); }
svg.chart .grid { stroke: #e8eaed; stroke-width: 1; }
svg.chart .domain, svg.chart .tick { stroke: #8a9099; stroke-width: 1; }
svg.chart .baseline { stroke: #444; stroke-width: 1; }
svg.chart .whisker { stroke: #222; stroke-width: 1.5; fill: none; }
svg.chart .value { font-size: 11px; fill: #222; }
svg.chart .tick-label.best { font-weight: 700; fill: #000; }
svg.chart .muted { fill: var(--muted); }
svg.chart .cdf, svg.chart .series { fill: none; stroke-linejoin: round; }
svg.chart .legend-line { stroke-width: 3; }
svg.chart .legend-label { font-size: 13px; fill: var(--ink); }
svg.chart .legend-note { font-size: 11px; fill: var(--muted); }
svg.chart .legend text { font-size: 12px; }
svg.chart .row-bg { fill: #f1f3f5; }
svg.chart .row-bg ~ .grid { stroke: #d9dde2; }
svg.chart .row-label { font-size: 10.5px; }
svg.chart .bar-label text { font-size: 9px; fill: #1f2328; pointer-events: none; }
svg.chart .bar-label.on-dark text { fill: #ffffff; }
svg.chart .marker { stroke-width: 1.5; fill: none; }
.how-to-read li { margin: 4px 0; }
table.summary td.worst, .key.worst, table.summary td.worse, .key.worse { background: #fbe3d6; font-weight: 700; }
table.groups tbody tr { cursor: pointer; }
table.groups thead th { white-space: nowrap; }
table.groups tbody tr.selected { outline: 2px solid #0b5cab; }
table.groups td.settings { text-align: left; white-space: normal; color: var(--muted); font-size: 13px; min-width: 200px; }
.finding { font-weight: 600; margin: 8px 0 12px; }
details { margin: 10px 0; }
details summary { cursor: pointer; color: #0b5cab; }
details.provenance dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; font-size: 13px; margin: 6px 0; }
details.provenance dt { color: var(--muted); }
details.provenance dd { margin: 0; overflow-wrap: anywhere; }
.toolbar { position: sticky; top: 0; z-index: 5; background: var(--paper); border-bottom: 1px solid var(--rule); padding: 6px 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; font-size: 14px; }
.toolbar button { font: inherit; padding: 2px 10px; border: 1px solid var(--rule); border-radius: 4px; background: var(--tint); cursor: pointer; }
.toolbar button[aria-pressed=true] { background: #0b5cab; border-color: #0b5cab; color: #fff; }
/* The live page's progress bar spans the page. */
progress { width: 100%; height: 10px; }
/* Headings reached by a link clear the sticky toolbar. */
section[id] { scroll-margin-top: 44px; }
.toolbar-note { color: var(--muted); font-size: 13px; }
.controls { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: center; margin: 8px 0; font-size: 14px; }
.controls select, .controls input, .controls button { font: inherit; }
.chart { width: 100%; height: 340px; }
.chart-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 10px 22px; }
.gantt { position: relative; width: 100%; height: 560px; border: 1px solid var(--rule); }
.gantt canvas { display: block; width: 100%; height: 100%; cursor: grab; touch-action: none; }
.tip { position: absolute; pointer-events: none; background: rgba(31, 35, 40, 0.92); color: #fff; font-size: 12px; line-height: 1.4; padding: 4px 8px; border-radius: 4px; white-space: pre; z-index: 3; }
.info { border: 1px solid var(--rule); background: var(--tint); padding: 6px 12px; margin-top: 8px; font-size: 14px; min-height: 40px; }
.info dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0; }
.info dt { color: var(--muted); }
.info dd { margin: 0; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
@media print { main { max-width: none; } h2 { break-after: avoid; } figure { break-inside: avoid; } }
`;
