/**
 * Jobs: the checks of profiles, jobs and job ids (unique across the jobs and
 * the ids job streams generate); each job's spec in file order (the listed
 * jobs, then each stream's); and each job's tasks, drawn from a random
 * stream of its own.
 */
import { checkHeap } from '../util/heap-guard.js';
import { checkTotalTasks, SizeLimitError } from './size-limits.js';
import { checkMergedShape, checkShapeLevel, mergeShape, type Shape, type ShapeRefs } from './job-shape.js';
import type { JobChecks, JobSpec } from './job-spec.js';
import { has, isObj, objects, str, type Obj } from './lenient-access.js';
import { formatPath, known, type Path } from './problem-path.js';
import type { Random } from '../util/random.js';
import { checkPoolRef } from './resolve-pools.js';
import { checkStream, streamSpecs } from './resolve-streams.js';
import { buildMaps, buildOutput, buildReduces, type MapContext } from './resolve-tasks.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';
import type { MapTasks, ReduceTask } from '../model/workload.js';

/** Checks of the profiles, jobs and jobStreams sections. */
export function checkJobs(raw: Obj, shapes: ShapeRefs, poolIds: ReadonlySet<string>, problems: PathProblem[]): void {
  const profiles = isObj(raw.profiles) ? raw.profiles : {};
  for (const [name, profile] of Object.entries(profiles)) {
    if (isObj(profile)) checkShapeLevel(profile, ['profiles', name], shapes, problems);
  }
  const jobIds = new Map<string, string>();
  const profileRef = (holder: Obj, key: string, path: Path): Obj | undefined => {
    const name = holder[key];
    if (typeof name !== 'string') return undefined;
    const profile = profiles[name];
    if (!isObj(profile)) {
      problems.push({ path, expected: `a profile${known(Object.keys(profiles))}`, found: `'${name}'` });
      return undefined;
    }
    return profile;
  };
  const checks: JobChecks = {
    shapes,
    poolIds,
    profileRef,
    checkProfiledShape: (holder, path) => {
      const profile = profileRef(holder, 'profile', [...path, 'profile']);
      if (holder.profile !== undefined && profile === undefined) return;
      checkMergedShape(holder, path, profile === undefined ? undefined : (holder.profile as string), profile, problems);
    },
    claimId: (jobId, path, label) => {
      const first = jobIds.get(jobId);
      if (first !== undefined) {
        problems.push({ path, expected: 'a unique job id', found: `'${jobId}', already the id of ${first}` });
        return false;
      }
      jobIds.set(jobId, label);
      return true;
    },
  };
  const jobs = objects(raw.jobs);
  jobs.forEach((job, j) => checkJob(job, j, checks, problems));
  const streams = objects(raw.jobStreams);
  streams.forEach((stream, s) => checkStream(stream, s, checks, problems));
  if (Array.isArray(raw.jobs) && jobs.length === 0 && streams.length === 0) {
    problems.push({ path: ['jobs'], expected: 'at least one job (in jobs or jobStreams)', found: 'none' });
  } else if (!has(raw, 'jobs') && streams.length === 0) {
    problems.push({ path: [], expected: 'jobs or jobStreams', found: 'neither' });
  }
}

function checkJob(job: Obj, index: number, checks: JobChecks, problems: PathProblem[]): void {
  const path = ['jobs', index];
  const id = str(job, 'id');
  if (id !== undefined) checks.claimId(id, [...path, 'id'], formatPath(path));
  checkPoolRef(job, path, checks.poolIds, problems);
  checkShapeLevel(job, path, checks.shapes, problems);
  checks.checkProfiledShape(job, path);
}

/** The job specs in file order: the listed jobs, then each stream's, from one fork of `arrivalRng` per stream. */
export function jobSpecs(f: ParsedScenarioFile, arrivalRng: Random): JobSpec[] {
  const specs: JobSpec[] = f.jobs.map((job, j) => ({
    id: job.id,
    user: job.user,
    pool: job.pool,
    submit: job.submit,
    weight: job.weight,
    priority: job.priority,
    setup: job.setup,
    commit: job.commit,
    shape: mergeShape(job.profile === undefined ? undefined : (f.profiles[job.profile] as Shape), job as Shape).shape,
    origin: ['jobs', j],
  }));
  // One push per job: spreading a stream of 10^5+ jobs into push() overflows the stack.
  f.jobStreams.forEach((stream, s) => {
    for (const spec of streamSpecs(stream, s, f.profiles, arrivalRng.fork())) specs.push(spec);
  });
  return specs;
}

/** Jobs built between two looks at the heap. */
const HEAP_CHECK_EVERY = 256;

/** A job's spec with its tasks. */
export interface BuiltJob {
  readonly spec: JobSpec;
  readonly maps: MapTasks;
  readonly reduces: ReduceTask[];
  /** Bytes of job output, 0 for none. */
  readonly outputBytes: number;
}

/**
 * Each job's tasks, drawn from one fork of `taskRng` per job in spec order
 * (inputs placed in the same order); then the jobs sorted by submit time,
 * ties in file order.
 */
export function buildJobs(specs: readonly JobSpec[], taskRng: Random, ctx: MapContext): BuiltJob[] {
  let tasks = 0;
  const built = specs.map((spec, j) => {
    if (j % HEAP_CHECK_EVERY === 0) checkHeap(() => `resolving the scenario: ${j} of its ${specs.length} jobs built, ${tasks} tasks`);
    const rng = taskRng.fork();
    try {
      const maps = buildMaps(spec.shape, rng, ctx);
      const reduces = buildReduces(spec.shape, rng, ctx.limits);
      const outputBytes = buildOutput(spec.shape, rng);
      checkTotalTasks(ctx.limits, (tasks += maps.length + reduces.length));
      return { spec, maps, reduces, outputBytes };
    } catch (error) {
      if (!(error instanceof SizeLimitError)) throw error;
      // Placed in the job's own entry (or its stream), naming the job.
      throw new SizeLimitError({ ...error.problem, path: [...spec.origin, ...error.problem.path], found: `job '${spec.id}': ${error.problem.found}` });
    }
  });
  built.sort((a, b) => a.spec.submit - b.spec.submit);
  return built;
}
