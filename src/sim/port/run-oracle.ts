/**
 * The scenario's truth for a policy that asks for it (`TaskOracle`): a
 * submitted job's task work, or the whole workload. Every read is recorded,
 * and the run record says whether the policy read the truth.
 */
import type { Job } from '../../model/workload.js';
import type { JobState } from '../job-state.js';
import { PolicyError, type JobView, type TaskOracle } from '../policy.js';

export class RunOracle implements TaskOracle {
  readonly #jobs: readonly JobState[];
  readonly #workload: readonly Job[];
  readonly #views: readonly (JobView | undefined)[];
  readonly #policy: () => string;
  #read = false;

  constructor(jobs: readonly JobState[], workload: readonly Job[], views: readonly (JobView | undefined)[], policy: () => string) {
    this.#jobs = jobs;
    this.#workload = workload;
    this.#views = views;
    this.#policy = policy;
  }

  /** Whether the policy has read anything through it. */
  get wasRead(): boolean {
    return this.#read;
  }

  mapWork(job: JobView, task: number): number {
    return this.truthOf(job).maps.work[task];
  }

  reduceWork(job: JobView, task: number): number {
    return this.truthOf(job).reduces[task].work;
  }

  workload(): readonly Job[] {
    this.#read = true;
    return this.#workload;
  }

  private truthOf(job: JobView): Job {
    this.#read = true;
    const state = this.#jobs[job.index];
    if (state === undefined || this.#views[job.index] !== job) this.reject(`the oracle was asked about job ${job.index}, which is not a job of this run`);
    return state.job;
  }

  private reject(message: string): never {
    throw new PolicyError(this.#policy(), message);
  }
}
