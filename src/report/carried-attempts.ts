/**
 * What the report page carries of each first run's attempts, task numbers
 * and decision log, the most that fits its budget: everything; or without
 * the decisions; or without the task numbers too. When even that passes it,
 * each run's attempts go into files beside the page, in parts by job and
 * node (`attempt-parts.ts`) that the page loads for the time and nodes in view,
 * its decision log into a file of its own, and the page carries the run's
 * overview (`attempt-overview.ts`) to draw where attempts are not loaded.
 */
import type { Comparison } from '../experiment/compare.js';
import { encodeAttempts, encodeParts, type PackedAttempts } from './attempt-columns.js';
import { attemptOverview } from './attempt-overview.js';
import { attemptParts } from './attempt-parts.js';
import { besideAttemptsFile, besideAttemptsText, besideDecisionsFile, besideDecisionsText, besideDigest } from './beside-files.js';
import { OVERVIEW_BINS, type LaneOccupancy } from './browser/lane-occupancy.js';
import { packBytes } from './packed-bytes.js';
import { escapeXml } from './svg.js';

/** Characters of packed attempts and decision logs the page carries at most: with the rest, it stays under 5 MB. */
const CARRIED_BUDGET = 4_000_000;

/** Attempts of a range of jobs in files beside the page: 0.9–2.7 MB of text on the FB-2010-shaped day when they were one file, loaded in 0.4–0.5 s. */
export const BESIDE_PART_ATTEMPTS = 1_000_000;

/** Nodes whose attempts of a range of jobs share a file beside the page: the 3,000 nodes of the FB-2010-shaped day in 6 files a range. */
export const BESIDE_PART_NODES = 500;

/** Overview cells (nodes × 2 kinds × bins) of all runs at most: in 16 levels, 3,000 nodes took 0.65–1.07 MB of page text at 480 bins, 0.77–1.24 MB at 600, on the FB-2010-shaped day at 1/4. */
const OVERVIEW_CELLS = 3_000_000;

/** A run's attempts packed whole. */
interface WholeRun {
  /** The attempts' count and columns (not their bytes: a day's are a hundred megabytes). */
  readonly packed: Pick<PackedAttempts, 'count' | 'columns' | 'columnBytes'>;
  readonly text: string;
  /** The task numbers packed apart. */
  readonly tasks: string;
}

/** What the page carries of a run. */
interface CarriedRun extends Omit<WholeRun, 'tasks'> {
  /** The task numbers packed apart; undefined: left out. */
  readonly tasks: string | undefined;
  /** The run's decision log packed; undefined: none, or left out. */
  readonly decisions: string | undefined;
}

/** A part of a run's attempts in a file beside the page. */
interface BesidePart {
  readonly file: string;
  readonly packed: Pick<PackedAttempts, 'count' | 'columns' | 'columnBytes'>;
  readonly text: string;
  readonly tasks: string;
  readonly firstJob: number;
  readonly lastJob: number;
  readonly firstNode: number;
  readonly lastNode: number;
  /** Its attempts' earliest start and latest end, tenths of a second (the page's times). */
  readonly from: number;
  readonly to: number;
}

interface BesideRun {
  readonly count: number;
  readonly parts: readonly BesidePart[];
  /** The run's decision log packed; undefined: none. */
  readonly decisions: string | undefined;
  readonly overview: LaneOccupancy;
}

export type Carried =
  | { readonly where: 'page'; readonly runs: readonly CarriedRun[]; readonly withTasks: boolean; readonly decisionsLeftOut: boolean }
  | { readonly where: 'beside'; readonly runs: readonly BesideRun[]; readonly characters: number };

/**
 * `ends`: each first run's attempt ends; `decisionLogs`: each one's decision
 * log as JSON Lines, if any; `perPart`: how many attempts the files of a
 * range of jobs beside the page hold, at most (a job's may be more), and
 * `perPartNodes`: how many nodes' attempts a file of them holds.
 *
 * Each run is first packed as it most likely travels (`inPartsFirst`);
 * their sizes decide, and a run is packed the other way only if it must be
 * (a run of parts carried by the page after all, whose whole size is
 * checked again; a whole one beside it). A day of 16M attempts is then
 * packed once, not whole and then again in parts (3 s).
 */
