/**
 * UAAS's re-split (Tian et al., "On Dynamic Job Ordering and Slot
 * Configurations for Minimizing the Makespan of Multiple MapReduce Jobs":
 * "splitting the input files based on available number MapReduce slots"):
 * every job's maps become one map per map slot of the cluster and its
 * reduces one reduce per reduce slot, the work, input, output and shuffle
 * shared equally (perfectly divisible work, the paper's assumption). A new
 * map reads the replicas of the original map whose input holds the first
 * byte of its share; a job's maps without input stay without input.
 */
import type { Scenario } from '../../model/scenario.js';
import { MapTasks, type Job, type MapTask, type ReduceTask } from '../../model/workload.js';

export function resplitScenario(scenario: Scenario): Scenario {
  const nodes = scenario.cluster.nodes;
  const mapSlots = nodes.reduce((n, node) => n + node.mapSlots, 0);
  const reduceSlots = nodes.reduce((n, node) => n + node.reduceSlots, 0);
  return { ...scenario, jobs: scenario.jobs.map((job) => resplitJob(job, mapSlots, reduceSlots)) };
}

function resplitJob(job: Job, mapSlots: number, reduceSlots: number): Job {
  return {
    ...job,
    maps: job.maps.length === 0 || mapSlots === 0 ? job.maps : MapTasks.from(resplitMaps(job.maps.toArray(), mapSlots)),
    reduces: job.reduces.length === 0 || reduceSlots === 0 ? job.reduces : resplitReduces(job.reduces, reduceSlots),
  };
}

function resplitMaps(maps: readonly MapTask[], slots: number): MapTask[] {
  const sum = (f: (m: MapTask) => number) => maps.reduce((s, m) => s + f(m), 0);
  const work = sum((m) => m.work) / slots;
  const totalInput = sum((m) => m.inputBytes);
  const output = sum((m) => m.outputBytes) / slots;
  // Where each original map's input starts in the job's input.
  const starts: number[] = [];
  let offset = 0;
  for (const m of maps) {
    starts.push(offset);
    offset += m.inputBytes;
  }
  let source = 0;
  return Array.from({ length: slots }, (_, i): MapTask => {
    const first = (totalInput * i) / slots;
    while (source + 1 < maps.length && starts[source + 1] <= first) source++;
    return { inputBytes: totalInput / slots, replicas: totalInput === 0 ? [] : maps[source].replicas, work, outputBytes: output };
  });
}

function resplitReduces(reduces: readonly ReduceTask[], slots: number): ReduceTask[] {
  const work = reduces.reduce((s, r) => s + r.work, 0) / slots;
  return Array.from({ length: slots }, () => ({ shuffleShare: 1 / slots, work }));
}
