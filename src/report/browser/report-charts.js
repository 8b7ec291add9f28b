// The report's ECharts charts, as option objects built from the report's data
// (../report-model.ts): a pool's share over time, every pool's stacked,
// running tasks per scheduler (in memory, vcores and dominant shares on a
// YARN resource cluster), min-share dissatisfaction, fairness and
// locality over time per scheduler, a metric's bars with their intervals, the
// paired differences from the baseline, the completion-time distributions.
// Time axes are in seconds everywhere; a metric keeps its one unit; memory
// is in GB of 1024 MB, as YARN counts.

import { POOL_COLOURS } from './gantt-view.js';

// As src/report/palette.ts: the Okabe–Ito colours, then past seven schedulers the same colours dashed.
const SCHEDULER_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#000000'];
const SCHEDULER_DASHES = ['solid', [6, 3], [2, 2], [8, 3, 2, 3]];
const AXIS_FONT = { fontSize: 11, color: '#5b636e' };
const TIME_ZOOM = [
  { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
  { type: 'slider', xAxisIndex: 0, height: 16, bottom: 4, filterMode: 'none' },
];

/**
 * @param {number} s
 * @returns {string}
 */
export function schedulerColour(s) {
  return SCHEDULER_COLOURS[s % SCHEDULER_COLOURS.length];
}

/**
 * The line of scheduler s: solid for the first seven, then dashed, so no two schedulers' lines look alike.
 * @param {number} s
 */
export function schedulerLine(s) {
  return { width: 1.5, type: SCHEDULER_DASHES[Math.floor(s / SCHEDULER_COLOURS.length) % SCHEDULER_DASHES.length] };
}

/**
 * Points [bin middle, value] of a binned series.
 * @param {{ binStart: number, binWidth: number }} run
 * @param {readonly number[]} values
 * @returns {number[][]}
 */
function binPoints(run, values) {
  return values.map((v, i) => [Math.round((run.binStart + (i + 0.5) * run.binWidth) * 10) / 10, v]);
}

/**
 * A tooltip's value with its unit: `3.50 slots`, `2.0 jobs`, `61.3 %`.
 * @param {number} decimals
 * @param {string} unit
 */
export function withUnit(decimals, unit) {
  return (/** @type {number | null | undefined} */ v) => (v === undefined || v === null ? '' : `${v.toFixed(decimals)}${unit === '' ? '' : ` ${unit}`}`);
}

/**
 * @param {string} title
 * @param {string} subtitle
 */
function chartTitle(title, subtitle) {
  return { text: title, subtext: subtitle, left: 0, textStyle: { fontSize: 14 }, subtextStyle: { fontSize: 12 } };
}

/** More schedulers than this slant their names under a metric's bars, so that every name fits. */
const UPRIGHT_NAMES = 4;

/**
 * A category axis's labels: every one shown (ECharts would drop every other
 * where they crowd), slanted when there are many.
 * @param {readonly string[]} names
 */
function everyName(names) {
  return { ...AXIS_FONT, interval: 0, rotate: names.length > UPRIGHT_NAMES ? 30 : 0 };
}

/**
 * Room under the plot for `names` at the slant `everyName` gives them (about 6 px a character at 11 px).
 * @param {readonly string[]} names
 */
function roomForNames(names) {
  if (names.length <= UPRIGHT_NAMES) return 40;
  const longest = Math.max(...names.map((name) => name.length));
  return 24 + Math.ceil(longest * 6 * Math.sin(Math.PI / 6));
}

/**
 * A time axis in seconds, from the data's first time to its last: labels to a tenth of a second, as the data are (an end at a job's exact time printed 16 digits).
 * Its first and last times are labelled beside the round ticks; labels that would run into each other are dropped (on a narrow chart "5,000" ran into "5,406.3").
 */
function timeAxis() {
  const formatter = (/** @type {number} */ seconds) => (Math.round(seconds * 10) / 10).toLocaleString('en');
  return { type: 'value', name: 'time (s)', nameLocation: 'middle', nameGap: 24, axisLabel: { ...AXIS_FONT, formatter, hideOverlap: true }, min: 'dataMin', max: 'dataMax' };
}

/**
 * A measure of a group's use of the cluster, with its unit and the cluster's capacity in it, and
 * how to read a series set in it (in its unit): what the group held, its fair share and demand.
 * @typedef {{ what: string, held: string, axis: string, unit: string, max: number, used: (group: any) => number[], fair: (group: any) => number[] | undefined, demand: (group: any) => number[] | undefined }} Measure
 */

/**
 * Memory series in GB, from the data's MB.
 * @param {readonly number[] | undefined} values
 */
function gigabytes(values) {
  return values?.map((v) => v / 1024);
}

/**
 * The measure `kind` names: maps or reduces in slots, or on a resource cluster memory in GB, vcores,
 * or the dominant share in percent.
 * @param {any} model
 * @param {'maps' | 'reduces' | 'memory' | 'vcores' | 'dominant'} kind
 * @returns {Measure}
 */
export function measureOf(model, kind) {
  switch (kind) {
    case 'memory':
      return { what: 'memory', held: 'memory held', axis: 'memory (GB)', unit: 'GB', max: model.resources.memory / 1024, used: (g) => gigabytes(g.memory) ?? [], fair: (g) => gigabytes(g.fairMemory), demand: (g) => gigabytes(g.demandMemory) };
    case 'vcores':
      return { what: 'vcores', held: 'vcores held', axis: 'vcores', unit: 'vcores', max: model.resources.vcores, used: (g) => g.vcores, fair: (g) => g.fairVcores, demand: (g) => g.demandVcores };
    case 'dominant':
      return { what: 'dominant share', held: 'dominant share', axis: 'dominant share (%)', unit: '%', max: 100, used: (g) => g.dominantShare, fair: (g) => g.fairDominantShare, demand: () => undefined };
    default: {
      const capital = kind === 'maps' ? 'Maps' : 'Reduces';
      return {
        what: kind, held: `running ${kind}`, axis: `${kind} (slots)`, unit: 'slots', max: kind === 'maps' ? model.mapSlots : model.reduceSlots,
        used: (g) => g[`running${capital}`], fair: (g) => g[`fair${capital}`], demand: (g) => g[`demand${capital}`],
      };
    }
  }
}

/**
 * One pool's (or user's) use of the cluster against its shares and demand, with its waiting jobs.
 * @param {any} run the run's data
 * @param {any} group its series set in the measure's data (slot counts, or resources)
 * @param {readonly number[]} waitingJobs its jobs waiting for a first task
 * @param {Measure} measure
 * @param {{ minShare: number, settings: string }} info its min share in the measure's unit, and its settings in words
 */
export function groupChartOption(run, group, waitingJobs, measure, info) {
  const fair = measure.fair(group);
  const demand = measure.demand(group);
  /** @type {any[]} */
  const series = [
    { name: measure.held, type: 'line', step: 'middle', showSymbol: false, areaStyle: { opacity: 0.25 }, lineStyle: { width: 1.5 }, color: '#0072B2', data: binPoints(run, measure.used(group)) },
    ...(fair === undefined ? [] : [{ name: 'fair share', type: 'line', showSymbol: false, lineStyle: { width: 2, type: 'dashed' }, color: '#009E73', data: binPoints(run, fair) }]),
    ...(demand === undefined ? [] : [{ name: 'demand', type: 'line', showSymbol: false, lineStyle: { width: 1, type: 'dotted' }, color: '#5b636e', data: binPoints(run, demand) }]),
    { name: 'waiting jobs', type: 'line', yAxisIndex: 1, step: 'middle', showSymbol: false, lineStyle: { width: 1.5 }, color: '#D55E00', tooltip: { valueFormatter: withUnit(1, 'jobs') }, data: binPoints(run, waitingJobs) },
    {
      name: 'min share', type: 'line', showSymbol: false, color: '#CC79A7', lineStyle: { width: 1.5, type: [6, 3] },
      data: info.minShare > 0 ? [[run.binStart, info.minShare], [run.binStart + run.binWidth * waitingJobs.length, info.minShare]] : [],
    },
  ];
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle(`${group.id} under ${run.scheduler}: ${measure.what}`, info.settings),
    tooltip: { trigger: 'axis', valueFormatter: withUnit(2, measure.unit) },
    legend: { top: 40, itemWidth: 18 },
    grid: { left: 52, right: 52, top: 80, bottom: 56 },
    xAxis: timeAxis(),
    yAxis: [
      { type: 'value', name: measure.axis, max: measure.max, axisLabel: AXIS_FONT, nameTextStyle: AXIS_FONT },
      { type: 'value', name: 'waiting jobs', axisLabel: AXIS_FONT, nameTextStyle: AXIS_FONT, splitLine: { show: false }, minInterval: 1 },
    ],
    dataZoom: TIME_ZOOM,
    series,
  };
}

