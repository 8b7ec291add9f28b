/** The `oracle` task estimates: the scenario's true work, asked of the run's oracle (the run records that it was asked). */
import type { JobView, TaskOracle } from '../../sim/policy.js';
import type { TaskEstimates } from './task-estimates.js';

export class OracleEstimates implements TaskEstimates {
  readonly source = 'oracle';

  constructor(private readonly oracle: TaskOracle) {}

  onTaskEnded(): void {}

  onJobFinished(): void {}

  mapWork(job: JobView, task: number): number {
    return this.oracle.mapWork(job, task);
  }

  reduceWork(job: JobView, task: number): number {
    return this.oracle.reduceWork(job, task);
  }
}
