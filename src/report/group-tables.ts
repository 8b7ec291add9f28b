/**
 * The tables that say which pool (or user) waited: one row per group, its
 * settings, then per scheduler the mean wait for a first task and the mean
 * completion time of its jobs, each the mean over every replication with its
 * 95% interval. In each scheduler's column the longest wait is marked; a row
 * is a button that shows the group in the share-over-time chart. A sentence
 * above the pool table names the wait that grew most against the baseline,
 * paired by seed as the metrics' differences are.
 */
import type { Comparison } from '../experiment/compare.js';
import type { GroupSummary } from '../metrics/group-summary.js';
import type { Grouping } from '../metrics/group-timeline.js';
import { pairedDifference, replicationInterval, type ConfidenceInterval } from '../metrics/index.js';
import type { Resources } from '../model/resources.js';
import type { Scenario } from '../model/scenario.js';
import type { Pool } from '../model/workload.js';
import { formatMemory } from './format.js';
import { differenceScale, differenceText, formatScaled, metricScale } from './metric-scale.js';
import { halfWidthNote } from './summary-table.js';
import { escapeXml } from './svg.js';

const SECONDS = metricScale({ unit: 's' }, []);

/** A group under one scheduler, over every replication. */
export interface GroupWait {
  /** The replications' mean waits for a first task, and mean completion times, as 95% intervals; null where no replication has one. */
  readonly wait: ConfidenceInterval | null;
  readonly completion: ConfidenceInterval | null;
  /** Its mean wait minus the baseline's on the same seed; null for the baseline, or when a replication lacks the group. */
  readonly waitDifference: ConfidenceInterval | null;
}

export interface GroupWaits {
  readonly id: string;
  /** Its jobs per replication, on average (a workload drawn per seed may differ by seed). */
  readonly jobs: number;
  /** Per scheduler, in comparison order. */
  readonly schedulers: readonly GroupWait[];
}

/** Every group of the comparison (in order of first appearance) under every scheduler, over every replication. */
export function groupWaits(comparison: Comparison, grouping: Grouping, baseline: number): GroupWaits[] {
  const replications = comparison.results.map((r) => r.groups[grouping]);
  const ids = [...new Set(replications.flat(2).map((g) => g.id))];
  return ids.map((id) => {
    const find = (groups: readonly GroupSummary[]) => groups.find((g) => g.id === id);
    const waits = replications.map((runs) => runs.map((groups) => find(groups)?.meanWait ?? null));
    const present = replications[baseline].flatMap((groups) => find(groups) ?? []);
    return {
      id,
      jobs: present.reduce((sum, g) => sum + g.jobs, 0) / Math.max(1, present.length),
      schedulers: replications.map((runs, s) => ({
        wait: replicationInterval(waits[s]),
        completion: replicationInterval(runs.map((groups) => find(groups)?.meanCompletionTime ?? null)),
        waitDifference: s === baseline ? null : pairedDifference(waits[s], waits[baseline]),
      })),
    };
  });
}

export function renderGroupTable(comparison: Comparison, grouping: Grouping, waits: readonly GroupWaits[]): string {
  const schedulers = comparison.results.map((r) => r.scheduler);
  const scenario = comparison.results[0].sample.scenario;
  const longest = schedulers.map((_, s) => {
    const means = waits.map((group) => group.schedulers[s].wait?.mean ?? -Infinity);
    const top = Math.max(...means);
    const differ = means.some((m) => formatScaled(m, SECONDS) !== formatScaled(top, SECONDS));
    return waits.length > 1 && differ ? waits.filter((_, g) => means[g] === top).map((group) => group.id) : [];
  });
  const what = grouping === 'pool' ? 'pool' : 'user';
  const n = comparison.seeds.length;
  const over = n > 1 ? `Each the mean over the ${n} replications, and below it ± the half-width of its 95% interval.` : 'One replication: no interval.';
  let out = `<div class="table-wrap"><table class="summary groups" data-grouping="${grouping}">`;
  out += `<caption>Mean wait: from a job’s submission to its first task’s start. Mean completion: submission to end, over the jobs that succeeded. ${over} <span class="key worst">Longest wait</span> under that scheduler. Click a row to chart the ${what}.</caption>`;
  out += `<thead><tr><th scope="col" rowspan="2">${what}</th><th scope="col" rowspan="2">jobs</th><th scope="col" rowspan="2">settings</th>`;
  for (const name of schedulers) out += `<th scope="colgroup" colspan="2">${escapeXml(name)}</th>`;
  out += '</tr><tr>';
  for (let s = 0; s < schedulers.length; s++) out += '<th scope="col">mean wait</th><th scope="col">mean completion</th>';
  out += '</tr></thead><tbody>';
  for (const group of waits) {
    out += `<tr data-group="${escapeXml(group.id)}" tabindex="0"><th scope="row">${escapeXml(group.id)}</th><td>${jobsText(group.jobs)}</td>`;
    out += `<td class="settings">${escapeXml(groupSettings(scenario, grouping, group.id))}</td>`;
    group.schedulers.forEach(({ wait, completion }, s) => {
      const worst = longest[s].includes(group.id);
      out += `<td${worst ? ' class="worst"' : ''}>${intervalCell(wait)}${worst ? '<span class="sr-only"> (longest wait)</span>' : ''}</td>`;
      out += `<td>${intervalCell(completion)}</td>`;
    });
    out += '</tr>';
  }
  return out + '</tbody></table></div>';
}

