/**
 * What the jobs listed in a scenario file (resolve-jobs.ts) and the jobs its
 * streams generate (resolve-streams.ts) share: the checks both go through,
 * and a job's spec before its tasks are drawn.
 */
import type { Shape, ShapeRefs } from './job-shape.js';
import type { Obj } from './lenient-access.js';
import type { Path } from './problem-path.js';
import type { JobPriority } from '../model/workload.js';

/** A job before its tasks are drawn. */
export interface JobSpec {
  readonly id: string;
  readonly user: string;
  readonly pool: string | undefined;
  readonly submit: number;
  readonly weight: number;
  readonly priority: JobPriority;
  /** Job setup and commit seconds the job sets itself (listed jobs only). */
  readonly setup?: number;
  readonly commit?: number;
  readonly shape: Shape;
  /** Where the job is written: its entry in jobs, or the stream that made it. */
  readonly origin: Path;
}

/** What the checks of jobs and job streams share. */
export interface JobChecks {
  readonly shapes: ShapeRefs;
  readonly poolIds: ReadonlySet<string>;
  /** The profile `holder[key]` names, if any; a name that is not a profile is reported at `path`. */
  readonly profileRef: (holder: Obj, key: string, path: Path) => Obj | undefined;
  /** Checks the shape of `holder` (a job or stream at `path`) merged with its `profile`, unless that names no profile. */
  readonly checkProfiledShape: (holder: Obj, path: Path) => void;
  /** Takes a job id for the job at `label`; false, reported at `path`, when another job has it. */
  readonly claimId: (jobId: string, path: Path, label: string) => boolean;
}
