/**
 * The optimal schedule of a small instance of the problem of "On the
 * Optimality of Scheduling Dependent MapReduce Tasks on Heterogeneous
 * Machines" (Aggarwal, Xu, Lan, Subramaniam), which is strongly NP-hard: a
 * MIP solved by HiGHS with a time limit, so that every heuristic's objective
 * can be set against the true optimum and not only the LP bound. Not in the
 * paper.
 *
 * The MIP, over tasks t (maps and reduces) and machines i, with d_t the
 * task's size and H = max r_j + Σ_t d_t / min_i s_i (some optimal schedule
 * ends by then: one with no idle time but what releases and precedence
 * force, whose critical path holds each task once):
 *
 *   x_ti ∈ {0,1}, Σ_i x_ti = 1                      t runs on one machine
 *   E_t = S_t + Σ_i (d_t/s_i) x_ti                  its end (an expression)
 *   S_t ≥ r_j for the maps of job j                 release
 *   S_u ≥ E_t for each reduce u and map t of a job  precedence
 *   C_j ≥ E_t for each task of job j
 *   y_tu ∈ {0,1} for each pair t < u (t first if they share a machine):
 *     S_u ≥ E_t − H(3 − x_ti − x_ui − y_tu)   and   S_t ≥ E_u − H(2 − x_ti − x_ui + y_tu)
 *   minimise Σ_j w_j C_j
 *
 * A map and a reduce of the same job need no pair: precedence orders them.
 * The big-M rows make a weak relaxation, so the model also carries what is
 * known to hold for every schedule, which lets HiGHS prune: C_j ≥ (7); the
 * cuts (2) tight at LP-MapReduce's optimum (its relaxation is then at least
 * the LP bound); S_t ≤ S_u for two tasks of a job of the same kind and size
 * (swapping them changes nothing); and, when the caller knows a schedule
 * (a heuristic's), Σ w_j C_j ≤ its objective. On five random instances of
 * 10 tasks these took the solve from 90 s in all to 16 s.
 *
 * The solution's machines and each machine's order (its y) are then timed
 * again with the schedule builder (each task as early as its machine and job
 * allow), which can only move tasks earlier, so the schedule reported is
 * exact in floating point and no worse than the MIP's.
 */
import { InputError } from '../../util/input-error.js';
import type { TaskKind } from '../../model/run-record.js';
import type { LinearModel, LinearSolver, LinearTerm, SolveStatus, Variable } from '../../solvers/linear-program.js';
import { taskCount, type DmrsInstance } from './dmrs-instance.js';
import { lpData } from './lp-data.js';
import { solveByCuts } from './lp-cutting-planes.js';
import type { CutFamily } from './lp-solution.js';
import { replaySchedule, type DmrsSchedule, type Placement } from './schedule.js';

/** The largest instance the MIP takes: its rows grow as T²·M, and HiGHS's search much faster. */
export const OPTIMAL_LIMITS = { tasks: 16, machines: 32 } as const;

export interface OptimalSchedule {
  /** optimal, feasible (the time limit struck with a schedule found), timedout (none found), or the solver's other statuses. */
  readonly status: SolveStatus;
  readonly schedule?: DmrsSchedule;
}

interface Task {
  readonly job: number;
  readonly kind: TaskKind;
  readonly task: number;
  readonly size: number;
}

/** Whether the MIP takes the instance (OPTIMAL_LIMITS). */
export function fitsOptimal(instance: DmrsInstance): boolean {
  return taskCount(instance) <= OPTIMAL_LIMITS.tasks && instance.machines.length <= OPTIMAL_LIMITS.machines;
}

/** Branch-and-bound nodes the MIP may take by default: the worked example needs some thousands. */
export const DEFAULT_MIP_NODE_LIMIT = 100_000;

export interface OptimalOptions {
  /** Seconds of wall time each HiGHS solve may take; none by default. */
  readonly timeLimitSeconds?: number;
  /** Branch-and-bound nodes the MIP may take (DEFAULT_MIP_NODE_LIMIT when absent): the same answer whatever the machine's load. */
  readonly nodeLimit?: number;
  /** Σ w_j C_j of a known schedule: the optimum is no more. */
  readonly upperBound?: number;
}

