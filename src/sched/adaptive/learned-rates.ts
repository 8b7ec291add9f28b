/**
 * The rates of the adaptive scheduler of Rasooli and Down ("An Adaptive
 * Scheduling Algorithm for Dynamic Heterogeneous Hadoop Systems", CASCON
 * 2011) as it learns them during the run, from what a JobTracker sees: jobs
 * arriving (their type, task counts and input), and attempts ending with
 * their measured durations (`onTaskEnded`). The paper estimates them too
 * but does not say how; this is our reading.
 *
 * - A shape's mean task counts: over its jobs submitted so far.
 * - A task's duration on a node kind: the mean over the shape's succeeded
 *   attempts on nodes of that kind. The duration is the slot's time, as a
 *   TaskTracker reports it: a map's input read (local or remote) and compute;
 *   a reduce's wait for its job's maps after slow-start, its shuffle and its
 *   compute. That is what a slot gives a job, so it is what the rates count.
 * - A kind the shape has not run on yet: its durations elsewhere carried
 *   over by the cluster model, a map as its input read once from the kind's
 *   disk plus its compute work (measured time less the read from the disk of
 *   the node it ran on, times that node's speed) over the kind's speed; a
 *   reduce as its measured time times the speed it ran at, over the kind's.
 * - A shape is known once a map and (for shapes with reduces) a reduce of
 *   it has succeeded; before that it has no profile.
 * - A type's arrival rate: its jobs submitted in the last `window` seconds
 *   (jobs per window; Infinity counts every arrival so far).
 */
import type { JobView, TaskEnd } from '../../sim/policy.js';
import type { JobTypeTable } from './job-types.js';
import type { NodeKinds } from './node-kinds.js';
import type { RateSource, ShapeProfile } from './shape-profile.js';

/** Observations of one shape. */
class ShapeObservations {
  jobs = 0;
  maps = 0;
  reduces = 0;
  inputBytes = 0;
  /** Per kind: attempts and their summed durations. */
  readonly mapRuns: Float64Array;
  readonly mapTime: Float64Array;
  readonly reduceRuns: Float64Array;
  readonly reduceTime: Float64Array;
  /** Over every kind, seconds at speed 1 (maps: compute only). */
  mapWork = 0;
  mapsSeen = 0;
  reduceWork = 0;
  reducesSeen = 0;

  constructor(kinds: number) {
    this.mapRuns = new Float64Array(kinds);
    this.mapTime = new Float64Array(kinds);
    this.reduceRuns = new Float64Array(kinds);
    this.reduceTime = new Float64Array(kinds);
  }
}

export class LearnedRates implements RateSource {
  private readonly shapes: ShapeObservations[] = [];
  /** Per type: submit times (non-decreasing) and the first one still in the window. */
  private readonly arrivals: number[][] = [];
  private readonly firstInWindow: number[] = [];

  constructor(
    private readonly table: JobTypeTable,
    private readonly kinds: NodeKinds,
    private readonly window: number,
  ) {}

  onJobSubmitted(type: number, job: JobView, now: number): void {
    const shape = this.shape(this.table.types[type].shape);
    shape.jobs++;
    shape.maps += job.spec.mapCount;
    shape.reduces += job.spec.reduceCount;
    for (const map of job.spec.maps) shape.inputBytes += map.inputBytes;
    while (this.arrivals.length <= type) {
      this.arrivals.push([]);
      this.firstInWindow.push(0);
    }
    this.arrivals[type].push(now);
  }

  onTaskEnded(type: number, end: TaskEnd): void {
    if (end.status !== 'succeeded') return;
    const shape = this.shape(this.table.types[type].shape);
    const k = this.kinds.kindOf[end.node.index];
    const node = end.node.spec;
    if (end.kind === 'map') {
      shape.mapRuns[k]++;
      shape.mapTime[k] += end.duration;
      const read = node.diskReadRate > 0 ? end.job.spec.maps[end.task].inputBytes / node.diskReadRate : 0;
      shape.mapWork += Math.max(0, end.duration - read) * node.speed;
      shape.mapsSeen++;
    } else {
      shape.reduceRuns[k]++;
      shape.reduceTime[k] += end.duration;
      shape.reduceWork += end.duration * node.speed;
      shape.reducesSeen++;
    }
  }

  profile(index: number): ShapeProfile | null {
    const shape = this.shapes[index];
    if (shape === undefined || shape.jobs === 0) return null;
    if ((shape.maps > 0 && shape.mapsSeen === 0) || (shape.reduces > 0 && shape.reducesSeen === 0)) return null;
    const kinds = this.kinds.kinds;
    const bytesPerMap = shape.maps > 0 ? shape.inputBytes / shape.maps : 0;
    const mapWork = shape.mapsSeen > 0 ? shape.mapWork / shape.mapsSeen : 0;
    const reduceWork = shape.reducesSeen > 0 ? shape.reduceWork / shape.reducesSeen : 0;
    const mapSeconds = new Float64Array(kinds.length);
    const reduceSeconds = new Float64Array(kinds.length);
    kinds.forEach(({ spec }, k) => {
      const read = spec.diskReadRate > 0 ? bytesPerMap / spec.diskReadRate : 0;
      mapSeconds[k] = shape.mapRuns[k] > 0 ? shape.mapTime[k] / shape.mapRuns[k] : read + mapWork / spec.speed;
      reduceSeconds[k] = shape.reduceRuns[k] > 0 ? shape.reduceTime[k] / shape.reduceRuns[k] : reduceWork / spec.speed;
    });
    return { maps: shape.maps / shape.jobs, reduces: shape.reduces / shape.jobs, mapSeconds, reduceSeconds };
  }

  arrivalRate(type: number, now: number): number {
    const times = this.arrivals[type] ?? [];
    let first = this.firstInWindow[type] ?? 0;
    while (first < times.length && times[first] <= now - this.window) first++;
    if (type < this.firstInWindow.length) this.firstInWindow[type] = first;
    return times.length - first;
  }

  private shape(index: number): ShapeObservations {
    while (this.shapes.length <= index) this.shapes.push(new ShapeObservations(this.kinds.kinds.length));
    return this.shapes[index];
  }
}
