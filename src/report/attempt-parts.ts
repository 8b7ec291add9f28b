/**
 * A run's attempts cut into parts, for the files beside a report page
 * (`carried-attempts.ts`): by job, and each range of jobs by node. A part
 * holds every attempt of a range of consecutive jobs on a range of
 * consecutive nodes, in launch order, so that the page loads the parts the
 * view needs: those of a stretch of time (jobs are numbered as they were
 * submitted, so a range of them runs in a stretch of the day), of the nodes
 * shown, or of a job (its range's). A range of jobs holds about `perPart`
 * attempts (a job with more is a range of its own); a range of nodes,
 * `perPartNodes` nodes. A range of jobs that ran nothing on a range of nodes
 * makes no part.
 */
import type { RunRecord } from '../model/run-record.js';

export interface AttemptPart {
  /** The jobs whose attempts it holds: indices `firstJob` to `lastJob`, both included. */
  readonly firstJob: number;
  readonly lastJob: number;
  /** The nodes whose attempts it holds: indices `firstNode` to `lastNode`, both included. */
  readonly firstNode: number;
  readonly lastNode: number;
  /** Its attempts. */
  readonly count: number;
  /** The earliest start and the latest end of its attempts (`ends`: each attempt's effective end), seconds. */
  readonly from: number;
  readonly to: number;
}

/** The parts, and each attempt's part. */
export function attemptParts(run: RunRecord, ends: Float64Array, perPart: number, perPartNodes: number): { readonly parts: AttemptPart[]; readonly partOf: Int32Array } {
  const a = run.attempts;
  const jobRanges = jobRangesOf(run, perPart);
  const nodes = run.scenario.cluster.nodes.length;
  const nodeRanges = Math.max(1, Math.ceil(nodes / perPartNodes));
  // Each attempt's cell of the grid (its jobs' range, then its node's range); the cells with attempts become parts, in that order.
  const cellOf = new Int32Array(a.count);
  const perCell = new Int32Array(jobRanges.count * nodeRanges);
  for (let i = 0; i < a.count; i++) {
    const cell = (cellOf[i] = jobRanges.rangeOf[a.job[i]] * nodeRanges + Math.floor(a.node[i] / perPartNodes));
    perCell[cell]++;
  }
  const partOfCell = new Int32Array(perCell.length).fill(-1);
  const cells: number[] = [];
  perCell.forEach((count, cell) => {
    if (count > 0) partOfCell[cell] = cells.push(cell) - 1;
  });
  // A run that launched nothing: one part, of every job and node, spanning no time.
  if (cells.length === 0) return { parts: [{ firstJob: 0, lastJob: Math.max(0, run.scenario.jobs.length - 1), firstNode: 0, lastNode: Math.max(0, nodes - 1), count: 0, from: 0, to: 0 }], partOf: new Int32Array(0) };
  const partOf = new Int32Array(a.count);
  const from = new Float64Array(cells.length).fill(Infinity);
  const to = new Float64Array(cells.length).fill(-Infinity);
  for (let i = 0; i < a.count; i++) {
    const part = (partOf[i] = partOfCell[cellOf[i]]);
    from[part] = Math.min(from[part], a.start[i]);
    to[part] = Math.max(to[part], ends[i]);
  }
  const parts = cells.map((cell, p): AttemptPart => {
    const range = Math.floor(cell / nodeRanges);
    const firstNode = (cell % nodeRanges) * perPartNodes;
    return {
      firstJob: jobRanges.first[range],
      lastJob: jobRanges.last[range],
      firstNode,
      lastNode: Math.min(nodes, firstNode + perPartNodes) - 1,
      count: perCell[cell],
      from: from[p],
      to: to[p],
    };
  });
  return { parts, partOf };
}

/** Consecutive jobs in ranges of about `perPart` attempts (a job with more alone); the jobs after the last that ran anything join the last range. */
function jobRangesOf(run: RunRecord, perPart: number): { readonly count: number; readonly first: number[]; readonly last: number[]; readonly rangeOf: Int32Array } {
  const a = run.attempts;
  const jobs = run.scenario.jobs.length;
  const perJob = new Int32Array(jobs);
  for (let i = 0; i < a.count; i++) perJob[a.job[i]]++;
  const first: number[] = [];
  const last: number[] = [];
  const counts: number[] = [];
  const rangeOf = new Int32Array(jobs);
  for (let job = 0; job < jobs; job++) {
    const r = counts.length - 1;
    if (r < 0 || (counts[r] > 0 && counts[r] + perJob[job] > perPart)) {
      first.push(job);
      last.push(job);
      counts.push(perJob[job]);
    } else {
      last[r] = job;
      counts[r] += perJob[job];
    }
    rangeOf[job] = counts.length - 1;
  }
  // A last range of jobs that ran nothing joins the one before.
  if (counts.length > 1 && counts.at(-1) === 0) {
    const r = counts.length - 2;
    last[r] = last.pop()!;
    first.pop();
    counts.pop();
    for (let job = first[r]; job < jobs; job++) rangeOf[job] = r;
  }
  return { count: counts.length, first, last, rangeOf };
}