export function optimalSchedule(solver: LinearSolver, instance: DmrsInstance, options: OptimalOptions = {}, source = 'DMRS instance'): OptimalSchedule {
  if (!fitsOptimal(instance)) {
    const count = taskCount(instance);
    throw new InputError(source, [
      count > OPTIMAL_LIMITS.tasks
        ? { path: 'jobs', expected: `at most ${OPTIMAL_LIMITS.tasks} tasks for the optimal schedule (a MIP over every pair of tasks)`, found: `${count} tasks` }
        : {
            path: 'machines',
            expected: `at most ${OPTIMAL_LIMITS.machines} machines for the optimal schedule (a MIP over every pair of tasks on every machine)`,
            found: `${instance.machines.length} machines`,
          },
    ]);
  }
  const tasks: Task[] = instance.jobs.flatMap((job, j) => [
    ...job.maps.map((size, k): Task => ({ job: j, kind: 'map', task: k, size })),
    ...job.reduces.map((size, k): Task => ({ job: j, kind: 'reduce', task: k, size })),
  ]);
  const lp = solveByCuts(solver, instance, { timeLimitSeconds: options.timeLimitSeconds });
  const cuts = lp.status === 'optimal' ? lp.cuts : [];
  // Once presolve has dropped a task's other rows (seen with a job of weight 0, whose C_j it fixes at H, and with tasks of size 0),
  // the big-M rows make a pair's y parallel to its tasks' starts, and HiGHS merges them into a column it cannot split back: a
  // feasible model came out infeasible (fast-check seed 76907130).
  const solveOptions = {
    withoutParallelMerging: true,
    nodeLimit: options.nodeLimit ?? DEFAULT_MIP_NODE_LIMIT,
    ...(options.timeLimitSeconds === undefined ? {} : { timeLimitSeconds: options.timeLimitSeconds }),
  };
  const solve = (upperBound: number | undefined) => {
    const built = scheduleModel(instance, tasks, cuts, upperBound);
    return { ...built, result: solver.solve(built.model, solveOptions) };
  };
  let solved = solve(options.upperBound);
  // The known objective only prunes; when it leaves nothing but the optimum HiGHS can fail (error −1) or call the model infeasible
  // (fast-check seed -1232874796: one machine, a map of size 0, DMRS optimal), so the model is solved again without it.
  const failed = solved.result.status === 'error' || solved.result.status === 'infeasible';
  if (failed && options.upperBound !== undefined) solved = solve(undefined);
  const { x, start, pair, result } = solved;
  if ((result.status !== 'optimal' && result.status !== 'feasible') || result.values === undefined) return { status: result.status };
  const values = result.values;
  const M = instance.machines.length;
  const machineOf = tasks.map((_, t) => {
    let machine = 0;
    for (let i = 1; i < M; i++) if (values[x(t, i)] > values[x(t, machine)]) machine = i;
    return machine;
  });
  // Each machine's tasks in the MIP's order: its y for a pair, precedence for a job's map and reduce.
  const before = (t: number, u: number): number => {
    const [first, second] = t < u ? [t, u] : [u, t];
    const y = pair(first, second);
    const firstBefore = y === undefined ? tasks[first].kind === 'map' : values[y] > 0.5;
    return firstBefore === (t === first) ? -1 : 1;
  };
  const sequences = instance.machines.map((_, i) => tasks.map((_, t) => t).filter((t) => machineOf[t] === i).sort(before));
  const placements = mergeSequences(sequences, tasks, instance, (t) => values[start(t)]).map((t): Placement => ({ ...tasks[t], machine: machineOf[t] }));
  return { status: result.status, schedule: replaySchedule(instance, placements) };
}

/**
 * One list of the tasks that keeps every machine's sequence and puts a job's
 * maps before its reduces: at each step, of the machines' next tasks that may
 * go (a map, or a reduce whose job has no map left), the one the MIP starts
 * first. The MIP's starts alone would not do: they are exact only to HiGHS's
 * tolerance, and a task of size 0 shares its start with its neighbour.
 */
function mergeSequences(sequences: readonly number[][], tasks: readonly Task[], instance: DmrsInstance, startOf: (t: number) => number): number[] {
  const next = new Int32Array(sequences.length);
  const mapsLeft = instance.jobs.map((job) => job.maps.length);
  const list: number[] = [];
  while (list.length < tasks.length) {
    let chosen = -1;
    sequences.forEach((sequence, i) => {
      const t = sequence[next[i]];
      if (t === undefined || (tasks[t].kind === 'reduce' && mapsLeft[tasks[t].job] > 0)) return;
      if (chosen < 0 || startOf(t) < startOf(sequences[chosen][next[chosen]])) chosen = i;
    });
    if (chosen < 0) throw new Error('the MIP solution orders a reduce before its own map on one machine');
    const t = sequences[chosen][next[chosen]++];
    if (tasks[t].kind === 'map') mapsLeft[tasks[t].job]--;
    list.push(t);
  }
  return list;
}

