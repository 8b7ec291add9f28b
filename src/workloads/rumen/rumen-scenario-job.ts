/**
 * One checked Rumen job to one job of the scenario file: its tasks' input,
 * replicas, work and output, its reduces' shares of the shuffle, its user,
 * pool and priority. The rules, and why, are in import-rumen.ts and
 * docs/traces/rumen.md; every fallback taken is counted in the tally, which
 * becomes the import's notes.
 */
import type { ScenarioFile } from '../../input/scenario-file.js';
import type { JobPriority } from '../../model/workload.js';
import type { ResolvedRumenOptions } from './rumen-options.js';
import type { RumenAttempt, RumenJob, RumenPriority, RumenTask } from './rumen-job.js';

export type ScenarioJob = NonNullable<ScenarioFile['jobs']>[number];
type ScenarioMapTask = NonNullable<ScenarioJob['mapTasks']>[number];
type ScenarioReduceTask = NonNullable<ScenarioJob['reduceTasks']>[number];

const MIB = 1024 * 1024;
const DEFAULT_USER = 'default';
/** Hadoop's queue for a job that names none. */
export const DEFAULT_QUEUE = 'default';

/** How often each fallback was taken, over the whole trace. */
export interface RumenTally {
  setupTasks: number;
  cleanupTasks: number;
  otherKindTasks: number;
  jobsWithOtherTasks: number;
  failedAttempts: number;
  killedAttempts: number;
  otherResultAttempts: number;
  /** Maps and reduces with no successful attempt with both times known. */
  untimedTasks: number;
  reducesWithoutShuffleEnd: number;
  mapsWithUnknownInput: number;
  mapsWithUnknownOutput: number;
  mapsWithPlacedReplicas: number;
  mapsWithDroppedReplicas: number;
  jobsWithEqualShares: number;
  jobsWithoutUser: number;
  jobsWithoutQueue: number;
  jobsWithDefaultPriority: number;
  jobsWithTotalsMismatch: number;
  jobsWithoutSubmitTime: number;
  /** Jobs that cannot be simulated, by reason: ids. */
  leftOut: Map<string, string[]>;
}

export function emptyTally(): RumenTally {
  return {
    setupTasks: 0,
    cleanupTasks: 0,
    otherKindTasks: 0,
    jobsWithOtherTasks: 0,
    failedAttempts: 0,
    killedAttempts: 0,
    otherResultAttempts: 0,
    untimedTasks: 0,
    reducesWithoutShuffleEnd: 0,
    mapsWithUnknownInput: 0,
    mapsWithUnknownOutput: 0,
    mapsWithPlacedReplicas: 0,
    mapsWithDroppedReplicas: 0,
    jobsWithEqualShares: 0,
    jobsWithoutUser: 0,
    jobsWithoutQueue: 0,
    jobsWithDefaultPriority: 0,
    jobsWithTotalsMismatch: 0,
    jobsWithoutSubmitTime: 0,
    leftOut: new Map(),
  };
}

const NO_MAPS = 'no map task (a job of the model needs at least one)';
const NO_TIMED_ATTEMPT = 'no successful attempt with known start and finish times among its maps or among its reduces';

/** The attempt that defines a task's duration: its first successful one. */
function successfulAttempt(task: RumenTask): RumenAttempt | undefined {
  return task.attempts.find((a) => a.result?.toUpperCase() === 'SUCCESS');
}

/** Our priority for Rumen's: the same names; DEFAULT, UNDEFINED_PRIORITY and unknown are NORMAL (Hadoop's default). */
function toPriority(priority: RumenPriority | undefined): JobPriority | undefined {
  switch (priority) {
    case 'VERY_HIGH':
    case 'HIGH':
    case 'NORMAL':
    case 'LOW':
    case 'VERY_LOW':
      return priority;
    default:
      return undefined;
  }
}

/**
 * The scenario job without its submit time (which depends on the whole
 * trace), or undefined when the job cannot be simulated (counted in
 * `tally.leftOut`).
 */
