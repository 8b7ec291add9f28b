import { describe, expect, it } from 'vitest';
import type { Comparison } from '../experiment/compare.js';
import type { GroupSummary } from '../metrics/group-summary.js';
import { groupWaits, longestWaitFinding, renderGroupTable } from './group-tables.js';
import { fifoComparison } from './test-support/comparison.js';
import { tagProblems } from './test-support/markup.js';

const group = (id: string, meanWait: number): GroupSummary => ({
  id, jobs: 3, succeeded: 3, meanWait, maxWait: meanWait, meanCompletionTime: meanWait + 10, p95CompletionTime: 10, mapSlotSeconds: 0, reduceSlotSeconds: 0,
});

/** fifoComparison's schedulers with the pools' mean waits given per scheduler: pool → one wait per replication (seeds 1, 2, 3). */
function withWaits(waits: readonly Readonly<Record<string, readonly number[]>>[]): Comparison {
  const comparison = fifoComparison({ schedulers: ['fifo', 'fair', 'capacity'].slice(0, waits.length) });
  const replications = (s: number) => comparison.seeds.map((_, r) => Object.entries(waits[s]).map(([id, values]) => group(id, values[r])));
  return { ...comparison, results: comparison.results.map((result, s) => ({ ...result, groups: { ...result.groups, pool: replications(s), user: replications(s) } })) };
}

// t(0.975, 2) × 10 / √3 = 24.84: the half-width of three values 10 apart.
const HALF_WIDTH = (4.30265273 * 10) / Math.sqrt(3);

describe('groupWaits', () => {
  it('gives each group’s mean wait and completion over every replication, and its wait paired by seed against the baseline', () => {
    const comparison = withWaits([{ prod: [10, 12, 14], research: [60, 70, 80] }, { prod: [5, 5, 5], research: [700, 720, 740] }]);
    const [prod, research] = groupWaits(comparison, 'pool', 0);
    expect(prod.id).toBe('prod');
    expect(prod.jobs).toBe(3);
    expect(research.schedulers[0].wait!.mean).toBeCloseTo(70, 9);
    expect(research.schedulers[0].wait!.halfWidth).toBeCloseTo(HALF_WIDTH, 6);
    expect(research.schedulers[1].completion!.mean).toBeCloseTo(730, 9);
    expect(research.schedulers[0].waitDifference).toBeNull();
    // 700 − 60, 720 − 70, 740 − 80: 640, 650, 660.
    expect(research.schedulers[1].waitDifference!.mean).toBeCloseTo(650, 9);
    expect(research.schedulers[1].waitDifference!.halfWidth).toBeCloseTo(HALF_WIDTH, 6);
    // 5 − 10, 5 − 12, 5 − 14.
    expect(prod.schedulers[1].waitDifference!.mean).toBeCloseTo(-7, 9);
  });

  it('has no paired difference for a group missing from a replication, and leaves that replication out of its mean', () => {
    const comparison = withWaits([{ prod: [10, 20, 30] }, { prod: [40, 50, 60] }]);
    const dropped = { ...comparison, results: comparison.results.map((r, s) => (s === 1 ? { ...r, groups: { ...r.groups, pool: [r.groups.pool[0], [], r.groups.pool[2]] } } : r)) };
    const [prod] = groupWaits(dropped, 'pool', 0);
    expect(prod.schedulers[1].wait!.mean).toBe(50);
    expect(prod.schedulers[1].wait!.n).toBe(2);
    expect(prod.schedulers[1].waitDifference).toBeNull();
  });
});

describe('longestWaitFinding', () => {
  it('names the group whose wait grew most against the baseline, under which scheduler, with the intervals', () => {
    const comparison = withWaits([
      { prod: [10, 12, 14], research: [60, 70, 80] },
      { prod: [5, 5, 5], research: [700, 720, 740] },
      { prod: [50, 50, 50], research: [90, 90, 90] },
    ]);
    const finding = longestWaitFinding(comparison, groupWaits(comparison, 'pool', 0), 0, 'pool');
    expect(finding.scheduler).toBe(1);
    expect(finding.group).toBe('research');
    expect(finding.text).toMatch(
      /^Under fair, pool research waited longest against fifo: 720\.0 s ± 49\.7 s on average for a first task, against 70\.0 s ± 24\.8 s under fifo, \+650\.0 s ± 24\.8 s paired by seed over 3 replications \(3 jobs; /,
    );
    expect(finding.text).not.toContain('chance');
  });

  it('says when the difference’s interval takes in zero', () => {
    // Differences 0, −7 and +16: a mean of +3.0 s whose interval spans zero.
    const comparison = withWaits([{ prod: [10, 12, 14] }, { prod: [10, 5, 30] }]);
    const finding = longestWaitFinding(comparison, groupWaits(comparison, 'pool', 0), 0, 'pool');
    expect(finding.group).toBe('prod');
    expect(finding.text).toContain('+3.0 s ± ');
    expect(finding.text).toContain('its 95% interval takes in zero, so it may be chance');
  });

  it('names the group that waited longest under the baseline when none waited longer elsewhere, as printed', () => {
    const comparison = withWaits([
      { a: [10, 10, 10], b: [12, 12, 12] },
      { a: [10.04, 10.04, 10.04], b: [1, 1, 1] },
      { a: [3, 3, 3], b: [2, 2, 2] },
    ]);
    const finding = longestWaitFinding(comparison, groupWaits(comparison, 'user', 0), 0, 'user');
    expect(finding.scheduler).toBe(0);
    expect(finding.group).toBe('b');
    expect(finding.text).toMatch(/^No user waited longer on average than under fifo; under fifo, user b waited longest: 12\.0 s ± 0\.0 s on average for a first task \(3 jobs; /);
  });
});

describe('renderGroupTable', () => {
  it('has a row per pool with its settings and, per scheduler, the mean wait and completion over the replications with their half-widths', () => {
    const comparison = withWaits([{ prod: [10, 12, 14], research: [60, 70, 80] }, { prod: [5, 5, 5], research: [700, 720, 740] }]);
    const html = renderGroupTable(comparison, 'pool', groupWaits(comparison, 'pool', 0));
    expect(tagProblems(html)).toEqual([]);
    expect(html).toContain('data-grouping="pool"');
    expect(html.match(/<tr data-group=/g)).toHaveLength(2);
    expect(html).toContain('the mean over the 3 replications');
    // research under fifo: its wait, then its completion (wait + 10), each with its half-width.
    expect(html).toContain('<td class="worst">70.0 s<span class="hw">± 24.8 s</span><span class="sr-only"> (longest wait)</span></td><td>80.0 s<span class="hw">± 24.8 s</span></td>');
    expect(html).toContain('<td>5.0 s<span class="hw">± 0.0 s</span></td><td>15.0 s<span class="hw">± 0.0 s</span></td>');
    // fair's research waits spread twice as far as fifo's: its own half-width is twice as wide.
    expect(html).toContain('<td class="worst">720.0 s<span class="hw">± 49.7 s</span>');
    expect(html.match(/<th scope="col">mean wait<\/th>/g)).toHaveLength(2);
  });

  it('computes the tables from real runs: every replication counted', () => {
    const comparison = fifoComparison();
    const [first] = groupWaits(comparison, 'pool', 0);
    expect(first.schedulers[0].wait!.n).toBe(3);
    const html = renderGroupTable(comparison, 'pool', groupWaits(comparison, 'pool', 0));
    expect(html).toMatch(/<td>\d+\.\d s<span class="hw">± \d+\.\d s<\/span><\/td>/);
  });
});
