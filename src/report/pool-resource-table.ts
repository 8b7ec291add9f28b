/**
 * The table of each pool's mean use of a YARN resource cluster: one row per
 * pool, then per scheduler its mean memory, mean vcores and mean dominant
 * share over each run's span (`metrics/group-resource-means.ts`), each the
 * mean over every replication with its 95% half-width. Empty on a slot
 * cluster. The dominant shares say, in one number per pool, how evenly
 * dominant resource fairness held: under drf the pools' shares come closer
 * than under a memory-only rule.
 */
import type { Comparison } from '../experiment/compare.js';
import type { GroupResourceMeans } from '../metrics/group-resource-means.js';
import { replicationInterval, type ConfidenceInterval } from '../metrics/index.js';
import { formatMemory } from './format.js';
import { halfWidthNote } from './summary-table.js';
import { escapeXml } from './svg.js';

/** The three figures of a pool, each printed as the table prints it. */
const FIGURES: readonly { readonly heading: string; readonly value: (pool: GroupResourceMeans) => number; readonly format: (value: number) => string }[] = [
  { heading: 'mean memory', value: (pool) => pool.meanMemory, format: formatMemory },
  { heading: 'mean vcores', value: (pool) => pool.meanVcores, format: (vcores) => vcores.toFixed(2) },
  { heading: 'mean dominant share', value: (pool) => pool.meanDominantShare, format: (share) => `${(100 * share).toFixed(1)} %` },
];

export function renderPoolResourceTable(comparison: Comparison): string {
  const replications = comparison.results.map((r) => r.groups.poolResources);
  const ids = [...new Set(replications.flat(2).map((pool) => pool.id))];
  if (ids.length === 0) return '';
  const n = comparison.seeds.length;
  let out = '<div class="table-wrap"><table class="summary pool-resources">';
  out +=
    '<caption>Time averages over each run’s span (first submission to last end) of the memory and vcores each pool’s containers held, its tasks’ and ApplicationMasters’, ' +
    `and of its dominant share: the larger of its shares of the cluster’s memory and vcores. ${n > 1 ? `Each the mean over the ${n} replications, and below it ± the half-width of its 95% interval.` : 'One replication: no interval.'}</caption>`;
  out += '<thead><tr><th scope="col" rowspan="2">pool</th>';
  for (const r of comparison.results) out += `<th scope="colgroup" colspan="${FIGURES.length}">${escapeXml(r.scheduler)}</th>`;
  out += '</tr><tr>';
  for (let s = 0; s < comparison.results.length; s++) out += FIGURES.map((figure) => `<th scope="col">${figure.heading}</th>`).join('');
  out += '</tr></thead><tbody>';
  for (const id of ids) {
    out += `<tr><th scope="row">${escapeXml(id)}</th>`;
    for (const runs of replications) {
      for (const figure of FIGURES) {
        const interval = replicationInterval(runs.map((pools) => pools.find((pool) => pool.id === id)).map((pool) => (pool === undefined ? null : figure.value(pool))));
        out += cell(interval, figure.format);
      }
    }
    out += '</tr>';
  }
  return out + '</tbody></table></div>';
}

function cell(interval: ConfidenceInterval | null, format: (value: number) => string): string {
  return interval === null ? '<td class="na">—</td>' : `<td>${escapeXml(format(interval.mean))}${halfWidthNote(interval, format)}</td>`;
}
