/**
 * report.html of a sweep: one self-contained page (inline CSS and SVG, no
 * scripts), the same bytes for the same cells. For each scenario and each
 * swept parameter, a chart per metric of the metric against the parameter's
 * values, one line per scheduler with 95% intervals over the seeds; the
 * other parameters are held at each of their combinations in turn. A sweep
 * without parameters gets a bar chart per metric instead. Each metric is
 * shown in one unit on a scenario's charts, axes and tooltips alike
 * (metric-scale.ts), an interval never below the least value the metric can
 * take (a slowdown's or a share's whisker stops at 0), and each parameter by
 * a reader's name for it (parameter-name.ts).
 */
import { METRICS, type ConfidenceInterval, type MetricDefinition, type MetricKey } from '../metrics/index.js';
import { renderBarChart } from '../report/bar-chart.js';
import { reportPage } from '../report/html-page.js';
import { formatScaled, metricScale, type MetricScale } from '../report/metric-scale.js';
import { renderLineChart, type LinePoint } from '../report/line-chart.js';
import { seriesColour, seriesDash } from '../report/palette.js';
import { escapeXml } from '../report/svg.js';
import type { SweepManifest } from './cell-store.js';
import { parameterName } from './parameter-name.js';
import { parameterText, type CellGroup } from './sweep-tables.js';

/** Charted unless the spec names its own metrics. */
const DEFAULT_METRICS: readonly MetricKey[] = ['makespan', 'meanCompletionTime', 'p95CompletionTime', 'meanSlowdown', 'mapNodeLocal', 'mapSlotUtilization', 'networkBytes', 'fairness'];

/** Held-fixed combinations of the other parameters drawn per parameter; summary.csv has the rest. */
const MAX_PANELS = 12;

export function renderSweepReport(manifest: SweepManifest, groups: readonly CellGroup[]): string {
  const title = `Sweep: ${manifest.name}`;
  const metrics = chartedMetrics(manifest, groups);
  const scenarios = unique(groups.map((g) => g.scenario));
  const schedulers = unique(groups.map((g) => g.scheduler));
  const sections = [header(manifest, groups, title, scenarios, schedulers), failures(groups)];
  for (const [index, scenario] of scenarios.entries()) {
    const own = groups.filter((g) => g.scenario === scenario);
    const heading = scenarios.length > 1 ? `<h2>Scenario ${escapeXml(scenario)}</h2>` : '';
    const body =
      manifest.parameters.length === 0
        ? barCharts(own, metrics, schedulers, index)
        : manifest.parameters.map((_, p) => parameterSection(manifest, own, p, metrics, schedulers, index)).join('\n');
    sections.push(`<section>${heading}${body}</section>`);
  }
  sections.push(howToRead());
  sections.push('<footer>Made by mrsched from deterministic simulations: the same spec gives this same page, however the cells were run.</footer>');
  return reportPage(title, sections);
}

function chartedMetrics(manifest: SweepManifest, groups: readonly CellGroup[]): MetricDefinition[] {
  const keys = manifest.metrics ?? DEFAULT_METRICS;
  return keys
    .map((key) => METRICS.find((m) => m.key === key)!)
    .filter((metric) => manifest.metrics !== null || groups.some((g) => g.intervals[metric.key] !== null));
}

function header(manifest: SweepManifest, groups: readonly CellGroup[], title: string, scenarios: string[], schedulers: string[]): string {
  const failed = groups.reduce((sum, g) => sum + g.failed, 0);
  const facts = [
    `<b>Cells:</b> ${manifest.cells.length}${failed > 0 ? ` (${failed} failed)` : ''}`,
    `<b>Scenarios:</b> ${escapeXml(scenarios.join(', '))}`,
    `<b>Schedulers:</b> ${escapeXml(schedulers.join(', '))}`,
    `<b>Seeds:</b> ${escapeXml(unique(manifest.cells.map((c) => String(c.seed))).join(', '))}`,
    ...manifest.parameters.map((path, p) => `<b>${escapeXml(parameterName(path))}</b> (<code>${escapeXml(path)}</code>): ${escapeXml(valuesOf(groups, p).map(String).join(', '))}`),
  ];
  const description = manifest.description === '' ? '' : `<p class="lede">${escapeXml(manifest.description)}</p>`;
  return `<header><h1>${escapeXml(title)}</h1>${description}<ul class="facts">${facts.map((f) => `<li>${f}</li>`).join('')}</ul></header>`;
}

function failures(groups: readonly CellGroup[]): string {
  const items = groups
    .filter((g) => g.failed > 0)
    .map((g) => `<li><b>${escapeXml(g.scheduler)}</b> on ${escapeXml(groupName(g))}: ${g.failed} of ${g.failed + g.runs.length} cells failed</li>`);
  if (items.length === 0) return '';
  return `<section class="warnings" aria-label="Warnings"><b>Failed cells</b> (their errors are in results.csv; the charts leave them out):<ul>${items.join('')}</ul></section>`;
}

function groupName(group: CellGroup): string {
  return [group.scenario, ...group.parameters.map((v) => String(parameterText(v)))].join(' · ');
}