/**
 * Every group's use of the cluster: stacked, as the groups' uses add up to the cluster's; dominant
 * shares, which do not add up, as lines side by side.
 * @param {any} run
 * @param {readonly any[]} groups their series sets in the measure's data
 * @param {Measure} measure
 */
export function stackChartOption(run, groups, measure) {
  const { what, axis, unit, max } = measure;
  const stacked = unit !== '%';
  const slots = unit === 'slots';
  const capacity = slots ? `the cluster has ${max} ${what === 'maps' ? 'map' : 'reduce'} slots` : stacked ? `the cluster has ${Number(max.toFixed(2))} ${unit}` : 'the larger of each group’s memory and vcore shares of the cluster';
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle(slots ? `Running ${what} by group under ${run.scheduler}` : `${what[0].toUpperCase()}${what.slice(1)} by group under ${run.scheduler}`, `${stacked ? 'stacked' : 'one line per group'}; ${capacity}`),
    tooltip: { trigger: 'axis', valueFormatter: withUnit(2, unit) },
    legend: { top: 40, type: 'scroll' },
    grid: { left: 52, right: 20, top: 80, bottom: 56 },
    xAxis: timeAxis(),
    yAxis: { type: 'value', name: axis, max, axisLabel: AXIS_FONT, nameTextStyle: AXIS_FONT },
    dataZoom: TIME_ZOOM,
    series: groups.map((group, g) => ({
      name: group.id, type: 'line', step: 'middle', showSymbol: false, color: POOL_COLOURS[g % POOL_COLOURS.length], data: binPoints(run, measure.used(group)),
      ...(stacked ? { stack: 'all', lineStyle: { width: 0.5 }, areaStyle: { opacity: 0.85 } } : { lineStyle: { width: 2 } }),
    })),
  };
}