export function toScenarioJob(job: RumenJob, options: ResolvedRumenOptions, tally: RumenTally): Omit<ScenarioJob, 'submit'> | undefined {
  if (job.mapTasks.length === 0) return leaveOut(tally, NO_MAPS, job.jobID);
  const recorded = options.durations === 'recorded';
  const mapWorks = job.mapTasks.map(recordedMapWork);
  const reduceTimes = job.reduceTasks.map(recordedReduceWork);
  if (recorded && (!hasTimed(mapWorks) || (job.reduceTasks.length > 0 && !hasTimed(reduceTimes)))) {
    return leaveOut(tally, NO_TIMED_ATTEMPT, job.jobID);
  }

  countOtherTasks(job, tally);
  for (const task of [...job.mapTasks, ...job.reduceTasks]) countAttempts(task, tally);
  if (recorded) {
    tally.untimedTasks += [...mapWorks, ...reduceTimes].filter((w) => w === undefined).length;
    tally.reducesWithoutShuffleEnd += reduceTimes.filter((r) => r !== undefined && !r.fromShuffleEnd).length;
  }
  if (
    (job.totalMaps !== undefined && job.totalMaps !== job.mapTasks.length) ||
    (job.totalReduces !== undefined && job.totalReduces !== job.reduceTasks.length)
  ) {
    tally.jobsWithTotalsMismatch++;
  }

  const meanMapWork = mean(mapWorks);
  const outputs = job.mapTasks.map((task) => {
    const output = task.outputBytes ?? successfulAttempt(task)?.mapOutputBytes;
    if (output === undefined) tally.mapsWithUnknownOutput++;
    return output ?? 0;
  });
  const mapTasks = job.mapTasks.map((task, i): ScenarioMapTask => {
    const input = task.inputBytes ?? successfulAttempt(task)?.hdfsBytesRead;
    const replicas = distinctHosts(task);
    if (recorded) {
      // The recorded time includes the read: no input bytes, but the replicas stay for locality.
      return { inputBytes: 0, ...(replicas.length > 0 ? { replicas } : {}), work: mapWorks[i] ?? meanMapWork, outputBytes: outputs[i] };
    }
    if (input === undefined) tally.mapsWithUnknownInput++;
    const inputBytes = input ?? 0;
    if (inputBytes > 0 && replicas.length === 0) tally.mapsWithPlacedReplicas++;
    // The model takes replicas only for a map with input bytes.
    if (inputBytes === 0 && replicas.length > 0) tally.mapsWithDroppedReplicas++;
    const keepReplicas = inputBytes > 0 && replicas.length > 0;
    const work = (options.mapSecondsPerMB * inputBytes) / MIB;
    return { inputBytes, ...(keepReplicas ? { replicas } : {}), work, outputBytes: outputs[i] };
  });

  const shares = shuffleShares(job.reduceTasks);
  if (shares.equal) tally.jobsWithEqualShares++;
  const shuffleTotal = outputs.reduce((sum, bytes) => sum + bytes, 0);
  const meanReduceWork = mean(reduceTimes.map((r) => r?.work));
  const reduceTasks = job.reduceTasks.map(
    (_, i): ScenarioReduceTask => ({
      shuffleShare: shares.values[i],
      work: recorded
        ? (reduceTimes[i]?.work ?? meanReduceWork)
        : (options.reduceSecondsPerMB * shares.values[i] * shuffleTotal) / MIB,
    }),
  );

  // What the job wrote to HDFS: its reduces' outputs, or a map-only job's maps' (their outputs are the job's).
  const written = job.reduceTasks.length > 0 ? job.reduceTasks.reduce((sum, task) => sum + (task.outputBytes ?? 0), 0) : shuffleTotal;

  if (job.user === undefined) tally.jobsWithoutUser++;
  if (job.queue === undefined) tally.jobsWithoutQueue++;
  const priority = toPriority(job.priority);
  if (priority === undefined) tally.jobsWithDefaultPriority++;
  if (job.submitTime === undefined) tally.jobsWithoutSubmitTime++;
  return {
    id: job.jobID,
    user: job.user ?? DEFAULT_USER,
    pool: job.queue ?? DEFAULT_QUEUE,
    weight: 1,
    priority: priority ?? 'NORMAL',
    mapTasks,
    ...(reduceTasks.length > 0 ? { reduceTasks } : {}),
    ...(written > 0 ? { outputBytes: written } : {}),
    ...containerOf('mapContainer', job.jobMapMB),
    ...containerOf('reduceContainer', job.jobReduceMB),
  };
}

