/**
 * A comparison with each run's decision log kept, as `compare --explain`
 * keeps it, and the first run's log of each scheduler as the report takes
 * them: for the browser tests and the screenshot script.
 */
import { compare, type Comparison, type CompareOptions } from '../experiment/compare.js';
import type { Scenario } from '../model/scenario.js';

export function explainedComparison(source: (seed: number) => Scenario, options: Omit<CompareOptions, 'explain'>): { comparison: Comparison; decisions: string[] } {
  const logs = new Map<string, string[]>();
  const comparison = compare(source, {
    ...options,
    explain: (name) => {
      const lines: string[] = [];
      // A scheduler's later replications start a log of their own; the report shows the first one's.
      if (!logs.has(name)) logs.set(name, lines);
      return (decision) => void lines.push(JSON.stringify(decision));
    },
  });
  return { comparison, decisions: comparison.results.map((r) => logs.get(r.scheduler)!.join('\n')) };
}