function intervalCell(interval: ConfidenceInterval | null): string {
  return interval === null ? formatScaled(null, SECONDS) : formatScaled(interval.mean, SECONDS) + halfWidthNote(interval, SECONDS);
}

/** Jobs per replication: whole when every seed has the same, else to a tenth. */
function jobsText(jobs: number): string {
  return Number.isInteger(jobs) ? String(jobs) : jobs.toFixed(1);
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
 * One sentence: the group whose mean wait grew most against the baseline,
 * paired by seed, under which scheduler, from what to what, and whether the
 * difference's interval leaves out zero; or, when no group's wait grew (as
 * printed), the group that waited longest under the baseline itself. Empty
 * with one scheduler.
 */
export function longestWaitFinding(comparison: Comparison, waits: readonly GroupWaits[], baseline: number, grouping: Grouping): WaitFinding {
  if (comparison.results.length < 2) return { scheduler: null, group: null, text: '' };
  let grew: { scheduler: number; group: GroupWaits; difference: ConfidenceInterval } | null = null;
  for (const group of waits) {
    for (let s = 0; s < group.schedulers.length; s++) {
      const difference = group.schedulers[s].waitDifference;
      if (difference !== null && (grew === null || difference.mean > grew.difference.mean)) grew = { scheduler: s, group, difference };
    }
  }
  const base = comparison.results[baseline].scheduler;
  const settings = (group: GroupWaits) => `${jobsText(group.jobs)} jobs; ${groupSettings(comparison.results[0].sample.scenario, grouping, group.id)}`;
  if (grew === null || !(grew.difference.mean > 0) || formatScaled(grew.difference.mean, SECONDS) === formatScaled(0, SECONDS)) {
    const longest = waits.reduce<GroupWaits | null>((best, group) => ((group.schedulers[baseline].wait?.mean ?? -Infinity) > (best?.schedulers[baseline].wait?.mean ?? -Infinity) ? group : best), null);
    const none = `No ${grouping} waited longer on average than under ${base}`;
    if (longest === null) return { scheduler: null, group: null, text: `${none}.` };
    return {
      scheduler: baseline,
      group: longest.id,
      text: `${none}; under ${base}, ${grouping} ${longest.id} waited longest: ${intervalText(longest.schedulers[baseline].wait)} on average for a first task (${settings(longest)}).`,
    };
  }
  const { scheduler, group, difference } = grew;
  const n = difference.n;
  const pairing = n === 1 ? 'on the same seed' : `paired by seed over ${n} replications`;
  const chance = difference.low !== null && difference.low <= 0 ? '; its 95% interval takes in zero, so it may be chance' : '';
  return {
    scheduler,
    group: group.id,
    text:
      `Under ${comparison.results[scheduler].scheduler}, ${grouping} ${group.id} waited longest against ${base}: ` +
      `${intervalText(group.schedulers[scheduler].wait)} on average for a first task, against ${intervalText(group.schedulers[baseline].wait)} under ${base}, ` +
      `${differenceText(difference, differenceScale(SECONDS, [difference.mean, difference.halfWidth]))} ${pairing}${chance} (${settings(group)}).`,
  };
}

/** A mean wait and, over several replications, ± its 95% half-width. */
function intervalText(interval: ConfidenceInterval | null): string {
  if (interval === null || interval.halfWidth === null) return formatScaled(interval?.mean ?? null, SECONDS);
  return `${formatScaled(interval.mean, SECONDS)} ± ${formatScaled(interval.halfWidth, SECONDS)}`;
}
