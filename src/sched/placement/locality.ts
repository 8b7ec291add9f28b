/**
 * Hadoop's default map placement (JobQueueTaskScheduler via
 * JobInProgress.obtainNewMapTask): the job offered the slot takes its
 * node-local map if it has one, else a rack-local one, else any. It never
 * declines a job that has a pending map.
 */
import { NO_OPTIONS } from '../scheduler-options.js';
import { OFF_RACK, type ClusterView, type Decisions, type JobView, type LocalityLevel, type MapPlacement, type MapPlacementFactory, type NodeView } from '../types.js';

export class LocalityPlacement implements MapPlacement {
  readonly declinesUntilStateChanges = true;

  explainLaunch(): string {
    return "the job's most local pending map on this node (node-local, else rack-local, else any)";
  }

  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean {
    const task = view.findMap(job, node, OFF_RACK);
    if (task < 0) return false;
    this.launched(job, task, decisions.launchMap(job, task));
    return true;
  }

  /** Each launch, with the locality it runs at, for a placement that adds a rule to this one (fifo's Hadoop 1 limits). */
  protected launched(_job: JobView, _task: number, _level: LocalityLevel): void {}
}

export const localityPlacement: MapPlacementFactory = {
  kind: 'map-placement',
  name: 'locality',
  summary: "Hadoop's default: the job's node-local map, else a rack-local one, else any.",
  source: 'Apache Hadoop 1 JobQueueTaskScheduler',
  options: NO_OPTIONS,
  optionDescriptions: {},
  create: () => new LocalityPlacement(),
};
