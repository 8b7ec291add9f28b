/**
 * An execution database: what earlier runs showed of each job's tasks, as the
 * DMRS paper's scheduler keeps it (§V), read from a previous run's output
 * (`--history DIR`). Work is seconds at speed 1: an attempt's duration times
 * its node's speed, its input read or shuffle included, as the run's own
 * learned estimates count it. A previous run's files do not record a map's
 * input bytes, so its maps give a mean work per map.
 */

/** The succeeded attempts of one job of an earlier run, summed. */
export interface PastJob {
  readonly id: string;
  readonly mapWork: number;
  readonly maps: number;
  readonly reduceWork: number;
  readonly reduces: number;
}

export type ExecutionHistory = readonly PastJob[];

/** No earlier run: what a run knows when none is given. */
export const NO_HISTORY: ExecutionHistory = [];
