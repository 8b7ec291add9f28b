import { describe, expect, it } from 'vitest';
import { groupChartOption, measureOf, overTimeChartOption, runningChartOption, stackChartOption } from './browser/report-charts.js';

// The least of a run's packed data the charts read.
const run = { scheduler: 'fair', binStart: 0, binWidth: 10, runningMaps: [1, 2], overTime: { binStart: 0, binWidth: 10, fairness: [0.5], dissatisfaction: [0.1], locality: [50] } };
const group = { id: 'alice', runningMaps: [1, 2], demandMaps: [3, 3], fairMaps: [2, 2], waitingJobs: [1, 0] };
const model = { runs: [run], mapSlots: 8, reduceSlots: 4 };

// The same on a resource cluster of 22 GB and 13 vcores: memory in MB, dominant shares in percent.
const pool = { id: 'A', memory: [17408, 17408], vcores: [5, 5], dominantShare: [77.27, 77.27], demandMemory: [82944, 82944], demandVcores: [21, 21], fairMemory: [11264, 11264], fairVcores: [6, 6], fairDominantShare: [50, 50] };
const resourceRun = { ...run, poolResources: [pool, { ...pool, id: 'B', memory: [3072, 3072], vcores: [7, 7] }] };
const resourceModel = { runs: [resourceRun], mapSlots: 13, reduceSlots: 13, resources: { memory: 22528, vcores: 13 } };

describe("the report's tooltips", () => {
  it('give each value its unit: slots, and jobs for the waiting jobs', () => {
    const option = groupChartOption(run, group, group.waitingJobs, measureOf(model, 'maps'), { minShare: 2, settings: '' });
    expect(option.tooltip.valueFormatter(3.5)).toBe('3.50 slots');
    const waiting = option.series.find((series: { name: string }) => series.name === 'waiting jobs');
    expect(waiting.tooltip.valueFormatter(2)).toBe('2.0 jobs');
    expect(runningChartOption(model, 'maps').tooltip.valueFormatter(4)).toBe('4.0 slots');
  });

  it("give the metrics over time theirs: the fairness deviation in slots, locality in %", () => {
    expect(overTimeChartOption(model, 'fairness', 'Fairness', 'deviation (slots)').tooltip.valueFormatter(0.5)).toBe('0.50 slots');
    expect(overTimeChartOption(model, 'locality', 'Locality', 'node-local (%)').tooltip.valueFormatter(61.25)).toBe('61.25 %');
    expect(overTimeChartOption(model, 'dissatisfaction', 'Dissatisfaction', 'dissatisfaction').tooltip.valueFormatter(0.1)).toBe('0.10');
  });
});

describe("the report's charts on a resource cluster", () => {
  it('draw memory in GB against the cluster’s, with its unit in the tooltip and on the axis', () => {
    const option = groupChartOption(resourceRun, pool, [0, 0], measureOf(resourceModel, 'memory'), { minShare: 0, settings: '' });
    expect(option.tooltip.valueFormatter(17)).toBe('17.00 GB');
    expect(option.yAxis[0]).toMatchObject({ name: 'memory (GB)', max: 22 });
    expect(option.series.map((series: { name: string }) => series.name)).toEqual(['memory held', 'fair share', 'demand', 'waiting jobs', 'min share']);
    expect(option.series[0].data).toEqual([[5, 17], [15, 17]]);
    expect(option.series[1].data).toEqual([[5, 11], [15, 11]]);
  });

  it('draw vcores and dominant shares in theirs, dominant shares without a demand', () => {
    expect(groupChartOption(resourceRun, pool, [0, 0], measureOf(resourceModel, 'vcores'), { minShare: 0, settings: '' }).tooltip.valueFormatter(5)).toBe('5.00 vcores');
    const dominant = groupChartOption(resourceRun, pool, [0, 0], measureOf(resourceModel, 'dominant'), { minShare: 0, settings: '' });
    expect(dominant.tooltip.valueFormatter(77.27)).toBe('77.27 %');
    expect(dominant.yAxis[0]).toMatchObject({ name: 'dominant share (%)', max: 100 });
    expect(dominant.series.map((series: { name: string }) => series.name)).toEqual(['dominant share', 'fair share', 'waiting jobs', 'min share']);
  });

  it('stack the pools’ memory but draw their dominant shares side by side, which do not add up', () => {
    const memory = stackChartOption(resourceRun, resourceRun.poolResources, measureOf(resourceModel, 'memory'));
    expect(memory.series.map((series) => ('stack' in series ? series.stack : undefined))).toEqual(['all', 'all']);
    const dominant = stackChartOption(resourceRun, resourceRun.poolResources, measureOf(resourceModel, 'dominant'));
    expect(dominant.series.map((series) => ('stack' in series ? series.stack : undefined))).toEqual([undefined, undefined]);
    expect(dominant.title.text).toBe('Dominant share by group under fair');
  });

  it('sum the pools’ memory into the cluster’s, per scheduler', () => {
    const option = runningChartOption(resourceModel, 'memory');
    expect(option.title.subtext).toBe('of 22 GB');
    expect(option.series[0].data).toEqual([[5, 20], [15, 20]]);
    expect(runningChartOption(resourceModel, 'vcores').series[0].data).toEqual([[5, 12], [15, 12]]);
  });
});
