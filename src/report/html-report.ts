/**
 * The comparison report as one self-contained HTML page: inline CSS and SVG,
 * no scripts, no fonts or images from anywhere, so it opens offline and can be
 * mailed around. The same comparison always gives the same bytes (no dates,
 * no random ids).
 *
 * It shows: what was compared (scenario, cluster, workload, seeds), warnings
 * about failed or unfinished jobs, a table of every metric with the best value
 * per row highlighted, one bar chart per key metric with 95% intervals,
 * min-share dissatisfaction, fairness and locality over the time of each
 * scheduler's first replication, the distribution of job completion times,
 * and a slot-occupancy chart of each scheduler's first replication.
 */
import type { Comparison, SchedulerComparison } from '../experiment/compare.js';
import { METRICS, metricsOverTime, type MetricDefinition, type MetricKey } from '../metrics/index.js';
import { comparedMetrics } from './metric-tables.js';
import { taskCounts } from '../model/workload.js';
import type { RunRecord } from '../model/run-record.js';
import { renderBarChart, type BarDatum } from './bar-chart.js';
import { renderCdfChart } from './cdf-chart.js';
import { formatInterval } from './format.js';
import { renderGanttChart, runEnd } from './gantt-chart.js';
import { reportPage } from './html-page.js';
import { seriesColour, seriesDash } from './palette.js';
import { bestIndices, renderSummaryTable } from './summary-table.js';
import { escapeXml } from './svg.js';
import { renderTimeSeriesChart, type TimeSeries } from './time-series-chart.js';

export interface HtmlReportOptions {
  /** Metrics that get a bar chart; by default the key ones below that have a value. */
  readonly chartMetrics?: readonly MetricKey[];
  /** Schedulers whose sample run gets a Gantt chart; all by default. */
  readonly ganttSchedulers?: readonly string[];
  /** Nodes per Gantt chart (the first ones in cluster order); 40 by default. */
  readonly maxGanttNodes?: number;
}

/** The metrics charted by default, when defined for some scheduler. */
const KEY_METRICS: readonly MetricKey[] = [
  'makespan',
  'meanCompletionTime',
  'p95CompletionTime',
  'totalWeightedCompletionTime',
  'meanSlowdown',
  'jobsFailed',
  'jobsUnfinished',
  'mapNodeLocal',
  'mapLocalityOverTime',
  'mapSlotUtilization',
  'reduceSlotUtilization',
  'networkBytes',
  'fetchCost',
  'minShareDissatisfaction',
  'fairness',
];

/** Key metrics worth a chart: defined somewhere, and (for failure counts) not zero everywhere. */
export function chartedMetrics(comparison: Comparison, keys: readonly MetricKey[] = KEY_METRICS): MetricDefinition[] {
  const onlyWhenNonZero: readonly MetricKey[] = ['jobsFailed', 'jobsUnfinished'];
  return keys
    .map((key) => METRICS.find((m) => m.key === key))
    .filter((m): m is MetricDefinition => m !== undefined)
    .filter((m) => {
      const means = comparison.results.map((r) => r.intervals[m.key]?.mean ?? null);
      if (means.every((v) => v === null)) return false;
      return !onlyWhenNonZero.includes(m.key) || means.some((v) => v !== null && v !== 0);
    });
}

export function renderHtmlReport(comparison: Comparison, options: HtmlReportOptions = {}): string {
  const title = `Scheduler comparison: ${comparison.scenario || 'unnamed scenario'}`;
  const sections: string[] = [];
  sections.push(header(comparison, title));
  sections.push(warnings(comparison));
  if (comparison.results.length === 0) {
    sections.push('<p>No scheduler was run, so there is nothing to compare.</p>');
  } else {
    sections.push(
      `<section id="summary"><h2>Summary</h2>` +
        `<p class="note">Every metric defined for these schedulers; hover a metric's name for its definition.</p>` +
        renderSummaryTable(comparison, comparedMetrics(comparison)) +
        '</section>',
    );
    sections.push(metricCharts(comparison, options.chartMetrics));
    sections.push(overTime(comparison));
    sections.push(completionTimes(comparison));
    sections.push(gantts(comparison, options));
  }
  sections.push(howToRead(comparison));
  sections.push(
    '<footer>Made by mrsched from a deterministic simulation: the same scenario, schedulers and seeds give this same page.</footer>',
  );
  return reportPage(title, sections);
}

