/**
 * The comparison report: one HTML page that opens offline (no fonts, scripts
 * or data from anywhere else; when the runs' attempts pass its budget, they
 * wait in files beside it, loaded on request: `carried-attempts.ts`) and answers which pool waited,
 * when, and why. The same comparison gives the same bytes.
 *
 * Drawn in the page by Apache ECharts and the report's scripts
 * (`report-assets.ts`) from data carried packed inside it (`report-model.ts`,
 * `attempt-columns.ts`); the tables are plain HTML and read without scripts.
 *
 * It shows: what was compared and how the page was made; warnings and hints;
 * per pool and per user, the mean wait and completion under each scheduler
 * over every replication with 95% intervals, with the wait that grew most
 * (paired by seed) named; each pool's (or user's) running tasks
 * over time against its fair share, min share and demand, with its waiting
 * jobs, or on a YARN resource cluster its memory, vcores and dominant share
 * against YARN's fair share, with each pool's means in a table; the
 * cluster's running maps and reduces (or memory and vcores) over time; Rasooli and
 * Down's min-share dissatisfaction, fairness and locality over time; every
 * attempt on a
 * canvas Gantt chart (zoom, pan, node filter, click a task to see its job and,
 * with --explain, the scheduler's reason); every metric with the best marked
 * as printed, the paired differences from a baseline scheduler with 95%
 * intervals, and the distribution of completion times.
 */
import type { Comparison } from '../experiment/compare.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { clusterResources } from '../metrics/held-containers.js';
import { taskCounts } from '../model/workload.js';
import type { RunRecord } from '../model/run-record.js';
import type { NetworkSharing } from '../model/scenario.js';
import { besideFiles, carriedAttempts, carriedElements, carriedNote, type Carried } from './carried-attempts.js';
import { groupWaits, longestWaitFinding, renderGroupTable } from './group-tables.js';
import { reportPage } from './html-page.js';
import { comparedMetrics } from './metric-tables.js';
import { formatMemory } from './format.js';
import { packJson } from './packed-bytes.js';
import { renderPoolResourceTable } from './pool-resource-table.js';
import type { Provenance } from './provenance.js';
import { reportModel } from './report-model.js';
import { reportScripts } from './report-assets.js';
import { renderDifferenceTable, renderSummaryTable } from './summary-table.js';
import { escapeXml } from './svg.js';

export interface HtmlReportOptions {
  /** The scheduler the others are measured against; fifo when compared, else the first. */
  readonly baseline?: string;
  /** How the page was made, shown in its header. */
  readonly provenance?: Provenance;
  /** Hints worth reading before the numbers (a one-user trace, a batch planner on arrivals). */
  readonly notes?: readonly string[];
  /** Per scheduler (comparison order), its first run's decision log as JSON Lines, or undefined. */
  readonly decisions?: readonly (string | undefined)[];
  /** How many attempts the files of a range of jobs beside the page hold at most, a job's alone excepted (BESIDE_PART_ATTEMPTS). */
  readonly besidePartAttempts?: number;
  /** How many nodes' attempts of a range of jobs a file beside the page holds (BESIDE_PART_NODES). */
  readonly besidePartNodes?: number;
}

/** The index of the baseline among the compared schedulers; `name` must be one of them when given. */
export function baselineIndex(comparison: Comparison, name: string | undefined): number {
  const names = comparison.results.map((r) => r.scheduler);
  if (name !== undefined) {
    const at = names.indexOf(name);
    if (at < 0) throw new RangeError(`the baseline '${name}' is not among the compared schedulers (${names.join(', ')})`);
    return at;
  }
  return Math.max(0, names.indexOf('fifo'));
}

/** The report's files by name: the page, and the files beside it that carry attempts too many for it (`carried-attempts.ts`). */
export type ReportFiles = { readonly 'report.html': string } & Readonly<Record<string, string>>;

