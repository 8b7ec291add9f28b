import { describe, expect, it } from 'vitest';
import { groupChartOption, overTimeChartOption, runningChartOption } from './browser/report-charts.js';

// The least of a run's packed data the charts read.
const run = { scheduler: 'fair', binStart: 0, binWidth: 10, runningMaps: [1, 2], overTime: { binStart: 0, binWidth: 10, fairness: [0.5], dissatisfaction: [0.1], locality: [50] } };
const group = { id: 'alice', runningMaps: [1, 2], demandMaps: [3, 3], fairMaps: [2, 2], waitingJobs: [1, 0] };
const model = { runs: [run], mapSlots: 8, reduceSlots: 4 };

describe("the report's tooltips", () => {
  it('give each value its unit: slots, and jobs for the waiting jobs', () => {
    const option = groupChartOption(run, group, { minShare: 2, settings: '' }, 'maps', 8);
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
