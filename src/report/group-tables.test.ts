import { describe, expect, it } from 'vitest';
import type { GroupSummary } from '../metrics/group-summary.js';
import { longestWaitFinding, renderGroupTable, groupSummariesOf } from './group-tables.js';
import { fifoComparison } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';

const group = (id: string, meanWait: number): GroupSummary => ({
  id, jobs: 3, succeeded: 3, meanWait, maxWait: meanWait, meanCompletionTime: 10, p95CompletionTime: 10, mapSlotSeconds: 0, reduceSlotSeconds: 0,
});

describe('longestWaitFinding', () => {
  const comparison = fifoComparison({ schedulers: ['fifo', 'fair', 'capacity'] });

  it('names the group whose wait grew most against the baseline, and under which scheduler', () => {
    const summaries = [
      [group('prod', 10), group('research', 60)],
      [group('prod', 5), group('research', 700)],
      [group('prod', 50), group('research', 90)],
    ];
    const finding = longestWaitFinding(comparison, summaries, 0, 'pool');
    expect(finding.scheduler).toBe(1);
    expect(finding.group).toBe('research');
    expect(finding.text).toMatch(/^Under fair, pool research waited longest against fifo: 700\.0 s on average for a first task, against 60\.0 s under fifo \(3 jobs; /);
  });

  it('names the group that waited longest under the baseline when none waited longer elsewhere, as printed', () => {
    const summaries = [
      [group('a', 10), group('b', 12)],
      [group('a', 10.04), group('b', 1)],
      [group('a', 3), group('b', 2)],
    ];
    const finding = longestWaitFinding(comparison, summaries, 0, 'user');
    expect(finding.scheduler).toBe(0);
    expect(finding.group).toBe('b');
    expect(finding.text).toMatch(/^No user waited longer on average than under fifo; under fifo, user b waited longest: 12\.0 s on average for a first task \(3 jobs; /);
  });
});

describe('renderGroupTable', () => {
  it('has a row per pool with its settings and, per scheduler, the mean wait and completion', () => {
    const comparison = fifoComparison();
    const html = renderGroupTable(comparison, 'pool', groupSummariesOf(comparison, 'pool'));
    expect(tagProblems(html)).toEqual([]);
    expect(html).toContain('data-grouping="pool"');
    expect(html.match(/<tr data-group=/g)!.length).toBeGreaterThan(0);
    expect(html).toMatch(/<td>\d+\.\d s<\/td>/);
    expect(html.match(/<th scope="col">mean wait<\/th>/g)).toHaveLength(2);
  });
});