export function renderHtmlReport(comparison: Comparison, options: HtmlReportOptions = {}): ReportFiles {
  const title = `Scheduler comparison: ${comparison.scenario || 'unnamed scenario'}`;
  if (comparison.results.length === 0) {
    return { 'report.html': reportPage(title, [`<header><h1>${escapeXml(title)}</h1></header>`, '<p>No scheduler was run, so there is nothing to compare.</p>']) };
  }
  const baseline = baselineIndex(comparison, options.baseline);
  // Each first replication's attempt ends, worked out once for its packed attempts and its charts.
  const ends = comparison.results.map((r) => attemptEnds(r.sample));
  const carried = carriedAttempts(comparison, ends, options.decisions ?? [], options.besidePartAttempts, options.besidePartNodes);
  const model = reportModel(comparison, comparedMetrics(comparison), baseline, ends);
  const pools = groupWaits(comparison, 'pool', baseline);
  const users = groupWaits(comparison, 'user', baseline);
  const base = escapeXml(model.schedulers[baseline]);
  const poolFinding = longestWaitFinding(comparison, pools, baseline, 'pool');
  const userFinding = longestWaitFinding(comparison, users, baseline, 'user');
  // The page opens on the run and pool the finding names: the answer is on screen before any click.
  const focusRun = poolFinding.scheduler ?? 0;
  const focusGroup = Math.max(0, model.pools.findIndex((pool) => pool.id === poolFinding.group));
  const runButtons = model.schedulers.map((name, s) => `<button type="button" data-run="${s}" aria-pressed="${s === focusRun}">${escapeXml(name)}</button>`).join('');
  const sections = [
    header(comparison, title, options.provenance),
    warnings(comparison, options.notes ?? []),
    `<div class="toolbar" role="group" aria-label="Run shown in the charts of one run"><span>Run shown below:</span>${runButtons}` +
      '<span class="toolbar-note">(first replication of each scheduler)</span></div>',
    '<section id="pools"><h2>Which pool waited</h2>' +
      `<p class="finding">${escapeXml(poolFinding.text)}</p>` +
      renderGroupTable(comparison, 'pool', pools) +
      `<details><summary>The same by user</summary><p class="finding">${escapeXml(userFinding.text)}</p>${renderGroupTable(comparison, 'user', users)}</details></section>`,
    `<section id="shares" data-focus-run="${focusRun}" data-focus-group="${focusGroup}"><h2>Shares over time</h2>` +
      (model.resources === undefined ? SLOT_SHARES : RESOURCE_SHARES) +
      '<label>Groups <select id="share-grouping"><option value="pools">pools</option><option value="users">users</option></select></label>' +
      '<label>Shown <select id="share-group"></select></label></div>' +
      `<div id="chart-group" class="chart"></div><div id="chart-stack" class="chart"></div>${renderPoolResourceTable(comparison)}</section>`,
    running(model),
    overTime(model),
    '<section id="attempts"><h2>Task attempts</h2>' +
      '<p class="note">One row per node (its slots stacked inside it), time to the right. Scroll to zoom time, shift+scroll to zoom nodes, drag to pan, double-click to reset. Click a task to highlight its job and read why it ran there, or name a job to see where and when its tasks ran; where the chart draws how busy each node was, a click zooms in there.' +
      carriedNote(carried) +
      '</p>' +
      '<div class="controls"><label>Nodes <input id="gantt-filter" type="search" placeholder="node or rack name, or a /regex/" size="28"></label>' +
      '<label>Job <input id="gantt-job" type="search" placeholder="job id" size="14"></label>' +
      '<label>Colour <select id="gantt-colour"><option value="kind">by kind</option><option value="pool">by pool</option><option value="locality">by locality</option></select></label>' +
      '<button type="button" id="gantt-reset">Reset zoom</button><button type="button" id="gantt-load" hidden>Load the attempts of the time in view</button><span id="gantt-status" class="note"></span></div>' +
      '<div id="gantt" class="gantt"><canvas id="gantt-canvas"></canvas><div id="gantt-tip" class="tip" hidden></div></div>' +
      `<div id="gantt-info" class="info" aria-live="polite"${carried.where === 'page' && carried.decisionsLeftOut ? ' data-reasons="left-out"' : ''}><p class="note">No task selected.</p></div></section>`,
    '<section id="metrics"><h2>Metrics</h2>' +
      '<p class="note">Every metric defined for these schedulers, each in one unit; hover a metric’s name for its definition.</p>' +
      renderSummaryTable(model) +
      `<h3 id="differences">Against ${base}</h3>` +
      renderDifferenceTable(model) +
      '<div class="controls"><label>Metric <select id="metric-choice"></select></label></div>' +
      '<div class="chart-pair"><div id="chart-metric" class="chart"></div><div id="chart-difference" class="chart"></div></div></section>',
    '<section id="completion-times"><h2>Job completion times</h2>' +
      '<p class="note">Share of jobs (succeeded, every replication) that completed within a time of their submission; further left and higher is sooner.</p>' +
      '<div id="chart-cdf" class="chart"></div></section>',
    howToRead(model.schedulers[baseline]),
    '<footer>Made by mrsched from a deterministic simulation: the same scenario, schedulers and seeds give this same page. Charts by Apache ECharts (Apache License 2.0), carried inside the page.</footer>',
    dataScripts(model, carried),
  ];
  return { 'report.html': reportPage(title, sections), ...besideFiles(carried) };
}

