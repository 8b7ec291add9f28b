/**
 * The table of each pool's mean use of a YARN resource cluster: one row per
 * pool, then per scheduler (first replication) its mean memory, mean vcores
 * and mean dominant share over the run's span (`metrics/group-resource-
 * means.ts`). Empty on a slot cluster. The dominant shares say, in one
 * number per pool, how evenly dominant resource fairness held: under drf
 * the pools' shares come closer than under a memory-only rule.
 */
import type { Comparison } from '../experiment/compare.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupResourceMeans } from '../metrics/group-resource-means.js';
import { runSpan } from '../metrics/span.js';
import { formatMemory } from './format.js';
import { escapeXml } from './svg.js';

export function renderPoolResourceTable(comparison: Comparison): string {
  const means = comparison.results.map((r) => groupResourceMeans(r.sample, 'pool', runSpan(r.sample), attemptEnds(r.sample)));
  if (means.every((pools) => pools.length === 0)) return '';
  const ids = [...new Set(means.flat().map((pool) => pool.id))];
  let out = '<div class="table-wrap"><table class="summary pool-resources">';
  out +=
    '<caption>Time averages over each run’s span (first submission to last end) of the memory and vcores each pool’s containers held, its tasks’ and ApplicationMasters’, ' +
    'and of its dominant share: the larger of its shares of the cluster’s memory and vcores. First replication of each scheduler.</caption>';
  out += '<thead><tr><th scope="col" rowspan="2">pool</th>';
  for (const r of comparison.results) out += `<th scope="colgroup" colspan="3">${escapeXml(r.scheduler)}</th>`;
  out += '</tr><tr>';
  for (let s = 0; s < comparison.results.length; s++) out += '<th scope="col">mean memory</th><th scope="col">mean vcores</th><th scope="col">mean dominant share</th>';
  out += '</tr></thead><tbody>';
  for (const id of ids) {
    out += `<tr><th scope="row">${escapeXml(id)}</th>`;
    for (const pools of means) {
      const pool = pools.find((p) => p.id === id);
      if (pool === undefined) out += '<td class="na">—</td><td class="na">—</td><td class="na">—</td>';
      else out += `<td>${formatMemory(pool.meanMemory)}</td><td>${pool.meanVcores.toFixed(2)}</td><td>${(100 * pool.meanDominantShare).toFixed(1)} %</td>`;
    }
    out += '</tr>';
  }
  return out + '</tbody></table></div>';
}
