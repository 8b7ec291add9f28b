/**
 * The `learned` task estimates: work learned from the attempts that have
 * ended, in groups of jobs from the most specific to the whole cluster, with
 * the earlier runs of an execution database among them (see
 * task-estimates.ts for the rules). A job's groups are resolved once, when it
 * is first seen, so that estimating a task costs no lookup by name.
 */
import type { JobSpecView, JobView, TaskEnd } from '../../sim/policy.js';
import { ObservedWork } from './observed-work.js';
import { recurringJobName } from './recurring-job.js';
import type { EstimateSetup, TaskEstimates } from './task-estimates.js';

/**
 * The groups a job shares with other jobs of the run, most specific first:
 * the runs of its recurring job, its user's jobs, its pool's (the queue's),
 * every job. Each key starts with its level's word, so equal names at two
 * levels differ.
 */
function sharedGroupKeys(job: JobSpecView): string[] {
  return [`name ${recurringJobName(job.id)}`, `user ${job.user}`, `pool ${job.pool}`, 'cluster'];
}

/** Where a job's attempts are added, and where its tasks are estimated from, in order. */
interface JobGroups {
  readonly fed: readonly ObservedWork[];
  readonly consulted: readonly ObservedWork[];
}

export class LearnedEstimates implements TaskEstimates {
  readonly source = 'learned';
  private readonly sharedGroups = new Map<string, ObservedWork>();
  /** The execution database's jobs by recurring name: consulted after the run's own runs of the name, never fed. */
  private readonly pastRuns = new Map<string, ObservedWork>();
  private readonly groupsOfJob = new Map<number, JobGroups>();
  private readonly priorSecondsPerByte: number;
  private readonly priorMapWork: number;

  constructor({ cluster, settings, history }: EstimateSetup) {
    const nodes = cluster.nodes;
    const meanDiskRate = nodes.reduce((sum, node) => sum + node.diskReadRate, 0) / Math.max(1, nodes.length);
    this.priorSecondsPerByte = meanDiskRate > 0 ? 1 / meanDiskRate : 0;
    this.priorMapWork = settings.heartbeatInterval;
    for (const past of history) {
      const name = recurringJobName(past.id);
      let runs = this.pastRuns.get(name);
      if (runs === undefined) {
        runs = new ObservedWork();
        this.pastRuns.set(name, runs);
      }
      runs.addMaps(past.maps, past.mapWork, 0);
      runs.addReduces(past.reduces, past.reduceWork);
    }
  }

  onTaskEnded(end: TaskEnd): void {
    if (end.status !== 'succeeded') return;
    const work = end.duration * end.node.spec.speed;
    const inputBytes = end.kind === 'map' ? end.job.spec.maps[end.task].inputBytes : 0;
    for (const group of this.groups(end.job).fed) {
      if (end.kind === 'map') group.addMaps(1, work, inputBytes);
      else group.addReduces(1, work);
    }
  }

  onJobFinished(job: JobView): void {
    this.groupsOfJob.delete(job.index);
  }

  mapWork(job: JobView, task: number): number {
    const bytes = job.spec.maps[task].inputBytes;
    const seen = this.groups(job).consulted.find((group) => group.maps > 0);
    if (seen !== undefined) return seen.mapEstimate(bytes);
    return bytes > 0 ? bytes * this.priorSecondsPerByte : this.priorMapWork;
  }

  reduceWork(job: JobView): number {
    const seen = this.groups(job).consulted.find((group) => group.reduces > 0);
    if (seen !== undefined) return seen.reduceEstimate();
    let maps = 0;
    for (let task = 0; task < job.spec.mapCount; task++) maps += this.mapWork(job, task);
    return maps / Math.max(1, job.spec.reduceCount);
  }

  private groups(job: JobView): JobGroups {
    let groups = this.groupsOfJob.get(job.index);
    if (groups === undefined) {
      const [runs, ...wider] = sharedGroupKeys(job.spec).map((key) => this.sharedGroup(key));
      const own = new ObservedWork();
      const past = this.pastRuns.get(recurringJobName(job.spec.id));
      groups = { fed: [own, runs, ...wider], consulted: [own, runs, ...(past === undefined ? [] : [past]), ...wider] };
      this.groupsOfJob.set(job.index, groups);
    }
    return groups;
  }

  private sharedGroup(key: string): ObservedWork {
    let group = this.sharedGroups.get(key);
    if (group === undefined) {
      group = new ObservedWork();
      this.sharedGroups.set(key, group);
    }
    return group;
  }
}