/** Parameter p against each metric, once per combination of the other parameters. */
function parameterSection(manifest: SweepManifest, groups: readonly CellGroup[], p: number, metrics: readonly MetricDefinition[], schedulers: readonly string[], scenario: number): string {
  const path = manifest.parameters[p];
  const xs = valuesOf(groups, p);
  const others = (g: CellGroup) => JSON.stringify(g.parameters.filter((_, q) => q !== p));
  const panels = unique(groups.map(others));
  const drawn = panels.slice(0, MAX_PANELS).map((panel, k) => {
    const inPanel = groups.filter((g) => others(g) === panel);
    const held = manifest.parameters
      .map((other, q) => (q === p ? null : `${escapeXml(parameterName(other))} = ${escapeXml(String(parameterText(inPanel[0].parameters[q])))}`))
      .filter((t) => t !== null);
    const charts = metrics.map((metric) => {
      const scale = scaleOf(metric, groups);
      const series = schedulers.map((scheduler, s) => ({
        name: scheduler,
        colour: seriesColour(s),
        dash: seriesDash(s),
        points: xs.map((x): LinePoint => {
          const group = inPanel.find((g) => g.scheduler === scheduler && JSON.stringify(g.parameters[p]) === JSON.stringify(x));
          return { ...drawnInterval(metric, group?.intervals[metric.key] ?? null), valueText: intervalText(group?.intervals[metric.key] ?? null, scale) };
        }),
      }));
      const id = `s${scenario}-p${p}-${k}-${metric.key}`;
      return `<figure>${renderLineChart({ id, title: metric.label, xTitle: parameterName(path), xValues: xs.map(parameterText), unit: scale, better: metric.better, series })}</figure>`;
    });
    const caption = held.length === 0 ? '' : `<h4>with ${held.join(', ')}</h4>`;
    return `${caption}<div class="chart-grid">${charts.join('')}</div>`;
  });
  const more = panels.length > MAX_PANELS ? `<p class="note">${panels.length - MAX_PANELS} more combinations of the other parameters are not drawn: summary.csv has them.</p>` : '';
  return `<h3>Against ${escapeXml(parameterName(path))} <code>${escapeXml(path)}</code></h3>${drawn.join('\n')}${more}`;
}

function barCharts(groups: readonly CellGroup[], metrics: readonly MetricDefinition[], schedulers: readonly string[], scenario: number): string {
  const charts = metrics.map((metric) => {
    const scale = scaleOf(metric, groups);
    const bars = schedulers.map((scheduler, s) => {
      const c = groups.find((g) => g.scheduler === scheduler)?.intervals[metric.key] ?? null;
      const { mean, low, high } = drawnInterval(metric, c);
      return { label: scheduler, value: mean, low, high, colour: seriesColour(s), valueText: intervalText(c, scale) };
    });
    return `<figure>${renderBarChart({ id: `s${scenario}-${metric.key}`, title: metric.label, unit: scale, better: metric.better, bars })}</figure>`;
  });
  return `<div class="chart-grid">${charts.join('')}</div>`;
}

function howToRead(): string {
  const items = [
    'Each point is the mean over the seeds of the cells with those parameter values and that scheduler; the whisker is its 95% confidence interval (Student t), drawn when there are several seeds.',
    'For a given seed every scheduler ran on the same resolved scenario (common random numbers), so differences between lines at one value come from the schedulers.',
    'Failed cells are left out of the means; results.csv has every cell with its error, summary.csv every group and metric.',
  ];
  return `<section class="how-to-read"><h2>How to read this report</h2><ul>${items.map((i) => `<li>${escapeXml(i)}</li>`).join('')}</ul></section>`;
}

/** The one unit `metric` is shown in on a scenario's charts: from every value they draw. */
function scaleOf(metric: MetricDefinition, groups: readonly CellGroup[]): MetricScale {
  return metricScale(
    metric,
    groups.flatMap((g) => {
      const { mean, low, high } = drawnInterval(metric, g.intervals[metric.key]);
      return [mean, low, high];
    }),
  );
}

/** An interval as drawn: its low end raised to the metric's floor (Student's t knows nothing of bounds). */
function drawnInterval(metric: MetricDefinition, c: ConfidenceInterval | null): { mean: number | null; low: number | null; high: number | null } {
  if (c === null) return { mean: null, low: null, high: null };
  const low = c.low === null || metric.floor === null ? c.low : Math.max(c.low, metric.floor);
  return { mean: c.mean, low, high: c.high };
}

/** `mean ± half-width` in the metric's unit for the scenario, for tooltips and screen readers. */
function intervalText(c: ConfidenceInterval | null, scale: MetricScale): string {
  if (c === null) return 'undefined';
  return c.halfWidth === null ? formatScaled(c.mean, scale) : `${formatScaled(c.mean, scale)} ± ${formatScaled(c.halfWidth, scale)}`;
}

/** The values parameter p takes among the groups, in order of first appearance. */
function valuesOf(groups: readonly CellGroup[], p: number): unknown[] {
  const seen = new Map<string, unknown>();
  for (const g of groups) seen.set(JSON.stringify(g.parameters[p]), g.parameters[p]);
  return [...seen.values()];
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
