/**
 * `mrsched plan reduce-thresholds FILE`: the thresholds q_{k,n} of the
 * optimal placement of K sequential jobs' reducers (Theorems 1–2 of
 * "Improving ReduceTask Data Locality for Sequential MapReduce Jobs").
 */
import { Command, Option } from 'commander';
import { readTextFile } from '../input/unreadable-file.js';
import { parseThresholdText } from '../planners/reduce-placement/threshold-file.js';
import { reduceThresholds } from '../planners/reduce-placement/thresholds.js';
import { renderTable } from '../report/table.js';
import { writeStdout } from './standard-output.js';

/** Thresholds a table row shows; --format json gives them all. */
const SHOWN = 10;

export function planReduceThresholdsCommand(): Command {
  return new Command('reduce-thresholds')
    .description("The thresholds of the optimal reduce placement for K sequential jobs (Theorems 1–2 of 'Improving ReduceTask Data Locality for Sequential MapReduce Jobs').")
    .argument('<file>', 'K and the law of the jobs’ reducers and data (YAML or JSON; see docs/algorithms/reduce-placement.md)')
    .addOption(new Option('-f, --format <format>', 'what to print').choices(['table', 'json']).default('table'))
    .addHelpText(
      'after',
      `
Row n holds q_{1,n}, q_{2,n}, …, q_{(K−n)·r̄,n}; the last row is empty. Job n, with data x and ρ
reducers, counts t = #{k : q_{k,n} > x/ρ} and takes the free slots of ranks t+1 … t+ρ in cost order.
JSON: {"K", "maxReducers", "thresholds": [[q_{1,1}, q_{2,1}, …], …, []]}.

Examples:
  $ mrsched plan reduce-thresholds examples/reduce-placement/remark-2.json          # 3, 2.4, 1.5
  $ mrsched plan reduce-thresholds examples/reduce-placement/paper-experiment.json --format json`,
    )
    .action((file: string, options: { readonly format: 'table' | 'json' }) => {
      const instance = parseThresholdText(readTextFile(file, 'a readable thresholds instance (YAML or JSON)'), file);
      const rows = reduceThresholds(instance.jobs, instance.law);
      const maxReducers = instance.law.maxReducers;
      if (options.format === 'json') {
        writeStdout(JSON.stringify({ K: instance.jobs, maxReducers, thresholds: rows.map((row) => [...row]) }) + '\n');
        return;
      }
      writeStdout(
        `${file}: K = ${instance.jobs} jobs, r̄ = ${maxReducers}; job n with data x and ρ reducers takes the free slots of ranks t+1 … t+ρ, t = #{k : q_{k,n} > x/ρ}\n\n`,
      );
      writeStdout(
        renderTable(
          ['job n', 'thresholds', 'q_{1,n}, q_{2,n}, …'],
          rows.map((row, n) => {
            const shown = Array.from(row.subarray(0, SHOWN), (q) => String(Math.round(q * 1e6) / 1e6));
            const rest = row.length > SHOWN ? [`… ${row.length - SHOWN} more`] : [];
            return [String(n + 1), String(row.length), row.length === 0 ? '— (greedy)' : [...shown, ...rest].join(', ')];
          }),
        ),
      );
    });
}