/**
 * What the cluster ran, one line per scheduler: its running maps or reduces, or on a resource
 * cluster the memory or vcores its pools held, summed.
 * @param {any} model
 * @param {'maps' | 'reduces' | 'memory' | 'vcores'} kind
 */
export function runningChartOption(model, kind) {
  const measure = measureOf(model, kind);
  const slots = measure.unit === 'slots';
  /** @param {any} run */
  const used = (run) => (slots ? measure.used(run) : summed(run.poolResources.map(measure.used)));
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle(slots ? `Running ${kind}` : `${kind === 'memory' ? 'Memory' : 'Vcores'} in use`, `of ${Number(measure.max.toFixed(2))} ${measure.unit}`),
    tooltip: { trigger: 'axis', valueFormatter: withUnit(slots ? 1 : 2, measure.unit) },
    legend: { top: 40, type: 'scroll' },
    grid: { left: 52, right: 20, top: 92, bottom: 56 },
    xAxis: timeAxis(),
    yAxis: { type: 'value', name: measure.axis, max: measure.max, axisLabel: AXIS_FONT, nameTextStyle: AXIS_FONT },
    dataZoom: TIME_ZOOM,
    series: model.runs.map((/** @type {any} */ run, /** @type {number} */ s) => ({
      name: run.scheduler, type: 'line', step: 'middle', showSymbol: false, lineStyle: schedulerLine(s), color: schedulerColour(s), data: binPoints(run, used(run)),
    })),
  };
}

/**
 * The bin-by-bin sum of several series of the same bins.
 * @param {readonly (readonly number[])[]} series
 */
function summed(series) {
  return (series[0] ?? []).map((_, i) => series.reduce((sum, values) => sum + values[i], 0));
}

