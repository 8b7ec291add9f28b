/**
 * How long reduces spent copying map output, over succeeded reduce attempts.
 * A reduce's shuffle ends when it starts computing: its end minus its compute
 * time (work / its node's speed; docs/model.md: the shuffle, then the
 * compute). Two readings:
 *
 * - **shuffle time**, shuffle end − start: Hadoop's (a reduce's
 *   SHUFFLE_FINISHED − START_TIME in its job history), waiting for the
 *   maps included, so it follows the map phase;
 * - **shuffle tail**, shuffle end − max(start, the job's last map end): the
 *   copying left once every map has finished, which is what the speed of
 *   the reduce's fetches (hence where it runs) decides. A job whose last map
 *   ended after the reduce's shuffle (a map re-run after a node failure)
 *   counts 0.
 */
import { KIND_REDUCE, STATUS_SUCCEEDED, type RunRecord } from '../model/index.js';

export interface ShuffleTimeMetrics {
  /** Seconds; null when no reduce attempt succeeded. */
  readonly meanShuffleTime: number | null;
  readonly meanShuffleTail: number | null;
}

export function shuffleTimeMetrics(run: RunRecord): ShuffleTimeMetrics {
  const { attempts, scenario } = run;
  const { kind, status, job, task, node, start, end } = attempts;
  const nodes = scenario.cluster.nodes;
  let count = 0;
  let time = 0;
  let tail = 0;
  for (let i = 0; i < attempts.count; i++) {
    // An attempt without a finite end was still running when the run stopped (docs/metrics.md, conventions).
    if (kind[i] !== KIND_REDUCE || status[i] !== STATUS_SUCCEEDED || !Number.isFinite(end[i])) continue;
    const shuffleEnd = end[i] - scenario.jobs[job[i]].reduces[task[i]].work / nodes[node[i]].speed;
    const mapsDone = run.jobs[job[i]].mapsDone ?? start[i];
    time += shuffleEnd - start[i];
    tail += Math.max(0, shuffleEnd - Math.max(start[i], mapsDone));
    count++;
  }
  if (count === 0) return { meanShuffleTime: null, meanShuffleTail: null };
  return { meanShuffleTime: time / count, meanShuffleTail: tail / count };
}
