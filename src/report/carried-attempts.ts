/**
 * What the report page carries of each first run's attempts, task numbers
 * and decision log, the most that fits its budget: everything; or without
 * the decisions; or without the task numbers too. When even that passes it,
 * each run's attempts go into files beside the page, in parts by job
 * (`attempt-parts.ts`) that the page loads for the stretch of time in view,
 * its decision log into a file of its own, and the page carries the run's
 * overview (`attempt-overview.ts`) to draw where attempts are not loaded.
 */
import type { Comparison } from '../experiment/compare.js';
import { encodeAttempts, type PackedAttempts } from './attempt-columns.js';
import { attemptOverview } from './attempt-overview.js';
import { attemptParts } from './attempt-parts.js';
import { besideAttemptsFile, besideAttemptsText, besideDecisionsFile, besideDecisionsText, besideDigest } from './beside-files.js';
import { OVERVIEW_BINS, type LaneOccupancy } from './browser/lane-occupancy.js';
import { packBytes } from './packed-bytes.js';
import { escapeXml } from './svg.js';

/** Characters of packed attempts and decision logs the page carries at most: with the rest, it stays under 5 MB. */
const CARRIED_BUDGET = 4_000_000;

/** Attempts a file beside the page holds: 0.9–2.7 MB of text on the FB-2010-shaped day, one loaded in 0.4–0.5 s. */
export const BESIDE_PART_ATTEMPTS = 1_000_000;

/**
 * Runs of more attempts than this in all go beside the page without being
 * packed whole first: at a byte a column at least, they take 28 MB of
 * columns, which deflate and base64 shrank 1.4 to 3.5 times (the examples,
 * the FB-2009 day, the FB-2010 shape), too much for the page; packing a day
 * of 16M attempts whole only to find that took 3 s.
 */
const SURELY_TOO_MANY = 4_000_000;

/** Overview cells (nodes × 2 kinds × bins) of all runs at most: in 16 levels, 3,000 nodes took 0.65–1.07 MB of page text at 480 bins, 0.77–1.24 MB at 600, on the FB-2010-shaped day at 1/4. */
const OVERVIEW_CELLS = 3_000_000;

interface CarriedRun {
  /** The attempts' count and columns (not their bytes: a day's are a hundred megabytes). */
  readonly packed: Pick<PackedAttempts, 'count' | 'columns' | 'columnBytes'>;
  readonly text: string;
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
 * log as JSON Lines, if any; `perPart`: how many attempts a file beside the
 * page holds, at most (a job's may be more).
 */
export function carriedAttempts(comparison: Comparison, ends: readonly Float64Array[], decisionLogs: readonly (string | undefined)[], perPart = BESIDE_PART_ATTEMPTS): Carried {
  if (comparison.results.reduce((sum, r) => sum + r.sample.attempts.count, 0) > SURELY_TOO_MANY) return besideThePage(comparison, ends, decisionLogs, perPart);
  const runs = comparison.results.map((r, s): CarriedRun => {
    const { bytes, tasks, ...packed } = encodeAttempts(r.sample, ends[s]);
    const log = decisionLogs[s];
    return { packed, text: packBytes(bytes), tasks: packBytes(tasks), decisions: log === undefined ? undefined : packBytes(Buffer.from(log)) };
  });
  const size = (parts: readonly ('text' | 'tasks' | 'decisions')[]) => runs.reduce((sum, run) => sum + parts.reduce((part, name) => part + (run[name]?.length ?? 0), 0), 0);
  const hasDecisions = runs.some((run) => run.decisions !== undefined);
  if (size(['text', 'tasks', 'decisions']) <= CARRIED_BUDGET) return { where: 'page', runs, withTasks: true, decisionsLeftOut: false };
  const withoutDecisions = runs.map((run) => ({ ...run, decisions: undefined }));
  if (size(['text', 'tasks']) <= CARRIED_BUDGET) return { where: 'page', runs: withoutDecisions, withTasks: true, decisionsLeftOut: hasDecisions };
  if (size(['text']) <= CARRIED_BUDGET) return { where: 'page', runs: withoutDecisions.map((run) => ({ ...run, tasks: undefined })), withTasks: false, decisionsLeftOut: hasDecisions };
  return besideThePage(comparison, ends, decisionLogs, perPart);
}

/** Every run's attempts in parts beside the page, its decisions in a file, its overview in the page. */
function besideThePage(comparison: Comparison, ends: readonly Float64Array[], decisionLogs: readonly (string | undefined)[], perPart: number): Carried {
  const nodes = comparison.results[0].sample.scenario.cluster.nodes.length;
  const bins = Math.max(100, Math.min(OVERVIEW_BINS, Math.floor(OVERVIEW_CELLS / (2 * nodes * comparison.results.length))));
  const beside = comparison.results.map((r, s): BesideRun => {
    const parts = attemptParts(r.sample, ends[s], perPart).map((part, p): BesidePart => {
      const { bytes, tasks, ...packed } = encodeAttempts(r.sample, ends[s], part.rows);
      const { firstJob, lastJob } = part;
      return { file: besideAttemptsFile(s, p), packed, text: packBytes(bytes), tasks: packBytes(tasks), firstJob, lastJob, from: Math.floor(part.from * 10), to: Math.ceil(part.to * 10) };
    });
    const log = decisionLogs[s];
    return { count: r.sample.attempts.count, parts, decisions: log === undefined ? undefined : packBytes(Buffer.from(log)), overview: attemptOverview(r.sample, ends[s], bins) };
  });
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
      ' where they are not loaded, the chart shows how busy each node’s map lanes (above) and reduce lanes (below) were, and a button loads those of the time in view.'
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
      const index = parts.map(({ file, text, packed, firstJob, lastJob, from, to }) => ({ src: file, digest: besideDigest(text), count: packed.count, bytes: packed.columnBytes, jobs: [firstJob, lastJob], from, to }));
      const log = decisions === undefined ? '' : ` data-decisions-src="${besideDecisionsFile(s)}" data-decisions-digest="${besideDigest(decisions)}"`;
      blobs.push(
        `<script type="application/octet-stream" id="report-attempts-${s}" data-count="${count}" data-columns="${parts[0].packed.columns.join(',')}" data-parts="${escapeXml(JSON.stringify(index))}"${log}></script>`,
      );
      const lanes = Buffer.alloc(2 * overview.lanes.length);
      overview.lanes.forEach((lanesOfNode, i) => lanes.writeUInt16LE(lanesOfNode, 2 * i));
      blobs.push(
        `<script type="application/octet-stream" id="report-overview-${s}" data-bins="${overview.bins}" data-bin-width="${overview.binWidth}" data-levels="${overview.levels}">${packBytes(Buffer.concat([lanes, overview.shares]))}</script>`,
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