/** The unit of each metric over time (docs/metrics.md): dissatisfaction is a sum of priority-weighted fractions. */
const OVER_TIME_UNITS = { dissatisfaction: '', fairness: 'slots', locality: '%' };

/**
 * One of Rasooli and Down's metrics over time, one line per scheduler's first run (each over its own span).
 * @param {any} model
 * @param {'dissatisfaction' | 'fairness' | 'locality'} key
 * @param {string} title
 * @param {string} axisName
 */
export function overTimeChartOption(model, key, title, axisName) {
  const percent = key === 'locality';
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle(title, percent ? 'gaps where no map read input' : 'lower is better'),
    tooltip: { trigger: 'axis', valueFormatter: withUnit(2, OVER_TIME_UNITS[key]) },
    legend: { top: 40, type: 'scroll' },
    grid: { left: 52, right: 20, top: 92, bottom: 56 },
    xAxis: timeAxis(),
    yAxis: { type: 'value', name: axisName, axisLabel: AXIS_FONT, nameTextStyle: AXIS_FONT, ...(percent ? { min: 0, max: 100 } : {}) },
    dataZoom: TIME_ZOOM,
    series: model.runs.map((/** @type {any} */ run, /** @type {number} */ s) => ({
      name: run.scheduler, type: 'line', step: 'middle', showSymbol: false, connectNulls: false, lineStyle: schedulerLine(s), color: schedulerColour(s),
      data: run.overTime === null ? [] : binPoints(run.overTime, run.overTime[key]),
    })),
  };
}

/**
 * Vertical whiskers at categories: one line series, broken between whiskers.
 * @param {readonly any[]} intervals per category: { low, high } or null
 * @param {number} divisor
 * @param {boolean} horizontal whiskers along x, categories on y
 */
function whiskerSeries(intervals, divisor, horizontal) {
  /** @type {(number | string)[][]} */
  const data = [];
  intervals.forEach((c, i) => {
    if (c === null || c.low === null) return;
    const ends = [c.low / divisor, c.high / divisor];
    for (const v of ends) data.push(horizontal ? [v, i] : [i, v]);
    data.push(horizontal ? ['-', i] : [i, '-']);
  });
  return { name: '95% interval', type: 'line', data, showSymbol: false, connectNulls: false, silent: true, color: '#1f2328', lineStyle: { width: 2 }, z: 5 };
}

/**
 * A metric per scheduler: bars at the means, whiskers over the 95% intervals, best as printed in bold.
 * @param {any} model
 * @param {any} metric
 */
export function metricChartOption(model, metric) {
  const divisor = metric.scale.divisor;
  const unit = metric.scale.label;
  const highs = metric.values.map((/** @type {any} */ v) => (v === null ? 0 : (v.high ?? v.mean) / divisor));
  const percent = unit === '%' && Math.max(...highs) <= 100;
  const rank = metric.better === 'neither' ? 'not ranked' : `${metric.better} is better`;
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle(metric.label, `${unit === '' ? '' : `in ${unit} · `}${rank}${model.seeds.length > 1 ? ' · whiskers: 95% interval' : ''}`),
    tooltip: { trigger: 'item', formatter: (/** @type {any} */ p) => `${p.name}: ${metric.printed[p.dataIndex]}` },
    grid: { left: 64, right: 20, top: 64, bottom: roomForNames(model.schedulers) },
    xAxis: {
      type: 'category', data: model.schedulers,
      axisLabel: { ...everyName(model.schedulers), fontWeight: (/** @type {string} */ _name, /** @type {number} */ i) => (metric.best.includes(i) ? 'bold' : 'normal'), formatter: (/** @type {string} */ name, /** @type {number} */ i) => (metric.best.includes(i) ? `{best|${name}}` : name), rich: { best: { fontWeight: 'bold', color: '#1f2328' } } },
    },
    yAxis: { type: 'value', name: unit, axisLabel: AXIS_FONT, ...(percent ? { max: 100 } : {}) },
    series: [
      {
        name: metric.label, type: 'bar', barMaxWidth: 48,
        data: metric.values.map((/** @type {any} */ v, /** @type {number} */ s) => ({ value: v === null ? null : v.mean / divisor, itemStyle: { color: schedulerColour(s), opacity: metric.best.length === 0 || metric.best.includes(s) ? 1 : 0.55 } })),
      },
      whiskerSeries(metric.values, divisor, false),
    ],
  };
}

