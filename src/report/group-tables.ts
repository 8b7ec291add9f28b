/**
 * The tables that say which pool (or user) waited: one row per group, its
 * settings, then per scheduler the mean wait for a first task and the mean
 * completion time of its jobs (first replication). In each scheduler's column
 * the longest wait is marked; a row is a button that shows the group in the
 * share-over-time chart. A sentence above the pool table names the wait that
 * grew most against the baseline.
 */
import type { Comparison } from '../experiment/compare.js';
import { attemptEnds } from '../metrics/attempt-end.js';
import { groupSummaries, type GroupSummary } from '../metrics/group-summary.js';
import type { Grouping } from '../metrics/group-timeline.js';
import type { Resources } from '../model/resources.js';
import type { Scenario } from '../model/scenario.js';
import type { Pool } from '../model/workload.js';
import { formatMemory } from './format.js';
import { formatScaled, metricScale } from './metric-scale.js';
import { escapeXml } from './svg.js';

const SECONDS = metricScale({ unit: 's' }, []);

/** Per scheduler (comparison order), the summaries of its first run's groups. */
export function groupSummariesOf(comparison: Comparison, grouping: Grouping): GroupSummary[][] {
  return comparison.results.map((r) => groupSummaries(r.sample, grouping, attemptEnds(r.sample)));
}

export function renderGroupTable(comparison: Comparison, grouping: Grouping, summaries: readonly GroupSummary[][]): string {
  const schedulers = comparison.results.map((r) => r.scheduler);
  const scenario = comparison.results[0].sample.scenario;
  const ids = summaries[0].map((g) => g.id);
  const longest = summaries.map((groups) => {
    const waits = groups.map((g) => g.meanWait);
    const top = Math.max(...waits);
    return groups.length > 1 && waits.some((w) => formatScaled(w, SECONDS) !== formatScaled(top, SECONDS)) ? groups.filter((g) => g.meanWait === top).map((g) => g.id) : [];
  });
  const what = grouping === 'pool' ? 'pool' : 'user';
  let out = `<div class="table-wrap"><table class="summary groups" data-grouping="${grouping}">`;
  out += `<caption>Mean wait: from a job’s submission to its first task’s start. Mean completion: submission to end, over the jobs that succeeded. First replication of each scheduler. <span class="key worst">Longest wait</span> under that scheduler. Click a row to chart the ${what}.</caption>`;
  out += `<thead><tr><th scope="col" rowspan="2">${what}</th><th scope="col" rowspan="2">jobs</th><th scope="col" rowspan="2">settings</th>`;
  for (const name of schedulers) out += `<th scope="colgroup" colspan="2">${escapeXml(name)}</th>`;
  out += '</tr><tr>';
  for (let s = 0; s < schedulers.length; s++) out += '<th scope="col">mean wait</th><th scope="col">mean completion</th>';
  out += '</tr></thead><tbody>';
  ids.forEach((id, row) => {
    out += `<tr data-group="${escapeXml(id)}" tabindex="0"><th scope="row">${escapeXml(id)}</th><td>${summaries[0][row].jobs}</td>`;
    out += `<td class="settings">${escapeXml(groupSettings(scenario, grouping, id))}</td>`;
    summaries.forEach((groups, s) => {
      const group = groups.find((g) => g.id === id);
      const worst = longest[s].includes(id);
      out += `<td${worst ? ' class="worst"' : ''}>${formatScaled(group?.meanWait ?? null, SECONDS)}${worst ? '<span class="sr-only"> (longest wait)</span>' : ''}</td>`;
      out += `<td>${formatScaled(group?.meanCompletionTime ?? null, SECONDS)}</td>`;
    });
    out += '</tr>';
  });
  return out + '</tbody></table></div>';
}