/** The container a job's tasks asked for, when the trace records its memory; Rumen records no vcores, so Hadoop's default of 1. */
function containerOf(field: 'mapContainer' | 'reduceContainer', memoryMb: number | undefined): Partial<Pick<ScenarioJob, 'mapContainer' | 'reduceContainer'>> {
  return memoryMb !== undefined && memoryMb > 0 ? { [field]: { memory: `${memoryMb} MB`, vcores: 1 } } : {};
}

function leaveOut(tally: RumenTally, reason: string, id: string): undefined {
  const ids = tally.leftOut.get(reason);
  if (ids === undefined) tally.leftOut.set(reason, [id]);
  else ids.push(id);
  return undefined;
}

/** A timed successful attempt's start and finish, ms. */
export function timedSuccess(task: RumenTask): { start: number; finish: number; attempt: RumenAttempt } | undefined {
  const attempt = successfulAttempt(task);
  if (attempt?.startTime === undefined || attempt.finishTime === undefined) return undefined;
  return { start: attempt.startTime, finish: attempt.finishTime, attempt };
}

/** A map's recorded work: its successful attempt's finishTime − startTime, seconds. */
function recordedMapWork(task: RumenTask): number | undefined {
  const timed = timedSuccess(task);
  return timed === undefined ? undefined : (timed.finish - timed.start) / 1000;
}

/**
 * A reduce's recorded work: finishTime − shuffleFinished (its sort and reduce
 * phases; the simulator models the shuffle itself), or finishTime − startTime
 * when the shuffle's end is unknown.
 */
function recordedReduceWork(task: RumenTask): { work: number; fromShuffleEnd: boolean } | undefined {
  const timed = timedSuccess(task);
  if (timed === undefined) return undefined;
  const shuffleEnd = timed.attempt.shuffleFinished;
  return shuffleEnd === undefined
    ? { work: (timed.finish - timed.start) / 1000, fromShuffleEnd: false }
    : { work: (timed.finish - shuffleEnd) / 1000, fromShuffleEnd: true };
}

function hasTimed(works: readonly unknown[]): boolean {
  return works.some((w) => w !== undefined);
}

function mean(values: readonly (number | undefined)[]): number {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? 0 : known.reduce((a, b) => a + b, 0) / known.length;
}

/** The hosts of a task's preferred locations, each once, in the trace's order. */
function distinctHosts(task: RumenTask): string[] {
  return [...new Set(task.preferred.map((p) => p.host))];
}

/**
 * Each reduce's share: its successful attempt's reduceShuffleBytes (else the
 * task's inputBytes) over the job's total; equal shares when any reduce's
 * bytes are unknown or the total is 0.
 */
function shuffleShares(reduces: readonly RumenTask[]): { values: number[]; equal: boolean } {
  const bytes = reduces.map((task) => successfulAttempt(task)?.reduceShuffleBytes ?? task.inputBytes);
  const total = bytes.reduce<number>((sum, b) => sum + (b ?? 0), 0);
  if (reduces.length === 0) return { values: [], equal: false };
  if (bytes.some((b) => b === undefined) || total === 0) {
    return { values: reduces.map(() => 1 / reduces.length), equal: true };
  }
  return { values: bytes.map((b) => (b as number) / total), equal: false };
}

function countOtherTasks(job: RumenJob, tally: RumenTally): void {
  if (job.otherTasks.length > 0) tally.jobsWithOtherTasks++;
  for (const task of job.otherTasks) {
    const type = task.taskType?.toUpperCase();
    if (type === 'SETUP') tally.setupTasks++;
    else if (type === 'CLEANUP') tally.cleanupTasks++;
    else tally.otherKindTasks++;
  }
}

function countAttempts(task: RumenTask, tally: RumenTally): void {
  let successes = 0;
  for (const attempt of task.attempts) {
    const result = attempt.result?.toUpperCase() ?? '';
    if (result === 'SUCCESS' && successes++ === 0) continue;
    if (result.startsWith('FAILED')) tally.failedAttempts++;
    else if (result.startsWith('KILLED')) tally.killedAttempts++;
    else tally.otherResultAttempts++;
  }
}
