/** What a placement knows of a job when it places the job's reducers. */
export interface ReduceDemand {
  /** X, the job's intermediate data (estimated from its first maps in a cluster). */
  readonly data: number;
  /** R, the number of its reducers, ≥ 1; each fetches X/R. */
  readonly reducers: number;
}
