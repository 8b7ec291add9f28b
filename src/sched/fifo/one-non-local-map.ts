/**
 * Hadoop's default map placement (`locality`) with Hadoop 1
 * JobQueueTaskScheduler's limit on non-local maps: a map that is neither
 * node- nor rack-local (from JobInProgress.obtainNewNonLocalMapTask, tried
 * only when the job has neither) ends the heartbeat's map launches, "to
 * prevent TaskTrackers from stealing local-tasks from other TaskTrackers". A
 * map without input counts as non-local here: Hadoop keeps maps with no
 * split location apart and gives them out only as non-local ones.
 */
import { LocalityPlacement } from '../placement/locality.js';
import { OFF_RACK, type ClusterView, type Decisions, type JobView, type LocalityLevel, type NodeView } from '../types.js';

export class OneNonLocalMapPlacement extends LocalityPlacement {
  /** A non-local map was launched at this heartbeat: no more maps until the next. */
  private nonLocalLaunched = false;

  beginHeartbeat(): void {
    this.nonLocalLaunched = false;
  }

  override explainLaunch(): string {
    return `${super.explainLaunch()}; a map that is neither node- nor rack-local is the heartbeat's last`;
  }

  override place(job: JobView, node: NodeView, view: ClusterView, decisions: Decisions): boolean {
    return !this.nonLocalLaunched && super.place(job, node, view, decisions);
  }

  protected override launched(job: JobView, task: number, level: LocalityLevel): void {
    this.nonLocalLaunched = level === OFF_RACK || job.spec.maps[task].replicas.length === 0;
  }
}