/**
 * Each scheduler minus the baseline, paired by seed: the mean difference and its 95% interval, zero marked.
 * @param {any} model
 * @param {any} metric
 */
export function differenceChartOption(model, metric) {
  const divisor = metric.scale.divisor;
  const others = model.schedulers.map((/** @type {string} */ name, /** @type {number} */ s) => ({ name, s })).filter((/** @type {any} */ o) => o.s !== model.baseline);
  const base = model.schedulers[model.baseline];
  const printedStep = 10 ** -metric.scale.decimals;
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle(`${metric.label}: difference from ${base}`, `${metric.scale.label === '' ? '' : `in ${metric.scale.label} · `}each scheduler minus ${base}, same seeds`),
    tooltip: { trigger: 'item', formatter: (/** @type {any} */ p) => `${others[p.dataIndex]?.name ?? ''}: ${metric.differences[others[p.dataIndex]?.s]?.printed ?? ''}` },
    grid: { left: 110, right: 30, top: 64, bottom: 40 },
    // At least ten printed steps either side of zero: a difference that prints as 0 stays at zero, not across the chart.
    xAxis: { type: 'value', name: metric.scale.label, axisLabel: AXIS_FONT, min: (/** @type {any} */ r) => Math.min(r.min, -10 * printedStep), max: (/** @type {any} */ r) => Math.max(r.max, 10 * printedStep) },
    yAxis: { type: 'category', data: others.map((/** @type {any} */ o) => o.name), axisLabel: { ...AXIS_FONT, interval: 0 } },
    series: [
      {
        name: 'mean difference', type: 'scatter', symbolSize: 11,
        data: others.map((/** @type {any} */ o) => {
          const d = metric.differences[o.s];
          return d === null ? [null, null] : [d.mean / divisor, others.indexOf(o)];
        }),
        itemStyle: { color: (/** @type {any} */ p) => schedulerColour(others[p.dataIndex].s) },
        markLine: { silent: true, symbol: 'none', lineStyle: { color: '#1f2328', type: 'solid' }, label: { formatter: base }, data: [{ xAxis: 0 }] },
      },
      whiskerSeries(others.map((/** @type {any} */ o) => metric.differences[o.s]), divisor, true),
    ],
  };
}

/**
 * Completion-time distributions, one line per scheduler; a log time axis when times span more than a factor of 100.
 * @param {any} model
 */
export function cdfChartOption(model) {
  const all = model.completionTimes.flatMap((/** @type {any} */ c) => c.times).filter((/** @type {number} */ t) => t > 0);
  const logarithmic = all.length > 0 && Math.max(...all) / Math.min(...all) > 100;
  return {
    animation: false,
    aria: { enabled: true },
    title: chartTitle('Jobs completed within a time of their submission', logarithmic ? 'time axis logarithmic' : ''),
    tooltip: { trigger: 'axis', valueFormatter: (/** @type {number} */ v) => (v === undefined ? '' : `${(v * 100).toFixed(1)} %`) },
    legend: { top: 40, type: 'scroll' },
    grid: { left: 52, right: 20, top: 92, bottom: 56 },
    xAxis: { type: logarithmic ? 'log' : 'value', name: 'completion time (s)', nameLocation: 'middle', nameGap: 24, axisLabel: AXIS_FONT, min: 'dataMin' },
    yAxis: { type: 'value', max: 1, name: 'share of jobs', axisLabel: { ...AXIS_FONT, formatter: (/** @type {number} */ v) => `${Math.round(v * 100)} %` } },
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    series: model.completionTimes.map((/** @type {any} */ c, /** @type {number} */ s) => ({
      name: model.schedulers[s], type: 'line', step: 'end', showSymbol: false, color: schedulerColour(s), lineStyle: schedulerLine(s),
      data: c.times.map((/** @type {number} */ t, /** @type {number} */ i) => [Math.max(t, logarithmic ? 0.1 : 0), c.times.length === 1 ? 1 : (i + 1) / c.times.length]),
    })),
  };
}
