/**
 * The page `mrsched serve` shows: pick a scenario in the served directory
 * and schedulers, start a comparison, watch its progress and its charts grow
 * (each scheduler's running maps and reduces, and each pool's running maps,
 * over simulated time) from the server's events, open the finished report,
 * and reopen the reports of the comparisons made before. Self-contained like the report: the chart
 * library and the page's script are inline; it asks only its own server.
 */
import { reportPage } from './html-page.js';
import { liveScripts } from './report-assets.js';
import { escapeXml } from './svg.js';

export function renderLivePage(directory: string): string {
  const scripts = liveScripts();
  return reportPage('mrsched: live comparison', [
    `<header><h1>Live comparison</h1><p class="lede">Scenarios and reports in <code>${escapeXml(directory)}</code>.</p></header>`,
    '<section id="start"><h2>Start</h2><form id="start-form" class="controls">' +
      '<label>Scenario <select id="scenario" name="scenario" required></select></label>' +
      '<fieldset id="scheduler-choices"><legend>Schedulers (none ticked: the defaults)</legend></fieldset>' +
      '<label>and <input id="schedulers" name="schedulers" size="24" placeholder="fair+greedy,…"></label>' +
      '<label>Replications <input id="replications" name="replications" type="number" min="1" max="100" value="1"></label>' +
      '<button type="submit" id="start-button">Compare</button></form>' +
      '<p id="start-error" class="warnings" hidden></p></section>',
    '<section id="live" hidden><h2>Progress</h2>' +
      '<p id="live-status" aria-live="polite"></p><progress id="live-progress" max="1" value="0"></progress>' +
      '<div class="chart-pair"><div id="chart-live-maps" class="chart"></div><div id="chart-live-reduces" class="chart"></div></div>' +
      '<div id="chart-live-pools" class="chart"></div>' +
      '<p id="live-report" hidden><a id="report-link" target="_blank" rel="noopener">Open the finished report</a></p></section>',
    '<section id="earlier"><h2>Earlier runs</h2><p class="note">The comparisons in serve-runs/, newest first: each opens its report.</p>' +
      '<p id="earlier-none" class="note">None yet.</p><ul id="earlier-runs"></ul></section>',
    `<script>${scripts.library}</script>\n<script>${scripts.app}</script>`,
  ]);
}