function header(comparison: Comparison, title: string): string {
  const sample: RunRecord | undefined = comparison.results[0]?.sample;
  const scenario = sample?.scenario;
  const facts: string[] = [];
  const names = comparison.results.map((r) => r.scheduler);
  facts.push(`<b>Schedulers:</b> ${escapeXml(names.join(', ') || 'none')}`);
  facts.push(`<b>Replications:</b> ${comparison.seeds.length} (${escapeXml(seedText(comparison.seeds))})`);
  if (scenario) {
    const nodes = scenario.cluster.nodes;
    let mapSlots = 0;
    let reduceSlots = 0;
    let containers = 0;
    for (const node of nodes) {
      if (node.slotModel === 'unified') containers += node.totalSlots;
      else {
        mapSlots += node.mapSlots;
        reduceSlots += node.reduceSlots;
      }
    }
    const slotParts: string[] = [];
    if (mapSlots + reduceSlots > 0) slotParts.push(`${mapSlots} map + ${reduceSlots} reduce slots`);
    if (containers > 0) slotParts.push(`${containers} containers`);
    facts.push(
      `<b>Cluster:</b> ${nodes.length} nodes in ${scenario.cluster.racks.length} rack${scenario.cluster.racks.length === 1 ? '' : 's'}, ${slotParts.join(' and ')}`,
    );
    const { maps, reduces } = taskCounts(scenario.jobs);
    facts.push(`<b>Workload:</b> ${scenario.jobs.length} jobs, ${maps + reduces} tasks`);
  }
  const description = scenario?.description ? `<p class="lede">${escapeXml(scenario.description)}</p>` : '';
  const toc =
    comparison.results.length === 0
      ? ''
      : '<nav class="toc" aria-label="Sections"><a href="#summary">Summary</a><a href="#metrics">Key metrics</a>' +
        '<a href="#over-time">Over time</a><a href="#completion-times">Completion times</a><a href="#occupancy">Slot occupancy</a><a href="#how-to-read">How to read</a></nav>';
  return (
    `<header><h1>${escapeXml(title)}</h1>${description}` +
    `<ul class="facts">${facts.map((f) => `<li>${f}</li>`).join('')}</ul>${toc}</header>`
  );
}

/** Seeds as "1–5" when consecutive, else listed. */
export function seedText(seeds: readonly number[]): string {
  if (seeds.length === 0) return 'no seeds';
  const consecutive = seeds.every((s, i) => i === 0 || s === seeds[i - 1] + 1);
  if (seeds.length === 1) return `seed ${seeds[0]}`;
  if (consecutive) return `seeds ${seeds[0]}–${seeds[seeds.length - 1]}`;
  return `seeds ${seeds.join(', ')}`;
}

function warnings(comparison: Comparison): string {
  const items: string[] = [];
  for (const r of comparison.results) {
    const failed = r.runs.filter((m) => m.jobsFailed > 0).length;
    const unfinished = r.runs.filter((m) => m.jobsUnfinished > 0).length;
    const n = r.runs.length;
    const name = `<b>${escapeXml(r.scheduler)}</b>`;
    if (failed > 0) items.push(`${name}: jobs failed in ${failed} of ${n} replication${n === 1 ? '' : 's'}.`);
    if (unfinished > 0) {
      items.push(
        `${name}: jobs were left unfinished in ${unfinished} of ${n} replication${n === 1 ? '' : 's'}` +
          `${r.sample.stalled ? ' (the first run stalled: nothing more could run)' : ''}; completion-time metrics cover finished jobs only.`,
      );
    }
  }
  if (items.length === 0) return '';
  return `<section class="warnings" aria-label="Warnings"><b>Check before comparing:</b><ul>${items
    .map((i) => `<li>${i}</li>`)
    .join('')}</ul></section>`;
}

function metricCharts(comparison: Comparison, keys: readonly MetricKey[] | undefined): string {
  const metrics = chartedMetrics(comparison, keys);
  if (metrics.length === 0) return '';
  const charts = metrics.map((metric) => {
    const intervals = comparison.results.map((r) => r.intervals[metric.key]);
    const best = bestIndices(
      intervals.map((c) => (c === null ? null : c.mean)),
      metric.better,
    );
    const bars: BarDatum[] = comparison.results.map((r: SchedulerComparison, i) => {
      const c = intervals[i];
      return {
        label: r.scheduler,
        value: c === null ? null : c.mean,
        low: c === null ? null : c.low,
        high: c === null ? null : c.high,
        colour: seriesColour(i),
        valueText: c === null ? 'undefined' : formatInterval(c.mean, c.halfWidth, metric.unit),
        best: best.includes(i),
      };
    });
    return `<figure>${renderBarChart({
      id: `metric-${metric.key}`,
      title: metric.label,
      unit: metric.unit,
      better: metric.better,
      bars,
    })}</figure>`;
  });
  const note =
    comparison.seeds.length > 1
      ? `Mean over ${comparison.seeds.length} replications; whiskers span the 95% confidence interval`
      : 'One replication, so no confidence intervals';
  return (
    `<section id="metrics"><h2>Key metrics</h2><p class="note">${note}; the best scheduler’s name is in bold.</p>` +
    `<div class="chart-grid">${charts.join('')}</div></section>`
  );
}

