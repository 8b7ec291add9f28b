/** What `simulate-day.js` prints about one run: the scenario's size, the run's counts and its costs. */
export interface Measurement {
  readonly scheduler: string;
  /** The network model the run used. */
  readonly network: string;
  readonly nodes: number;
  readonly jobs: number;
  readonly maps: number;
  readonly reduces: number;
  readonly attempts: number;
  readonly events: number;
  readonly simulatedSeconds: number;
  readonly unfinishedJobs: number;
  /** Loading and resolving the scenario. */
  readonly resolveSeconds: number;
  /** The simulation alone. */
  readonly simSeconds: number;
  /** CPU time (user + system) of the simulation: on a shared machine, closer to its cost than the wall time. */
  readonly simCpuSeconds: number;
  /** LPs the scheduler solved, and the seconds HiGHS took (0 for a scheduler without LPs). */
  readonly lpSolves: number;
  readonly lpSeconds: number;
  /** The bare event queue handling as many events, in the same process. */
  readonly baselineSeconds: number;
  readonly peakRssBytes: number;
  /** A DMRS scheduler's LP-MapReduce solves (HiGHS or the greedy), and the seconds in them. */
  readonly lpMapReduce?: { readonly solves: number; readonly seconds: number };
  /** With `replayed-backups`: the backups the first run launched, and those the timed run launched again. */
  readonly replayedBackups?: { readonly recorded: number; readonly launched: number };
  /** A DMRS scheduler's plans: what made it plan, and the tasks it placed. */
  readonly dmrs?: {
    readonly lpSolves: number;
    readonly lpRounds: number;
    readonly plansOnArrival: number;
    readonly plansOnFailure: number;
    readonly plansOnDeviation: number;
    readonly tasksPlaced: number;
  };
}
