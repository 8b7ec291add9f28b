/**
 * Job streams: many similar jobs from one entry, with generated ids (a
 * prefix and a running number) and users in turn. Submit times follow one
 * drawn interarrival after another from the stream's start, or release the
 * jobs in equal groups (one group is a batch); each job's profile is the
 * stream's, or drawn by weight from its profiles, and its weight is the
 * stream's or drawn from the stream's distribution.
 */
import { sample, weightedIndex } from './distributions.js';
import { checkHeap } from '../util/heap-guard.js';
import { checkMergedShape, checkShapeLevel, mergeShape, type Shape } from './job-shape.js';
import type { JobChecks, JobSpec } from './job-spec.js';
import { count, has, objects, str, type Obj } from './lenient-access.js';
import { FACTOR_RANGE, inRange, TIME_RANGE } from '../model/model-range.js';
import { formatPath, type Path } from './problem-path.js';
import type { Random } from '../util/random.js';
import { checkPoolRef } from './resolve-pools.js';
import type { ParsedScenarioFile, PathProblem } from './scenario-file.js';
import { SizeLimitError } from './size-limits.js';
import { hasUnsafeCharacter, WITHOUT_UNSAFE_CHARACTERS } from './text-characters.js';

/** What a stream's job ids start with: its idPrefix, else its profile's name and '-', else 'streamN-'. */
function streamIdPrefix(stream: Obj, index: number): string {
  return str(stream, 'idPrefix') ?? (str(stream, 'profile') !== undefined ? `${str(stream, 'profile')}-` : `stream${index + 1}-`);
}

/** Stream job ids: prefix + running number. */
function streamJobIds(stream: Obj, prefix: string): string[] {
  const n = count(stream.count) ?? 0;
  const width = String(n).length;
  return Array.from({ length: n }, (_, k) => `${prefix}${String(k + 1).padStart(width, '0')}`);
}

/** Checks of one entry of jobStreams, its generated job ids taken among all jobs'. */
export function checkStream(stream: Obj, index: number, checks: JobChecks, problems: PathProblem[]): void {
  const path = ['jobStreams', index];
  checkPoolRef(stream, path, checks.poolIds, problems);
  checkShapeLevel(stream, path, checks.shapes, problems);
  const prefix = streamIdPrefix(stream, index);
  if (hasUnsafeCharacter(prefix)) {
    const prefixPath = has(stream, 'idPrefix') ? [...path, 'idPrefix'] : [...path, 'profile'];
    // The schema takes any text as a prefix: its ids are checked here, where they are made.
    problems.push({ path: prefixPath, expected: `a prefix of job ids ${WITHOUT_UNSAFE_CHARACTERS}`, found: `'${prefix}'` });
  } else {
    for (const jobId of streamJobIds(stream, prefix)) {
      if (!checks.claimId(jobId, has(stream, 'idPrefix') ? [...path, 'idPrefix'] : path, formatPath(path))) break;
    }
  }
  if (has(stream, 'interarrival') === has(stream, 'groups')) {
    problems.push({
      path: has(stream, 'groups') ? [...path, 'groups'] : path,
      expected: 'one of interarrival (a job at a time) and groups (jobs released together)',
      found: has(stream, 'groups') ? 'both' : 'neither',
    });
  }
  if (has(stream, 'profile') && has(stream, 'profiles')) {
    problems.push({ path: [...path, 'profiles'], expected: 'either profile or profiles', found: 'both' });
    return;
  }
  if (has(stream, 'profiles')) {
    objects(stream.profiles).forEach((entry, e) => {
      const profile = checks.profileRef(entry, 'name', [...path, 'profiles', e, 'name']);
      if (profile !== undefined) checkMergedShape(stream, path, entry.name as string, profile, problems);
    });
    return;
  }
  checks.checkProfiledShape(stream, path);
}

/** The stream's jobs in order, arrivals and profiles drawn from `rng`, the stream's own fork. */
export function streamSpecs(
  stream: ParsedScenarioFile['jobStreams'][number],
  index: number,
  profiles: ParsedScenarioFile['profiles'],
  rng: Random,
): JobSpec[] {
  const ids = streamJobIds(stream as unknown as Obj, streamIdPrefix(stream as unknown as Obj, index));
  const own = stream as Shape;
  const specs: JobSpec[] = [];
  let time = stream.start;
  for (let k = 0; k < stream.count; k++) {
    if (k % 4096 === 0) checkHeap(() => `drawing the jobs of jobStreams[${index}]: ${k} of its ${stream.count}`);
    time = submitTime(stream, k, time, rng);
    if (!inRange(time, TIME_RANGE)) {
      throw new SizeLimitError({
        path: ['jobStreams', index, ...(stream.groups === undefined ? ['interarrival'] : ['groups', 'interval'])],
        expected: `arrivals ${TIME_RANGE.text}`,
        found: `job '${ids[k]}' (number ${k + 1} of the stream) arriving at ${time} s`,
      });
    }
    const profileName =
      stream.profiles !== undefined
        ? stream.profiles[weightedIndex(stream.profiles.map((p) => p.weight), rng)].name
        : stream.profile;
    specs.push({
      id: ids[k],
      user: stream.users[k % stream.users.length],
      pool: stream.pool,
      submit: time,
      weight: drawWeight(stream.weight, rng, ['jobStreams', index]),
      priority: stream.priority,
      shape: mergeShape(profileName === undefined ? undefined : (profiles[profileName] as Shape), own).shape,
      origin: ['jobStreams', index],
    });
  }
  return specs;
}

type Stream = ParsedScenarioFile['jobStreams'][number];

/** Job k's submit time, `previous` being job k − 1's (the start for the first). */
function submitTime(stream: Stream, k: number, previous: number, rng: Random): number {
  if (stream.groups !== undefined) {
    // Group g holds jobs k with ⌊k·groups/count⌋ = g: sizes differ by at most one, earlier groups larger.
    const group = Math.floor((k * stream.groups.count) / stream.count);
    return stream.start + group * stream.groups.interval;
  }
  if (stream.interarrival === undefined) throw new Error('a stream without interarrival or groups after checks (a bug)');
  return previous + sample(stream.interarrival, rng);
}

/**
 * A drawn weight: a draw below the smallest weight (an exponential's rare
 * near-zero) becomes the smallest; one above the largest is refused.
 */
function drawWeight(weight: Stream['weight'], rng: Random, path: Path): number {
  const drawn = sample(weight, rng);
  if (drawn <= FACTOR_RANGE.max) return Math.max(FACTOR_RANGE.min, drawn);
  throw new SizeLimitError({ path: [...path, 'weight'], expected: `weights ${FACTOR_RANGE.text}`, found: `a draw of ${drawn}` });
}
