/**
 * Hadoop's reduce placement: a reduce goes to whichever node heartbeats with
 * a free reduce slot first, once the job is past slow-start, with no regard
 * for where its input (the map outputs) lies. Of the job's pending reduces,
 * the lowest-numbered launches.
 */
import { NO_OPTIONS } from '../scheduler-options.js';
import type { ClusterView, Decisions, JobView, NodeView, ReducePlacement, ReducePlacementFactory } from '../types.js';

export class HadoopReducePlacement implements ReducePlacement {
  readonly declinesUntilStateChanges = true;

  explainLaunch(job: JobView): string {
    return `the first free reduce slot offered to the job, past slow-start (${job.succeededMaps} of ${job.spec.mapCount} maps done), wherever the map outputs are`;
  }

  place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean {
    const task = view.findReduce(job, node);
    if (task < 0) return false;
    decisions.launchReduce(job, task);
    return true;
  }
}

export const hadoopReducePlacement: ReducePlacementFactory = {
  kind: 'reduce-placement',
  name: 'hadoop',
  summary: "Hadoop's default: the first node to heartbeat with a free reduce slot, wherever the map outputs are.",
  source: 'Apache Hadoop 1 JobQueueTaskScheduler',
  options: NO_OPTIONS,
  optionDescriptions: {},
  create: () => new HadoopReducePlacement(),
};