export function carriedAttempts(
  comparison: Comparison,
  ends: readonly Float64Array[],
  decisionLogs: readonly (string | undefined)[],
  perPart = BESIDE_PART_ATTEMPTS,
  perPartNodes = BESIDE_PART_NODES,
): Carried {
  for (const [name, value] of [['attempts a part holds', perPart], ['nodes a part holds', perPartNodes]] as const) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`the ${name} beside a report page must be a whole number above 0, not ${value}`);
  }
  const logs = decisionLogs.map((log) => (log === undefined ? undefined : packBytes(Buffer.from(log))));
  // Each run's parts, made once (and only for a run of more attempts than a part, until needed).
  const partitions: (Partition | undefined)[] = [];
  const partition = (s: number) => (partitions[s] ??= attemptParts(comparison.results[s].sample, ends[s], perPart, perPartNodes));
  const first = comparison.results.map((r, s) => (r.sample.attempts.count > perPart && inPartsFirst(comparison, ends, s, partition(s)) ? partsOf(comparison, ends, s, partition(s)) : wholeOf(comparison, ends, s)));
  const inParts = () => first.map((run, s) => (Array.isArray(run) ? run : partsOf(comparison, ends, s, partition(s))));
  const fitFirst = fit(first, logs);
  if (fitFirst === 'beside') return besideThePage(comparison, ends, logs, inParts());
  const whole = first.map((run, s) => (Array.isArray(run) ? wholeOf(comparison, ends, s) : run));
  const fitWhole = fit(whole, logs);
  if (fitWhole === 'beside') return besideThePage(comparison, ends, logs, inParts());
  const hasDecisions = logs.some((log) => log !== undefined);
  return {
    where: 'page',
    runs: whole.map((run, s) => ({ ...run, tasks: fitWhole === 'without tasks' ? undefined : run.tasks, decisions: fitWhole === 'everything' ? logs[s] : undefined })),
    withTasks: fitWhole !== 'without tasks',
    decisionsLeftOut: fitWhole !== 'everything' && hasDecisions,
  };
}

type Partition = ReturnType<typeof attemptParts>;

/**
 * Whether a run of more attempts than a part likely goes beside the page:
 * its first part, packed alone, says that all of them would pass the page's
 * budget even without their task numbers.
 */
function inPartsFirst(comparison: Comparison, ends: readonly Float64Array[], s: number, { parts, partOf }: Partition): boolean {
  const run = comparison.results[s].sample;
  const [probe] = encodeParts(run, ends[s], partOf, parts.length, 0);
  return (packBytes(probe.bytes).length * run.attempts.count) / Math.max(1, probe.count) > CARRIED_BUDGET;
}

/** A run packed whole (task numbers apart). */
function wholeOf(comparison: Comparison, ends: readonly Float64Array[], s: number): WholeRun {
  const { bytes, tasks, ...packed } = encodeAttempts(comparison.results[s].sample, ends[s]);
  return { packed, text: packBytes(bytes), tasks: packBytes(tasks) };
}

/** A run packed in parts by job and node, each in its file beside the page. */
function partsOf(comparison: Comparison, ends: readonly Float64Array[], s: number, { parts: ranges, partOf }: Partition): BesidePart[] {
  const run = comparison.results[s].sample;
  return encodeParts(run, ends[s], partOf, ranges.length).map(({ bytes, tasks, ...packed }, p): BesidePart => {
    const { firstJob, lastJob, firstNode, lastNode, from, to } = ranges[p];
    return { file: besideAttemptsFile(s, p), packed, text: packBytes(bytes), tasks: packBytes(tasks), firstJob, lastJob, firstNode, lastNode, from: Math.floor(from * 10), to: Math.ceil(to * 10) };
  });
}

/** What of the runs (packed whole, or in parts) and their decision logs the page can carry within its budget. */
function fit(runs: readonly (WholeRun | readonly BesidePart[])[], logs: readonly (string | undefined)[]): 'everything' | 'without decisions' | 'without tasks' | 'beside' {
  const sizes = runs.map((run) => (Array.isArray(run) ? run : [run]).reduce((sum, { text, tasks }) => ({ text: sum.text + text.length, tasks: sum.tasks + tasks.length }), { text: 0, tasks: 0 }));
  const text = sizes.reduce((sum, size) => sum + size.text, 0);
  const tasks = sizes.reduce((sum, size) => sum + size.tasks, 0);
  const decisions = logs.reduce((sum, log) => sum + (log?.length ?? 0), 0);
  if (text + tasks + decisions <= CARRIED_BUDGET) return 'everything';
  if (text + tasks <= CARRIED_BUDGET) return 'without decisions';
  return text <= CARRIED_BUDGET ? 'without tasks' : 'beside';
}

