/**
 * A job as a policy sees it: what was submitted (its splits and replicas,
 * its task counts) and its tasks' progress, through a read-only port onto
 * the runtime's state, which it keeps private with the job's truth.
 */
import { JOB_PRIORITIES, type Job } from '../../model/workload.js';
import type { JobState } from '../job-state.js';
import type { JobSpecView, JobView, MapTaskView } from '../policy.js';

export class JobPort implements JobView {
  readonly #state: JobState;
  readonly index: number;
  readonly spec: JobSpecView;
  readonly priorityRank: number;
  /** The maps' splits and replicas, built on first use (most policies never look) and dropped when the job ends. */
  #maps: MapTaskView[] | null = null;
  /** Replicas copied in during the run that `#maps` shows. */
  #arrivalsShown = 0;

  constructor(state: JobState) {
    this.#state = state;
    this.index = state.index;
    const job = state.job;
    const maps = (): MapTaskView[] => this.splits();
    this.spec = {
      id: job.id,
      user: job.user,
      pool: job.pool,
      submitTime: job.submitTime,
      weight: job.weight,
      priority: job.priority,
      mapCount: job.maps.length,
      get maps() {
        return maps();
      },
      reduceCount: job.reduces.length,
      mapContainer: state.mapRequest,
      reduceContainer: state.reduceRequest,
    };
    this.priorityRank = JOB_PRIORITIES.indexOf(job.priority);
  }

  get pendingMaps(): number {
    return this.#state.pendingMaps;
  }

  get runningMaps(): number {
    return this.#state.runningMaps;
  }

  get succeededMaps(): number {
    return this.#state.succeededMaps;
  }

  get pendingReduces(): number {
    return this.#state.pendingReduces;
  }

  get runningReduces(): number {
    return this.#state.runningReduces;
  }

  get succeededReduces(): number {
    return this.#state.succeededReduces;
  }

  get mayBackUpMap(): boolean {
    return this.#state.mayBackUpMap;
  }

  get hasRunnableReduce(): boolean {
    return this.#state.hasRunnableReduce;
  }

  get mayBackUpReduce(): boolean {
    return this.#state.mayBackUpReduce;
  }

  get firstStart(): number | null {
    return this.#state.firstStart;
  }

  /** The maps' splits, with the replicas copied in since they were last shown. */
  private splits(): MapTaskView[] {
    const state = this.#state;
    if (this.#maps === null) {
      this.#maps = splitsOf(state.job);
      this.#arrivalsShown = 0;
    }
    const arrivals = state.pending.replicaArrivals();
    for (; this.#arrivalsShown < arrivals.length; this.#arrivalsShown++) {
      const task = arrivals[this.#arrivalsShown];
      const replicas = [...Array.from(state.job.maps.replicas(task)), ...(state.pending.addedReplicas(task) ?? [])];
      this.#maps[task] = { inputBytes: state.job.maps.inputBytes[task], replicas };
    }
    return this.#maps;
  }

  /** The job has ended: what only a running job's policy needs goes. */
  release(): void {
    this.#maps = null;
  }
}

/** The maps' input splits and replicas as a policy sees them. */
function splitsOf(job: Job): MapTaskView[] {
  const views: MapTaskView[] = [];
  for (let task = 0; task < job.maps.length; task++) {
    views.push({ inputBytes: job.maps.inputBytes[task], replicas: Array.from(job.maps.replicas(task)) });
  }
  return views;
}