/** The shares section's note and first control on a slot cluster: tasks against the Fair Scheduler's rule on slots. */
const SLOT_SHARES =
  '<p class="note">What each pool ran, averaged over each interval of the run, against its fair share (the Fair Scheduler’s rule applied to the pools’ demand, for every scheduler alike), its min share, and its demand; jobs waiting for a first task on the right-hand axis. Drag or scroll on a chart to zoom.</p>' +
  '<div class="controls"><label>Tasks <select id="share-kind"><option value="maps">maps</option><option value="reduces">reduces</option></select></label>';

/** The same on a YARN resource cluster, where containers differ in size: memory, vcores and dominant shares. */
const RESOURCE_SHARES =
  '<p class="note">What each pool held of the cluster’s memory and vcores (the containers of its running tasks and of its jobs’ ApplicationMasters), averaged over each interval of the run, against its fair share ' +
  '(YARN’s Fair Scheduler’s instantaneous fair share among the pools with jobs in the system, by the pools’ weights and scheduling policies, for every scheduler alike: a pool below a memory-only queue has no vcore share), its min resources, and its demand; ' +
  'jobs waiting for a first task on the right-hand axis. Its dominant share is the larger of its shares of the cluster’s memory and of its vcores, the share dominant resource fairness (drf) tries to equalise. 1 GB = 1024 MB, as YARN counts. Drag or scroll on a chart to zoom.</p>' +
  '<div class="controls"><label>Resource <select id="share-kind"><option value="memory">memory</option><option value="vcores">vcores</option><option value="dominant">dominant share</option></select></label>';

/** The cluster's running tasks over time; on a resource cluster, the memory and vcores its containers held. */
function running(model: ReturnType<typeof reportModel>): string {
  if (model.resources === undefined) {
    return (
      '<section id="running"><h2>Running tasks over time</h2>' +
      `<p class="note">The cluster’s running maps (of ${model.mapSlots} map slots) and reduces (of ${model.reduceSlots}), every scheduler, averaged over each interval.</p>` +
      '<div class="chart-pair"><div id="chart-running-maps" class="chart"></div><div id="chart-running-reduces" class="chart"></div></div></section>'
    );
  }
  return (
    '<section id="running"><h2>Memory and vcores in use over time</h2>' +
    `<p class="note">What the cluster’s containers (tasks’ and ApplicationMasters’) held of its ${formatMemory(model.resources.memory * 2 ** 20)} and ${model.resources.vcores} vcores, every scheduler, averaged over each interval.</p>` +
    '<div class="chart-pair"><div id="chart-running-memory" class="chart"></div><div id="chart-running-vcores" class="chart"></div></div></section>'
  );
}

