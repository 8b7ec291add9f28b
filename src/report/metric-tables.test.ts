import { describe, expect, it } from 'vitest';
import { compare } from '../experiment/compare.js';
import { testScenario } from '../test-support/scenario.js';
import { comparisonTable, runTable } from './metric-tables.js';

// A batch of two one-map jobs on one node: every scheduler runs it.
const batch = testScenario({ nodes: [{}], jobs: [{ maps: [{ work: 2 }] }, { maps: [{ work: 3 }] }] });

describe('metric tables', () => {
  it('leave out a metric no compared scheduler defines, and keep it when one does', () => {
    const hadoop = comparisonTable(compare(batch, { schedulers: ['fifo', 'fair'] }));
    expect(hadoop).toMatch(/^Makespan/m);
    expect(hadoop).not.toMatch(/Planned makespan/);
    const withPlan = comparisonTable(compare(batch, { schedulers: ['fifo', 'uaas'] }));
    expect(withPlan).toMatch(/^Planned makespan \(lower is better\)\s+—\s+\d/m);
  });

  it("leave out of a run's table the metrics undefined for it", () => {
    const [result] = compare(batch, { schedulers: ['fifo'] }).results;
    const table = runTable(result.runs[0]);
    // Maps of 2 s and 3 s one after the other from the node's first heartbeat, at its phase (about 0.5 s).
    expect(table).toMatch(/^Makespan\s+5\.5 s$/m);
    expect(table).not.toMatch(/Planned/);
  });
});