/** Every run's attempts in parts beside the page, its decisions in a file, its overview in the page. */
function besideThePage(comparison: Comparison, ends: readonly Float64Array[], logs: readonly (string | undefined)[], parts: readonly BesidePart[][]): Carried {
  const nodes = comparison.results[0].sample.scenario.cluster.nodes.length;
  const bins = Math.max(100, Math.min(OVERVIEW_BINS, Math.floor(OVERVIEW_CELLS / (2 * nodes * comparison.results.length))));
  const beside = comparison.results.map((r, s): BesideRun => ({ count: r.sample.attempts.count, parts: parts[s], decisions: logs[s], overview: attemptOverview(r.sample, ends[s], bins) }));
  const characters = beside.reduce((sum, run) => sum + run.parts.reduce((all, part) => all + part.text.length + part.tasks.length, 0) + (run.decisions?.length ?? 0), 0);
  return { where: 'beside', runs: beside, characters };
}

/** What the page says of the attempts it carries when they do not all fit. */
export function carriedNote(carried: Carried): string {
  if (carried.where === 'beside') {
    const count = carried.runs.reduce((sum, run) => sum + run.count, 0).toLocaleString('en');
    const files = carried.runs.reduce((sum, run) => sum + run.parts.length + (run.decisions === undefined ? 0 : 1), 0);
    return (
      ` The ${count} attempts take ${(carried.characters / 1e6).toFixed(1)} MB packed, more than the page’s budget of ${CARRIED_BUDGET / 1e6} MB, so they wait beside it in ${files} files named report-attempts-… (keep them with the page):` +
      ' where they are not loaded, the chart shows how busy each node’s map lanes (above) and reduce lanes (below) were, and a button loads those of the time and nodes in view.'
    );
  }
  const parts: string[] = [];
  if (!carried.withTasks) parts.push(' Task numbers are left out to keep the page under 5 MB: each run’s tasks.csv has them.');
  if (carried.decisionsLeftOut) parts.push(' The schedulers’ reasons are left out to keep the page under 5 MB: each run’s decisions.jsonl has them.');
  return parts.join('');
}

/** The page's elements that carry each run's attempts, task numbers and decisions, or their overview and where they wait. */
export function carriedElements(carried: Carried): string[] {
  const blobs: string[] = [];
  if (carried.where === 'beside') {
    carried.runs.forEach(({ count, parts, decisions, overview }, s) => {
      const index = parts.map(({ file, text, packed, firstJob, lastJob, firstNode, lastNode, from, to }) => ({
        src: file,
        digest: besideDigest(text),
        count: packed.count,
        bytes: packed.columnBytes,
        jobs: [firstJob, lastJob],
        nodes: [firstNode, lastNode],
        from,
        to,
      }));
      const log = decisions === undefined ? '' : ` data-decisions-src="${besideDecisionsFile(s)}" data-decisions-digest="${besideDigest(decisions)}"`;
      blobs.push(
        `<script type="application/octet-stream" id="report-attempts-${s}" data-count="${count}" data-columns="${parts[0].packed.columns.join(',')}" data-parts="${escapeXml(JSON.stringify(index))}"${log}></script>`,
      );
      const lanes = Buffer.alloc(2 * overview.lanes.length);
      overview.lanes.forEach((lanesOfNode, i) => lanes.writeUInt16LE(lanesOfNode, 2 * i));
      blobs.push(
        `<script type="application/octet-stream" id="report-overview-${s}" data-bins="${overview.bins}" data-bin-width="${overview.binWidth}" data-levels="${overview.levels}">${packBytes(Buffer.concat([lanes, overview.shares, overview.pools, overview.localities]))}</script>`,
      );
    });
    return blobs;
  }
  carried.runs.forEach(({ packed, text, tasks, decisions }, s) => {
    blobs.push(`<script type="application/octet-stream" id="report-attempts-${s}" data-count="${packed.count}" data-columns="${packed.columns.join(',')}" data-column-bytes="${packed.columnBytes.join(',')}">${text}</script>`);
    if (tasks !== undefined) blobs.push(`<script type="application/octet-stream" id="report-attempt-tasks-${s}">${tasks}</script>`);
    if (decisions !== undefined) blobs.push(`<script type="application/octet-stream" id="report-decisions-${s}">${decisions}</script>`);
  });
  return blobs;
}

/** The files beside the page: each run's parts of attempts and its decision log, when they wait there. */
export function besideFiles(carried: Carried): Record<string, string> {
  if (carried.where === 'page') return {};
  const files: Record<string, string> = {};
  carried.runs.forEach((run, s) => {
    run.parts.forEach((part, p) => (files[part.file] = besideAttemptsText(s, p, part)));
    if (run.decisions !== undefined) files[besideDecisionsFile(s)] = besideDecisionsText(s, run.decisions);
  });
  return files;
}
