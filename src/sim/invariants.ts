/**
 * Whole-run invariants: what every run must satisfy whatever the scheduler.
 * Returns the violations found (empty when the run is sound). Used by the
 * scheduler conformance suite; useful to anyone writing a scheduler.
 */
import { NO_RESOURCES, type Resources } from '../model/resources.js';
import { KIND_MAP, KIND_REDUCE, STATUS_FAILED, STATUS_KILLED, STATUS_SUCCEEDED, type RunRecord } from '../model/run-record.js';

export function checkRunInvariants(run: RunRecord): string[] {
  return [
    ...slotsNeverOverbooked(run),
    ...nothingBeforeSubmission(run),
    ...noTaskRunsTwiceAtOnce(run),
    ...finishedJobsAreComplete(run),
    ...everyReduceFetchedItsShare(run),
    ...nothingOnDeadNodes(run),
    ...endsRecordedInOrder(run),
  ];
}

/** An ApplicationMaster's container, beside the task kinds in the sweep below. */
const KIND_AM = 2;

/**
 * No node runs more maps, reduces, or tasks and ApplicationMasters together
 * than it has slots; on a resource node, no more memory or vcores than it has.
 */
function slotsNeverOverbooked(run: RunRecord): string[] {
  const a = run.attempts;
  const { cluster, jobs, settings } = run.scenario;
  const nodes = cluster.nodes;
  const am = settings.yarn?.amContainer ?? NO_RESOURCES;
  const containerOf = (job: number, kind: number): Resources =>
    (kind === KIND_MAP ? jobs[job].mapContainer : jobs[job].reduceContainer) ?? NO_RESOURCES;
  // Sweep per node: +1 at a start, -1 at an end; ends first at equal times (a slot freed at t is reusable at t).
  const events: Array<[node: number, time: number, delta: number, kind: number, container: Resources]> = [];
  for (let i = 0; i < a.count; i++) {
    const container = containerOf(a.job[i], a.kind[i]);
    events.push([a.node[i], a.start[i], 1, a.kind[i], container], [a.node[i], a.end[i], -1, a.kind[i], container]);
  }
  for (const master of run.applicationMasters ?? []) {
    events.push([master.node, master.start, 1, KIND_AM, am], [master.node, master.end ?? run.endTime, -1, KIND_AM, am]);
  }
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const problems: string[] = [];
  const running = [0, 0, 0];
  let memory = 0;
  let vcores = 0;
  for (const [node, time, delta, kind, container] of events) {
    running[kind] += delta;
    memory += delta * container.memory;
    vcores += delta * container.vcores;
    const spec = nodes[node];
    if (running[KIND_MAP] > spec.mapSlots || running[KIND_REDUCE] > spec.reduceSlots) {
      problems.push(`node ${spec.id} over-booked at ${time}: ${running[KIND_MAP]} maps, ${running[KIND_REDUCE]} reduces`);
    } else if (running[KIND_MAP] + running[KIND_REDUCE] + running[KIND_AM] > spec.totalSlots) {
      const ams = running[KIND_AM] > 0 ? ` with ${running[KIND_AM]} ApplicationMasters` : '';
      problems.push(`node ${spec.id} over its ${spec.totalSlots} slots at ${time}${ams}`);
    } else if (spec.slotModel === 'resources' && (memory > spec.memory || vcores > spec.vcores)) {
      problems.push(`node ${spec.id} over its memory or vcores at ${time}: ${memory / 2 ** 20} MB and ${vcores} vcores held`);
    }
  }
  return problems;
}

/** No attempt starts before its job's setup is over: after its submission, or in YARN mode after its first ApplicationMaster started. */
function nothingBeforeSubmission(run: RunRecord): string[] {
  const a = run.attempts;
  const problems: string[] = [];
  const setupFrom = run.scenario.jobs.map((job) => (run.applicationMasters === undefined ? job.submitTime : Infinity));
  for (const am of run.applicationMasters ?? []) setupFrom[am.job] = Math.min(setupFrom[am.job], am.start);
  for (let i = 0; i < a.count; i++) {
    const job = run.scenario.jobs[a.job[i]];
    const setUp = setupFrom[a.job[i]] + (job.setupTime ?? run.scenario.settings.jobSetup);
    if (a.start[i] < setUp) problems.push(`attempt ${i} of job ${job.id} started before its submission and setup`);
    if (a.end[i] < a.start[i]) problems.push(`attempt ${i} of job ${job.id} ends before it starts`);
  }
  return problems;
}

function noTaskRunsTwiceAtOnce(run: RunRecord): string[] {
  const a = run.attempts;
  const byTask = new Map<string, number[]>();
  for (let i = 0; i < a.count; i++) {
    const key = `${a.job[i]}/${a.kind[i]}/${a.task[i]}`;
    const list = byTask.get(key);
    if (list === undefined) byTask.set(key, [i]);
    else list.push(i);
  }
  const problems: string[] = [];
  // With speculative execution of its kind a task may run twice at once (an attempt and its backup), never more.
  const { speculation } = run.scenario.settings;
  const mapsAtOnce = speculation.maps ? 2 : 1;
  const reducesAtOnce = speculation.reduces ? 2 : 1;
  for (const [key, attempts] of byTask) {
    attempts.sort((x, y) => a.start[x] - a.start[y]);
    const most = a.kind[attempts[0]] === KIND_MAP ? mapsAtOnce : reducesAtOnce;
    for (let k = 1; k < attempts.length; k++) {
      let running = 1;
      for (let j = 0; j < k; j++) if (a.start[attempts[k]] < a.end[attempts[j]]) running++;
      if (running > most) problems.push(`task ${key} runs ${running === 2 ? 'twice' : `${running} times`} at ${a.start[attempts[k]]}`);
    }
  }
  return problems;
}

