/**
 * A traced job's setup and commit, as the Rumen and SLS importers set them
 * (the `overheads` option): setup = its first map or reduce start − its
 * submission, commit = its end − its last map or reduce end. They are the
 * gaps a replay of the recorded task durations cannot produce itself: job
 * setup (Hadoop 1's setup task, YARN's ApplicationMaster start) and the
 * output commit (the cleanup task, `commitJob`), docs/model.md "Job setup
 * and commit". A gap is set only where the trace records both of its times
 * and they are in order; every other job keeps the scenario's default, and
 * the notes list it.
 */
import type { InputProblem } from '../util/input-error.js';
import { MAX_SECONDS } from '../model/model-range.js';
import { describeValue } from '../input/scenario-file.js';

/** `recorded`: each job's setup and commit from the trace; `none`: the scenario's settings.jobSetup and jobCommit. */
export const JOB_OVERHEAD_MODES = ['recorded', 'none'] as const;
export type JobOverheadMode = (typeof JOB_OVERHEAD_MODES)[number];
export const DEFAULT_JOB_OVERHEADS: JobOverheadMode = 'recorded';

/** A job's recorded times in ms on the trace's clock; null where the trace does not record one. */
export interface RecordedJobTimes {
  readonly submit: number | null;
  readonly firstTaskStart: number | null;
  readonly lastTaskEnd: number | null;
  /** The job's own recorded end (Rumen finishTime, SLS job.end.ms), not a stand-in from its tasks. */
  readonly end: number | null;
}

/** Why a gap is not set. */
export type OverheadLack = 'unrecorded' | 'negative' | 'beyond-model';
const LACKS: readonly OverheadLack[] = ['unrecorded', 'negative', 'beyond-model'];

/** Seconds, or why there are none. */
export type Overhead = number | OverheadLack;

export interface JobOverheads {
  readonly setup: Overhead;
  readonly commit: Overhead;
}

export function jobOverheads(times: RecordedJobTimes): JobOverheads {
  return { setup: gap(times.submit, times.firstTaskStart), commit: gap(times.lastTaskEnd, times.end) };
}

function gap(fromMs: number | null, toMs: number | null): Overhead {
  if (fromMs === null || toMs === null) return 'unrecorded';
  if (toMs < fromMs) return 'negative';
  // Subtract in ms, the trace's own integers, so that 6218 ms is 6.218 s exactly.
  const seconds = (toMs - fromMs) / 1000;
  // A corrupt time can make a gap no scenario may hold: the import goes on without it.
  return seconds > MAX_SECONDS ? 'beyond-model' : seconds;
}

/** The scenario job's `setup` and `commit` fields: the known ones under `recorded`, none under `none`. */
export function overheadFields(overheads: JobOverheads, mode: JobOverheadMode): { setup?: number; commit?: number } {
  if (mode === 'none') return {};
  return {
    ...(typeof overheads.setup === 'number' ? { setup: overheads.setup } : {}),
    ...(typeof overheads.commit === 'number' ? { commit: overheads.commit } : {}),
  };
}

/** The option's problem, or undefined when `value` is a mode. */
export function overheadModeProblem(value: unknown): InputProblem | undefined {
  if ((JOB_OVERHEAD_MODES as readonly unknown[]).includes(value)) return undefined;
  return { path: 'overheads', expected: JOB_OVERHEAD_MODES.join(' or '), found: describeValue(value) };
}

/** How a format names the two times of a gap, for the notes: from `submitTime` to `the first map or reduce attempt start`. */
export interface GapTimes {
  readonly from: string;
  readonly to: string;
}

export interface OverheadDefinitions {
  readonly setup: GapTimes;
  readonly commit: GapTimes;
}

function difference({ from, to }: GapTimes): string {
  return `${to} − ${from}`;
}

const EXAMPLES = 5;

/** The jobs whose setup or commit is not set, by gap and reason, for the notes. */
export class OverheadGaps {
  private readonly ids = new Map<string, string[]>();
  private readonly counts = new Map<string, number>();

  add(id: string, overheads: JobOverheads): void {
    for (const which of ['setup', 'commit'] as const) {
      const value = overheads[which];
      if (typeof value === 'number') continue;
      const key = `${which}:${value}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      const ids = this.ids.get(key) ?? [];
      if (ids.length < EXAMPLES) ids.push(id);
      this.ids.set(key, ids);
    }
  }

  /** The notes: the mode and its rule, then under `recorded` one line per gap and reason that some job lacks. */
  notes(mode: JobOverheadMode, definitions: OverheadDefinitions): string[] {
    if (mode === 'none') {
      return [
        'job setup and commit not set (overheads none): every job takes settings.jobSetup and settings.jobCommit (0 unless the scenario sets them: then its tasks may start at its submission and it ends with its last task)',
      ];
    }
    const notes = [
      `job setup and commit from the trace (overheads recorded): each job's setup = ${difference(definitions.setup)}, commit = ${difference(definitions.commit)}, in seconds; its tasks may start once its setup is over, and it ends its commit after its last task (taking no slot)`,
    ];
    const reasons: Record<OverheadLack, (times: GapTimes) => string> = {
      unrecorded: ({ from, to }) => `the trace lacks ${from} or ${to}`,
      negative: ({ from, to }) => `${to} is before ${from}`,
      'beyond-model': ({ from, to }) => `${to} − ${from} is over the model's ${MAX_SECONDS.toLocaleString('en')} s`,
    };
    for (const which of ['setup', 'commit'] as const) {
      for (const lack of LACKS) {
        const n = this.counts.get(`${which}:${lack}`) ?? 0;
        if (n === 0) continue;
        const ids = this.ids.get(`${which}:${lack}`) ?? [];
        const shown = n > ids.length ? `${ids.join(', ')}, … (${n} in all)` : ids.join(', ');
        const jobs = `${n} job${n === 1 ? '' : 's'}`;
        const fallback = which === 'setup' ? 'settings.jobSetup' : 'settings.jobCommit';
        notes.push(`${jobs} without a ${which} (${reasons[lack](definitions[which])}): ${fallback} applies: ${shown}`);
      }
    }
    return notes;
  }
}