/** The page's data: the report model, and each run's attempts (or their overview and where they wait), task numbers and decisions. */
function dataScripts(model: ReturnType<typeof reportModel>, carried: Carried): string {
  const blobs = [`<script type="application/octet-stream" id="report-data">${packJson(model)}</script>`, ...carriedElements(carried)];
  const scripts = reportScripts();
  return `${blobs.join('\n')}\n<script>${scripts.library}</script>\n<script>${scripts.app}</script>`;
}

/** How transfers share the network, as the report's header says it (docs/model.md, "Network"). */
const NETWORK_TEXT: Readonly<Record<NetworkSharing, string>> = {
  'max-min': 'max-min (transfers share disks and links)',
  isolated: 'isolated (each transfer alone: no contention)',
};

function header(comparison: Comparison, title: string, provenance: Provenance | undefined): string {
  const scenario = comparison.results[0].sample.scenario;
  const facts: string[] = [];
  facts.push(`<b>Schedulers:</b> ${escapeXml(comparison.results.map((r) => r.scheduler).join(', '))}`);
  facts.push(`<b>Replications:</b> ${comparison.seeds.length} (${escapeXml(seedText(comparison.seeds))})`);
  const nodes = scenario.cluster.nodes;
  const racks = scenario.cluster.racks.length;
  facts.push(`<b>Cluster:</b> ${nodes.length} nodes in ${racks} rack${racks === 1 ? '' : 's'}, ${capacityText(comparison.results[0].sample)}`);
  facts.push(`<b>Network:</b> ${NETWORK_TEXT[scenario.settings.network]}`);
  const { maps, reduces } = taskCounts(scenario.jobs);
  facts.push(`<b>Workload:</b> ${scenario.jobs.length} jobs, ${maps + reduces} tasks`);
  const description = scenario.description ? `<p class="lede">${escapeXml(scenario.description)}</p>` : '';
  const toc =
    '<nav class="toc" aria-label="Sections"><a href="#pools">Which pool waited</a><a href="#shares">Shares over time</a><a href="#running">Running tasks</a><a href="#over-time">Over time</a>' +
    '<a href="#attempts">Task attempts</a><a href="#metrics">Metrics</a><a href="#completion-times">Completion times</a><a href="#how-to-read">How to read</a></nav>';
  return `<header><h1>${escapeXml(title)}</h1>${description}<ul class="facts">${facts.map((f) => `<li>${f}</li>`).join('')}</ul>${provenanceDetails(provenance)}${toc}</header>`;
}

/** What the cluster offers: its slots and containers, or on a resource cluster its memory and vcores. */
function capacityText(run: RunRecord): string {
  const capacity = clusterResources(run);
  if (capacity !== null) return `${formatMemory(capacity.memory)} and ${capacity.vcores} vcores`;
  let mapSlots = 0;
  let reduceSlots = 0;
  let containers = 0;
  for (const node of run.scenario.cluster.nodes) {
    if (node.slotModel !== 'split') containers += node.totalSlots;
    else {
      mapSlots += node.mapSlots;
      reduceSlots += node.reduceSlots;
    }
  }
  const parts: string[] = [];
  if (mapSlots + reduceSlots > 0) parts.push(`${mapSlots} map + ${reduceSlots} reduce slots`);
  if (containers > 0) parts.push(`${containers} containers`);
  return parts.join(' and ');
}

