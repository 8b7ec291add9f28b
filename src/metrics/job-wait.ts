/**
 * How long a job waited for its first task: first start − submit; a job that
 * never started waited until it ended (failed), or until the run's end. The
 * one definition behind jobs.csv's wait column and the "which pool waited"
 * table.
 */
import type { JobRecord } from '../model/index.js';

export function jobWait(job: JobRecord, runEnd: number): number {
  return (job.firstStart ?? job.end ?? runEnd) - job.submit;
}