/**
 * A succeeded job has exactly one successful attempt per task, ends with its
 * last task, and each successful reduce ends after every map of the job had
 * produced output once (a map re-run later for a lost output does not count
 * against reduces that had already fetched it; the first output may belong to
 * an attempt now marked killed).
 */
function finishedJobsAreComplete(run: RunRecord): string[] {
  const a = run.attempts;
  const problems: string[] = [];
  const jobs = run.scenario.jobs.map((job) => ({
    successes: new Array<number>(job.maps.length + job.reduces.length).fill(0),
    firstOutput: new Array<number>(job.maps.length).fill(Infinity),
    lastEnd: -Infinity,
  }));
  for (let i = 0; i < a.count; i++) {
    const s = jobs[a.job[i]];
    const isMap = a.kind[i] === KIND_MAP;
    if (isMap && a.status[i] !== STATUS_FAILED) s.firstOutput[a.task[i]] = Math.min(s.firstOutput[a.task[i]], a.end[i]);
    if (a.status[i] !== STATUS_SUCCEEDED) continue;
    s.successes[isMap ? a.task[i] : s.firstOutput.length + a.task[i]]++;
    s.lastEnd = Math.max(s.lastEnd, a.end[i]);
  }
  const allMapsOut = jobs.map((s) => s.firstOutput.reduce((x, y) => Math.max(x, y), -Infinity));
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] !== KIND_REDUCE || a.status[i] !== STATUS_SUCCEEDED || run.jobs[a.job[i]].status !== 'succeeded') continue;
    if (a.end[i] < allMapsOut[a.job[i]]) problems.push(`job ${run.jobs[a.job[i]].id}: reduce ${a.task[i]} ended before every map had output`);
  }
  run.jobs.forEach((job, j) => {
    if (job.status !== 'succeeded') return;
    const s = jobs[j];
    if (!s.successes.every((n) => n === 1)) {
      problems.push(`job ${job.id} succeeded without exactly one successful attempt per task`);
    }
    const spec = run.scenario.jobs[j];
    const commit = spec.commitTime ?? run.scenario.settings.jobCommit;
    // A cleanup task holding a slot first waits for one (and runs again if its node fails): it ends no sooner.
    const waits = run.scenario.settings.setupCleanupSlots && run.scenario.settings.yarn === null && commit > 0;
    if (s.successes.length > 0 && (waits ? job.end! < s.lastEnd + commit : job.end !== s.lastEnd + commit)) {
      problems.push(`job ${job.id} ends at ${job.end}, its last task at ${s.lastEnd} and its commit takes ${commit}`);
    }
  });
  return problems;
}

/**
 * No data lost: every succeeded reduce copied exactly its share of every map
 * output of its job (a map's output counts once, whichever attempt wrote it).
 */
function everyReduceFetchedItsShare(run: RunRecord): string[] {
  const a = run.attempts;
  const problems: string[] = [];
  const outputs = run.scenario.jobs.map((job) => job.maps.totalOutputBytes());
  for (let i = 0; i < a.count; i++) {
    if (a.kind[i] !== KIND_REDUCE || a.status[i] !== STATUS_SUCCEEDED) continue;
    const job = run.scenario.jobs[a.job[i]];
    const share = job.reduces[a.task[i]].shuffleShare * outputs[a.job[i]];
    if (Math.abs(a.bytesIn[i] - share) > 1e-9 * Math.max(1, share)) {
      problems.push(`reduce ${a.task[i]} of job ${job.id} fetched ${a.bytesIn[i]} B of its share of ${share} B`);
    }
  }
  return problems;
}

function nothingOnDeadNodes(run: RunRecord): string[] {
  const a = run.attempts;
  const problems: string[] = [];
  for (const failure of run.scenario.settings.failures) {
    const down = failure.recoverAt ?? Infinity;
    for (let i = 0; i < a.count; i++) {
      if (a.node[i] === failure.node && a.start[i] >= failure.at && a.start[i] < down) {
        problems.push(`attempt ${i} launched on node ${failure.node} while it was down`);
      }
    }
  }
  return problems;
}

/** The record of the order attempts ended in (what the metrics walk for their ends) lists each that ended once, its ends never going down. */
function endsRecordedInOrder(run: RunRecord): string[] {
  const { ended, count, status, end } = run.attempts;
  if (ended === undefined) return []; // a table not made by the simulator
  const listed = new Uint8Array(count);
  for (let k = 0; k < ended.length; k++) {
    const i = ended[k];
    if (listed[i] === 1 || status[i] > STATUS_KILLED) return [`attempt ${i} is in the record of ended attempts twice, or still running`];
    if (k > 0 && end[i] < end[ended[k - 1]]) return [`attempt ${i} is recorded as ending after attempt ${ended[k - 1]}, which ended later`];
    listed[i] = 1;
  }
  for (let i = 0; i < count; i++) {
    if (listed[i] === 0 && status[i] <= STATUS_KILLED) return [`attempt ${i} ended but is not in the record of ended attempts`];
  }
  return [];
}