function scheduleModel(instance: DmrsInstance, tasks: readonly Task[], cuts: readonly CutFamily[], upperBound: number | undefined) {
  const { machines, jobs } = instance;
  const M = machines.length;
  const T = tasks.length;
  const slowest = machines.reduce((least, m) => Math.min(least, m.speed), Infinity);
  const horizon = jobs.reduce((latest, job) => Math.max(latest, job.release), 0) + tasks.reduce((sum, t) => sum + t.size, 0) / slowest;
  const H = Math.max(horizon, 1);
  const variables: Variable[] = [];
  const add = (variable: Variable) => variables.push(variable) - 1;
  const xBase = variables.length;
  for (let k = 0; k < T * M; k++) add({ integer: true, upper: 1 });
  const x = (t: number, i: number) => xBase + t * M + i;
  const startBase = variables.length;
  tasks.forEach((t) => add({ lower: t.kind === 'map' ? jobs[t.job].release : 0, upper: H }));
  const start = (t: number) => startBase + t;
  const completionBase = variables.length;
  const data = lpData(instance);
  jobs.forEach((_, j) => add({ lower: data.lowerBound[j], upper: H }));
  const completion = (j: number) => completionBase + j;

  const constraints: { terms: LinearTerm[]; lower?: number; upper?: number }[] = [];
  /** y_tu by t·T + u, for t < u. */
  const pairs = new Map<number, number>();
  /** S_t + Σ_i (d_t/s_i) x_ti, times `sign`. */
  const end = (t: number, sign: number): LinearTerm[] => [
    { variable: start(t), coefficient: sign },
    ...machines.map((m, i) => ({ variable: x(t, i), coefficient: (sign * tasks[t].size) / m.speed })).filter((term) => term.coefficient !== 0),
  ];
  tasks.forEach((t, index) => {
    constraints.push({ terms: machines.map((_, i) => ({ variable: x(index, i), coefficient: 1 })), lower: 1, upper: 1 });
    constraints.push({ terms: [{ variable: completion(t.job), coefficient: 1 }, ...end(index, -1)], lower: 0 });
    if (t.kind === 'reduce') {
      tasks.forEach((m, other) => {
        if (m.job === t.job && m.kind === 'map') constraints.push({ terms: [{ variable: start(index), coefficient: 1 }, ...end(other, -1)], lower: 0 });
      });
    }
  });
  for (let t = 0; t < T; t++) {
    for (let u = t + 1; u < T; u++) {
      if (tasks[t].job === tasks[u].job && tasks[t].kind !== tasks[u].kind) continue;
      if (tasks[t].job === tasks[u].job && tasks[t].size === tasks[u].size) {
        constraints.push({ terms: [{ variable: start(u), coefficient: 1 }, { variable: start(t), coefficient: -1 }], lower: 0 });
      }
      const y = add({ integer: true, upper: 1 });
      pairs.set(t * T + u, y);
      for (let i = 0; i < M; i++) {
        // S_u − E_t + H x_ti + H x_ui + H y ≤ … as S_u − E_t − H(x_ti + x_ui + y) ≥ −3H
        constraints.push({
          terms: merged([{ variable: start(u), coefficient: 1 }, ...end(t, -1), { variable: x(t, i), coefficient: -H }, { variable: x(u, i), coefficient: -H }, { variable: y, coefficient: -H }]),
          lower: -3 * H,
        });
        // S_t − E_u − H(x_ti + x_ui − y) ≥ −2H
        constraints.push({
          terms: merged([{ variable: start(t), coefficient: 1 }, ...end(u, -1), { variable: x(t, i), coefficient: -H }, { variable: x(u, i), coefficient: -H }, { variable: y, coefficient: H }]),
          lower: -2 * H,
        });
      }
    }
  }
  const index = new Map(jobs.map((job, j) => [job.id, j]));
  for (const family of cuts) {
    const terms: LinearTerm[] = [];
    let sum = 0;
    let squares = 0;
    family.jobs.forEach((id, k) => {
      const j = index.get(id)!;
      sum += data.processing[j];
      squares += data.processing[j] * data.processing[j];
      if (data.processing[j] > 0) terms.push({ variable: completion(j), coefficient: data.processing[j] });
      if (family.prefixes.includes(k + 1)) constraints.push({ terms: [...terms], lower: (sum * sum + squares) / 2 });
    });
  }
  const objective = jobs.map((job, j): LinearTerm => ({ variable: completion(j), coefficient: job.weight })).filter((term) => term.coefficient !== 0);
  // A little slack, so a known schedule that is optimal stays feasible within HiGHS's tolerance.
  if (upperBound !== undefined && objective.length > 0) constraints.push({ terms: objective, upper: upperBound * (1 + 1e-9) + 1e-9 });
  const model: LinearModel = { sense: 'minimize', objective, variables, constraints };
  return { model, x, start, pair: (t: number, u: number) => pairs.get(t * T + u) };
}

/** Terms with each variable once, coefficients summed (a row names x_ti both in E_t and in the big-M term). */
function merged(terms: readonly LinearTerm[]): LinearTerm[] {
  const sums = new Map<number, number>();
  for (const term of terms) sums.set(term.variable, (sums.get(term.variable) ?? 0) + term.coefficient);
  return [...sums].filter(([, coefficient]) => coefficient !== 0).map(([variable, coefficient]) => ({ variable, coefficient }));
}
