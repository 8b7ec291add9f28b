/** What `mrsched serve` and its comparison worker say to each other, and what the live page hears as server-sent events. */
import type { SchedulerChoice } from '../sched/index.js';
import type { SimulationProgress } from '../sim/runtime.js';
import type { RunSeries } from './live-series.js';

export interface LiveRequest {
  /** The scenario file, absolute, inside the served directory. */
  readonly scenario: string;
  /** The schedulers asked for, checked; none for the ones `compare` runs by default. */
  readonly schedulers: readonly SchedulerChoice[];
  readonly replications: number;
  /** The folder the report and summary go to, absolute, inside the served directory. */
  readonly out: string;
}

export type LiveMessage =
  | { readonly type: 'start'; readonly schedulers: readonly string[]; readonly replications: number; readonly jobs: number; readonly notes: readonly string[] }
  | ({ readonly type: 'progress'; readonly scheduler: string; readonly replication: number } & SimulationProgress)
  /** A run has ended: its lines at an even step of simulated time, in place of its progress samples. */
  | ({ readonly type: 'series'; readonly scheduler: string; readonly replication: number } & RunSeries)
  | { readonly type: 'done' }
  | { readonly type: 'failed'; readonly message: string };

/** What the worker posts: what the page hears, or, before it starts, why the request is refused (the server answers it with 400). */
export type WorkerMessage = LiveMessage | { readonly type: 'refused'; readonly message: string };