/** Rasooli and Down's three metrics as functions of time, over each scheduler's first replication. */
function overTime(comparison: Comparison): string {
  const runs = comparison.results.map((r, i) => ({ r, i, series: metricsOverTime(r.sample) }));
  const heading = '<section id="over-time"><h2>Min shares, fairness and locality over time (first replication)</h2>';
  if (runs.every(({ series }) => series === null)) return `${heading}<p class="note">No first replication has a job that ended, so there is no span to chart.</p></section>`;
  const chart = (id: string, title: string, yTitle: string, unit: '%' | '', pick: (s: NonNullable<(typeof runs)[number]['series']>) => Float64Array) =>
    `<figure>${renderTimeSeriesChart({
      id,
      title,
      yTitle,
      unit,
      series: runs.flatMap(({ r, i, series }): TimeSeries[] =>
        series === null ? [] : [{ name: r.scheduler, start: series.start, end: series.end, values: pick(series), colour: seriesColour(i), dash: seriesDash(i) }],
      ),
    })}</figure>`;
  return (
    heading +
    '<p class="note">Each line is one run, its span cut into 120 equal stretches, drawn at each stretch’s average; the run’s figure in the summary is the average of its line. ' +
    'Dissatisfaction: Σ over users below their min share with work waiting of (min share − slots held) / min share × priority. ' +
    'Fairness: Σ over users with jobs in the system of |slots held beyond the min share − the mean of that over such users of the same priority|. ' +
    'Locality: the share of running maps that read their input on their own node, where any runs (gaps where none does). Lower is better for the first two.</p>' +
    chart('over-time-dissatisfaction', 'Min-share dissatisfaction over time', 'min-share dissatisfaction', '', (s) => s.dissatisfaction) +
    chart('over-time-fairness', 'Fairness deviation over time', 'fairness deviation (slots)', '', (s) => s.fairness) +
    chart('over-time-locality', 'Node-local maps over time', 'node-local running maps', '%', (s) => s.locality) +
    '</section>'
  );
}

function completionTimes(comparison: Comparison): string {
  const chart = renderCdfChart({
    id: 'cdf-completion',
    title: 'Distribution of job completion times by scheduler',
    series: comparison.results.map((r, i) => ({
      name: r.scheduler,
      values: r.completionTimes,
      colour: seriesColour(i),
      dash: seriesDash(i),
    })),
  });
  return (
    '<section id="completion-times"><h2>Job completion times</h2>' +
    '<p class="note">Each line climbs by one step per job that succeeded, over every replication; ' +
    'a curve further left and higher completes more jobs sooner.</p>' +
    `<figure>${chart}</figure></section>`
  );
}

function gantts(comparison: Comparison, options: HtmlReportOptions): string {
  const chosen = options.ganttSchedulers;
  const results = comparison.results
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => chosen === undefined || chosen.includes(r.scheduler));
  if (results.length === 0) return '';
  const until = Math.max(...results.map(({ r }) => runEnd(r.sample)));
  const figures = results.map(({ r, i }) => {
    const chart = renderGanttChart(r.sample, {
      id: `gantt-${i}`,
      title: `Slot occupancy of the ${r.scheduler} run with seed ${r.sample.seed}`,
      maxNodes: options.maxGanttNodes,
      until,
    });
    const parts = [`seed ${r.sample.seed}`, `${chart.attemptsShown} task attempts on the nodes shown`];
    parts.push(
      chart.nodesShown < chart.nodesTotal
        ? `showing the first ${chart.nodesShown} of ${chart.nodesTotal} nodes`
        : `all ${chart.nodesTotal} nodes`,
    );
    if (chart.drawing === 'occupancy') parts.push('too many attempts for one bar each, so each row shows how busy the node’s slots were');
    if (chart.markersOmitted > 0) parts.push(`${chart.markersOmitted} more failure marks not drawn`);
    return `<figure><h3>${escapeXml(r.scheduler)}</h3><figcaption>${escapeXml(parts.join(' · '))}</figcaption>${chart.svg}</figure>`;
  });
  return (
    '<section id="occupancy"><h2>Slot occupancy (first replication)</h2>' +
    '<p class="note">One row per node; time runs left to right on the same scale in every chart, so a run that ends earlier is shorter. Gaps are idle slots.</p>' +
    figures.join('\n') +
    '</section>'
  );
}

function howToRead(comparison: Comparison): string {
  const items = [
    'Every scheduler ran on the same generated cluster and jobs for each seed (common random numbers), so differences come from the schedulers.',
    'Summary: the best mean of each row is highlighted; a lighter tint marks schedulers whose 95% interval overlaps the best one’s — with these replications the difference may be noise.',
    comparison.seeds.length > 1
      ? 'Bar charts: bar height is the mean over replications; the whisker is its 95% confidence interval (Student t). Bars start at zero, so heights compare directly.'
      : 'Bar charts: with a single replication there are no confidence intervals; run more replications before trusting small differences.',
    'Completion times: at a time x on the horizontal axis, a line’s height is the share of jobs that finished within x of their submission. The axis turns logarithmic when times span more than a factor of 100.',
    'Slot occupancy: blue is map work, orange is reduce work; a red tick marks where an attempt failed, a black tick where one was killed; hatching marks a node that was down.',
  ];
  return `<section id="how-to-read" class="how-to-read"><h2>How to read this report</h2><ul>${items
    .map((i) => `<li>${escapeXml(i)}</li>`)
    .join('')}</ul></section>`;
}
