/**
 * Comparisons for the report's tests: small FIFO runs of a test scenario, and
 * a large synthetic run record built straight from columns.
 */
import { replicationsOf, runGroups, type Comparison, type GroupsByReplication, type SchedulerComparison } from '../../experiment/compare.js';
import { measureRun, summarizeReplications, type MetricsOverTime, type RunMetrics } from '../../metrics/index.js';
import {
  KIND_MAP,
  KIND_REDUCE,
  LOCALITY_NODE,
  LOCALITY_NONE,
  STATUS_FAILED,
  STATUS_KILLED,
  STATUS_SUCCEEDED,
  type AttemptTable,
  type JobRecord,
  type RunRecord,
} from '../../model/run-record.js';
import type { Scenario } from '../../model/scenario.js';
import { createScheduler, fifoScheduler } from '../../sched/index.js';
import { simulate } from '../../sim/simulate.js';
import { testScenario } from '../../test-support/scenario.js';

export interface ComparisonSpec {
  readonly scenarioName?: string;
  /** Names given to the schedulers (all run FIFO, on workloads that differ by scheduler). */
  readonly schedulers?: readonly string[];
  readonly seeds?: readonly number[];
  /** Ids of the jobs, in order; 4 jobs by default. */
  readonly jobIds?: readonly string[];
  /** Ids the cluster's 3 nodes get in the run records. */
  readonly nodeIds?: readonly string[];
}

/** A FIFO run per scheduler name and seed; task work depends on both, so the metrics differ. */
export function fifoComparison(spec: ComparisonSpec = {}): Comparison {
  const schedulers = spec.schedulers ?? ['fifo', 'slow-fifo'];
  const seeds = spec.seeds ?? [1, 2, 3];
  const jobIds = spec.jobIds ?? ['j0', 'j1', 'j2', 'j3'];
  const results: SchedulerComparison[] = schedulers.map((scheduler, s) => {
    const runs: RunMetrics[] = [];
    const completionTimes: number[] = [];
    let sample: RunRecord | null = null;
    let overTime: MetricsOverTime | null = null;
    const groups: GroupsByReplication[] = [];
    for (const seed of seeds) {
      const scenario = withIds(
        testScenario({
          nodes: [{ mapSlots: 2 }, { mapSlots: 2 }, { rack: 'r2' }],
          jobs: jobIds.map((id, j) => ({
            id,
            submit: j * 3,
            maps: Array.from({ length: 3 + j }, (_, m) => ({
              inputBytes: 10,
              replicas: [(m + j) % 3],
              work: 2 + ((seed * 7 + m + j + s * 3) % 5) * (1 + s),
            })),
            reduces: [{ work: 3 + ((seed + j) % 3) }],
          })),
          settings: { seed },
        }),
        spec.scenarioName ?? 'test',
        [],
      );
      const run = simulate(scenario, createScheduler(fifoScheduler, scenario));
      const renamed = { ...run, scheduler, scenario: withIds(run.scenario, scenario.name, spec.nodeIds ?? []) };
      const measured = measureRun(renamed);
      runs.push(measured.metrics);
      for (const job of renamed.jobs) if (job.status === 'succeeded') completionTimes.push(job.end! - job.submit);
      groups.push(runGroups(renamed));
      if (sample === null) {
        sample = renamed;
        overTime = measured.overTime;
      }
    }
    return { scheduler, runs, intervals: summarizeReplications(runs), completionTimes, sample: sample!, overTime, groups: replicationsOf(groups) };
  });
  return { scenario: spec.scenarioName ?? 'test', seeds, results };
}

function withIds(scenario: Scenario, name: string, nodeIds: readonly string[]): Scenario {
  return {
    ...scenario,
    name,
    cluster: {
      ...scenario.cluster,
      nodes: scenario.cluster.nodes.map((node, i) => ({ ...node, id: nodeIds[i] ?? node.id })),
    },
  };
}

/** A deterministic stream of numbers in [0, 1) (a 32-bit LCG), for synthetic tables. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A run record of `attempts` attempts spread over `nodes` nodes with 2 map and
 * 2 reduce slots each, each slot running tasks of 5 to 45 s one after the
 * other with idle gaps of up to `maxGap` seconds; about 1% of attempts failed
 * and 1% killed. Only what the charts read is filled in.
 */
export function syntheticRun(nodes: number, attempts: number, maxGap = 2, jobs = 50): RunRecord {
  const scenario = testScenario({
    nodes: Array.from({ length: nodes }, (_, i) => ({ rack: `r${i % 8}`, mapSlots: 2, reduceSlots: 2 })),
    jobs: Array.from({ length: jobs }, (_, j) => ({ id: `job${j}`, maps: [{}] })),
  });
  const next = lcg(42);
  const table: AttemptTable = {
    count: attempts,
    job: new Int32Array(attempts),
    task: new Int32Array(attempts),
    kind: new Uint8Array(attempts),
    attempt: new Int32Array(attempts),
    node: new Int32Array(attempts),
    start: new Float64Array(attempts),
    end: new Float64Array(attempts),
    status: new Uint8Array(attempts),
    locality: new Uint8Array(attempts),
    bytesIn: new Float64Array(attempts),
    networkBytes: new Float64Array(attempts),
    byteHops: new Float64Array(attempts),
  };
  const slotFree = new Float64Array(nodes * 4);
  let endTime = 0;
  for (let i = 0; i < attempts; i++) {
    const slot = i % slotFree.length;
    const kind = slot % 4 < 2 ? KIND_MAP : KIND_REDUCE;
    const start = slotFree[slot] + next() * maxGap;
    const end = start + 5 + next() * 40;
    const roll = next();
    table.job[i] = i % jobs;
    table.task[i] = i;
    table.kind[i] = kind;
    table.node[i] = Math.floor(slot / 4);
    table.start[i] = start;
    table.end[i] = end;
    table.status[i] = roll < 0.01 ? STATUS_FAILED : roll < 0.02 ? STATUS_KILLED : STATUS_SUCCEEDED;
    table.locality[i] = kind === KIND_MAP ? LOCALITY_NODE : LOCALITY_NONE;
    slotFree[slot] = end;
    endTime = Math.max(endTime, end);
  }
  const jobRecords: JobRecord[] = scenario.jobs.map((job) => ({
    id: job.id,
    user: job.user,
    pool: job.pool,
    weight: 1,
    submit: 0,
    firstStart: 0,
    mapsDone: endTime,
    end: endTime,
    status: 'succeeded',
    failure: null,
  }));
  return { scenario, scheduler: 'synthetic', seed: 1, attempts: table, jobs: jobRecords, endTime, events: 0, stalled: false };
}

/**
 * syntheticRun(200, 200_000, 40) with task numbers in no order a difference
 * predicts (xorshift draws), as a day's maps launch: packed, about 0.8 MB of
 * text a run for the task numbers and 0.87 MB for the other columns, so that
 * five such runs pass the report page's budget.
 */
export function scatteredTaskRun(): RunRecord {
  const run = syntheticRun(200, 200_000, 40);
  let state = 2_463_534_242;
  run.attempts.task.forEach((_, i) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    run.attempts.task[i] = (state >>> 0) % 1_000_003;
  });
  return run;
}