function provenanceDetails(provenance: Provenance | undefined): string {
  if (provenance === undefined) return '';
  const rows: [string, string][] = [
    ['mrsched', provenance.commit === null ? provenance.version : `${provenance.version}, commit ${provenance.commit}`],
    ['command', provenance.command],
    ['scenario', provenance.scenario === null ? 'built in code' : `${provenance.scenario.path} (SHA-256 ${provenance.scenario.sha256})`],
    ['scheduler options', JSON.stringify(provenance.schedulerOptions)],
    ['seeds', provenance.seeds.join(', ')],
  ];
  return `<details class="provenance"><summary>How this page was made</summary><dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd><code>${escapeXml(v)}</code></dd>`).join('')}</dl></details>`;
}

/** Seeds as "seeds 1–5" when consecutive, else listed. */
export function seedText(seeds: readonly number[]): string {
  if (seeds.length === 0) return 'no seeds';
  if (seeds.length === 1) return `seed ${seeds[0]}`;
  const consecutive = seeds.every((s, i) => i === 0 || s === seeds[i - 1] + 1);
  return consecutive ? `seeds ${seeds[0]}–${seeds[seeds.length - 1]}` : `seeds ${seeds.join(', ')}`;
}

function warnings(comparison: Comparison, notes: readonly string[]): string {
  const items = notes.map(escapeXml);
  for (const r of comparison.results) {
    const failed = r.runs.filter((m) => m.jobsFailed > 0).length;
    const unfinished = r.runs.filter((m) => m.jobsUnfinished > 0).length;
    const n = r.runs.length;
    const name = `<b>${escapeXml(r.scheduler)}</b>`;
    const of = `of ${n} replication${n === 1 ? '' : 's'}`;
    if (failed > 0) items.push(`${name}: jobs failed in ${failed} ${of}.`);
    if (unfinished > 0) {
      const stalled = r.sample.stalled ? ' (the first run stalled: nothing more could run)' : '';
      items.push(`${name}: jobs were left unfinished in ${unfinished} ${of}${stalled}; completion-time metrics cover finished jobs only.`);
    }
  }
  if (items.length === 0) return '';
  return `<section class="warnings" aria-label="Warnings"><b>Check before comparing:</b><ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul></section>`;
}

/** Rasooli and Down's three metrics over each scheduler's first replication, drawn in the page. */
function overTime(model: ReturnType<typeof reportModel>): string {
  const heading = '<section id="over-time"><h2>Min shares, fairness and locality over time</h2>';
  if (model.runs.every((run) => run.overTime === null)) return `${heading}<p class="note">No first replication has a job that ended, so there is no span to chart.</p></section>`;
  return (
    heading +
    '<p class="note">Each line is a scheduler’s first replication, its span cut into 120 equal stretches, drawn at each stretch’s average; the run’s figure among the metrics is the average of its line. ' +
    'Dissatisfaction: Σ over users below their min share with work waiting of (min share − slots held) / min share × priority. ' +
    'Fairness: Σ over users with jobs in the system of |slots held beyond the min share − the mean of that over such users of the same priority|. ' +
    'Locality: the share of running maps that read their input on their own node, where any runs. Lower is better for the first two.</p>' +
    '<div class="chart-pair"><div id="chart-over-time-dissatisfaction" class="chart"></div><div id="chart-over-time-fairness" class="chart"></div></div>' +
    '<div id="chart-over-time-locality" class="chart"></div></section>'
  );
}

function howToRead(baseline: string): string {
  const items = [
    'Every scheduler ran on the same generated cluster and jobs for each seed (common random numbers), so differences come from the schedulers; the differences from the baseline are taken seed by seed.',
    `Which pool waited: the wait is from a job’s submission to its first task. The sentence above the table names the pool whose wait grew most against ${baseline} (or, when none grew, the pool that waited longest under ${baseline}), and the page opens on it. Click a cell to chart that pool under that scheduler.`,
    'Shares over time: a pool running below its fair share while it has waiting jobs was held back: by its job limit, by another pool’s min share, or by a scheduler that does not share (fifo). The stacked chart shows every pool at once.',
    'Metrics: a value counts as best when it prints best; values that print the same are tied. Rack-local maps are shown but not ranked: more of them can mean fewer node-local maps as well as fewer off-rack ones.',
    'Task attempts: blue maps, orange reduces (or colours by pool or locality); red marks a failed attempt, black a killed one. Times in the chart are rounded to 0.1 s (starts and durations, so an end is within 0.1 s); tasks.csv has them exactly. With more than 300,000 attempts in view, or where a run’s attempts kept beside the page are not loaded, the chart draws how busy each node’s map lanes (above) and reduce lanes (below) were: the darker, the busier; by pool or locality, in the colour of the one that held over half of that time, dark grey where none did.',
  ];
  return `<section id="how-to-read" class="how-to-read"><h2>How to read this report</h2><ul>${items.map((i) => `<li>${escapeXml(i)}</li>`).join('')}</ul></section>`;
}
