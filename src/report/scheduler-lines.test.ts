import { describe, expect, it } from 'vitest';
import { schedulerColour, schedulerLine } from './browser/report-charts.js';

const style = (s: number): string => JSON.stringify([schedulerColour(s), schedulerLine(s)]);

describe("the report's scheduler lines", () => {
  it('differ for any eight schedulers (the quick start compares eight): past seven colours, by dash', () => {
    expect(new Set(Array.from({ length: 8 }, (_, s) => style(s))).size).toBe(8);
  });
});