/** The settings that decide a group's share, in words. */
function groupSettings(scenario: Scenario, grouping: Grouping, id: string): string {
  if (grouping === 'user') {
    const user = scenario.users.find((u) => u.id === id);
    if (user === undefined) return 'not configured';
    return `priority ${user.priority}, min share ${user.minShare.map} maps + ${user.minShare.reduce} reduces`;
  }
  const pool = scenario.pools.find((p) => p.id === id);
  if (pool === undefined) return 'not configured (weight 1, no min share, no job limit)';
  const parts = [`weight ${pool.weight}`, ...(onResources(scenario) ? resourceSettings(pool) : [`min share ${pool.minShare.map} maps + ${pool.minShare.reduce} reduces`])];
  if (pool.maxRunningJobs !== Infinity) parts.push(`at most ${pool.maxRunningJobs} running jobs`);
  parts.push(`capacity ${pool.capacity}%`);
  return parts.join(', ');
}

function onResources(scenario: Scenario): boolean {
  return scenario.cluster.nodes.some((node) => node.slotModel === 'resources');
}

/** On a YARN resource cluster, a pool's share in YARN's terms: its policy and its min and max resources, when set. */
function resourceSettings(pool: Pool): string[] {
  const parts = [`policy ${pool.schedulingPolicy ?? 'the scheduler’s default'}`];
  if (pool.minResources.memory > 0 || pool.minResources.vcores > 0) parts.push(`min resources ${describeResources(pool.minResources)}`);
  if (Number.isFinite(pool.maxResources.memory) || Number.isFinite(pool.maxResources.vcores)) parts.push(`max resources ${describeResources(pool.maxResources)}`);
  return parts;
}

function describeResources(resources: Resources): string {
  return `${Number.isFinite(resources.memory) ? formatMemory(resources.memory) : 'any memory'}, ${Number.isFinite(resources.vcores) ? resources.vcores : 'any'} vcores`;
}

export interface WaitFinding {
  /** The scheduler (comparison index) and group the sentence names; null when it names none. */
  readonly scheduler: number | null;
  readonly group: string | null;
  readonly text: string;
}

/**
 * One sentence: the group whose mean wait grew most against the baseline's
 * run (as printed), under which scheduler, from what to what; or, when no
 * group waited longer than under the baseline, the group that waited longest
 * under the baseline itself. Empty with one scheduler.
 */
export function longestWaitFinding(comparison: Comparison, summaries: readonly GroupSummary[][], baseline: number, grouping: Grouping): WaitFinding {
  if (comparison.results.length < 2) return { scheduler: null, group: null, text: '' };
  let found: { scheduler: number; group: GroupSummary; before: number } | null = null;
  for (let s = 0; s < summaries.length; s++) {
    if (s === baseline) continue;
    for (const group of summaries[s]) {
      const before = summaries[baseline].find((g) => g.id === group.id)?.meanWait ?? 0;
      if (found === null || group.meanWait - before > found.group.meanWait - found.before) found = { scheduler: s, group, before };
    }
  }
  const base = comparison.results[baseline].scheduler;
  const settings = (group: GroupSummary) => `${group.jobs} jobs; ${groupSettings(comparison.results[0].sample.scenario, grouping, group.id)}`;
  if (found === null || found.group.meanWait < found.before || formatScaled(found.group.meanWait, SECONDS) === formatScaled(found.before, SECONDS)) {
    const longest = summaries[baseline].reduce<GroupSummary | null>((best, group) => (best === null || group.meanWait > best.meanWait ? group : best), null);
    const none = `No ${grouping} waited longer on average than under ${base}`;
    if (longest === null) return { scheduler: null, group: null, text: `${none}.` };
    return {
      scheduler: baseline,
      group: longest.id,
      text: `${none}; under ${base}, ${grouping} ${longest.id} waited longest: ${formatScaled(longest.meanWait, SECONDS)} on average for a first task (${settings(longest)}).`,
    };
  }
  const { scheduler, group, before } = found;
  return {
    scheduler,
    group: group.id,
    text:
      `Under ${comparison.results[scheduler].scheduler}, ${grouping} ${group.id} waited longest against ${base}: ` +
      `${formatScaled(group.meanWait, SECONDS)} on average for a first task, against ${formatScaled(before, SECONDS)} under ${base} ` +
      `(${settings(group)}).`,
  };
}
