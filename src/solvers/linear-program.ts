/**
 * LP and MIP models solved with HiGHS (the `highs` WebAssembly build), behind
 * a small typed interface: variables with bounds (continuous or integer),
 * linear constraints, one linear objective, an optional time limit. The
 * outcome is a value with a status, never a throw, so a planner can report
 * "timed out" or "infeasible" like any other result. `loadLinearSolver`
 * loads HiGHS once; the solver it gives solves synchronously.
 */
import highsModule from 'highs';

export interface LinearTerm {
  /** Index into the model's variables. */
  readonly variable: number;
  readonly coefficient: number;
}

export interface Variable {
  readonly name?: string;
  /** Defaults: lower 0, upper +∞. */
  readonly lower?: number;
  readonly upper?: number;
  readonly integer?: boolean;
}

export interface Constraint {
  readonly terms: readonly LinearTerm[];
  /** Defaults: −∞ and +∞ (give at least one). */
  readonly lower?: number;
  readonly upper?: number;
}

export interface LinearModel {
  readonly sense: 'minimize' | 'maximize';
  readonly objective: readonly LinearTerm[];
  readonly variables: readonly Variable[];
  readonly constraints: readonly Constraint[];
}

export interface SolveOptions {
  /** Seconds of wall time before HiGHS stops with its best solution so far (a loaded machine stops it sooner). */
  readonly timeLimitSeconds?: number;
  /** Branch-and-bound nodes of a MIP before HiGHS stops with its best solution so far: a limit the machine's load cannot move. */
  readonly nodeLimit?: number;
  /**
   * Leave out presolve's merging of parallel rows and columns. In big-M models HiGHS (1.15) can merge a
   * binary column with a parallel continuous one that its postsolve cannot split back, and then reports
   * a feasible model infeasible, or fails with error −1.
   */
  readonly withoutParallelMerging?: boolean;
}

/**
 * optimal: proved optimal. feasible: stopped at the time or node limit with a
 * solution that may not be optimal. timedout: stopped at a limit without one.
 * infeasible / unbounded: proved so. error: HiGHS failed (the detail says how).
 */
export type SolveStatus = 'optimal' | 'feasible' | 'timedout' | 'infeasible' | 'unbounded' | 'error';

export interface SolveResult {
  readonly status: SolveStatus;
  /** Objective value and variable values when status is optimal or feasible. */
  readonly objective?: number;
  readonly values?: Float64Array;
  /** HiGHS's own status text. */
  readonly detail: string;
}

/** A loaded HiGHS: solves synchronously, so a policy can call it in the middle of a simulated run. */
export interface LinearSolver {
  solve(model: LinearModel, options?: SolveOptions): SolveResult;
}

type HighsLoader = typeof highsModule.default;
type HighsModule = Awaited<ReturnType<HighsLoader>>;
// The package's one type file reads as CommonJS (the loader at `.default`); Node's ES entry exports the loader itself.
const loadHighs: HighsLoader = (highsModule as { default?: HighsLoader }).default ?? (highsModule as unknown as HighsLoader);
let loading: Promise<LinearSolver> | undefined;

/**
 * HiGHS, loaded once per process (compiling its WebAssembly is the only
 * asynchronous step); every later call returns the same solver.
 */
export function loadLinearSolver(): Promise<LinearSolver> {
  loading ??= loadHighs().then((highs) => ({ solve: (model, options) => solveWith(highs, model, options) }));
  return loading;
}

/** Loads HiGHS if needed and solves one model. */
export async function solveLinearModel(model: LinearModel, options: SolveOptions = {}): Promise<SolveResult> {
  return (await loadLinearSolver()).solve(model, options);
}

/** HiGHS's presolve_rule_off bit for its reduction of parallel rows and columns (rule 13; native HiGHS takes it, highs-js's types leave it out). */
const PARALLEL_ROWS_AND_COLUMNS = 1 << 13;

function solveWith(highs: HighsModule, model: LinearModel, options: SolveOptions = {}): SolveResult {
  let solution: ReturnType<HighsModule['solve']>;
  try {
    solution = highs.solve(lpFormat(model), {
      output_flag: false,
      ...(options.timeLimitSeconds === undefined ? {} : { time_limit: options.timeLimitSeconds }),
      ...(options.nodeLimit === undefined ? {} : { mip_max_nodes: options.nodeLimit }),
      ...(options.withoutParallelMerging === true ? { presolve_rule_off: PARALLEL_ROWS_AND_COLUMNS } : {}),
    });
  } catch (error) {
    return { status: 'error', detail: error instanceof Error ? error.message : String(error) };
  }
  const values = new Float64Array(model.variables.length);
  for (let i = 0; i < values.length; i++) {
    const column = solution.Columns[`x${i}`];
    values[i] = column !== undefined && 'Primal' in column ? column.Primal : Number.NaN;
  }
  // A stopped solve may report columns without an incumbent: only values that satisfy the model count as a solution.
  const status = statusOf(solution.Status, satisfies(model, values), options.nodeLimit !== undefined);
  if (status !== 'optimal' && status !== 'feasible') return { status, detail: solution.Status };
  return { status, objective: objectiveOf(model, values), values, detail: solution.Status };
}

/** Tolerance for checking a solution against bounds, rows and integrality (HiGHS's own defaults are 1e-7 and 1e-6). */
const TOLERANCE = 1e-6;

/** Whether the values meet every bound, integrality and constraint of the model. */
export function satisfies(model: LinearModel, values: Float64Array): boolean {
  const within = (value: number, lower = -Infinity, upper = Infinity): boolean =>
    value >= lower - TOLERANCE * Math.max(1, Math.abs(lower)) && value <= upper + TOLERANCE * Math.max(1, Math.abs(upper));
  const variablesOk = model.variables.every((variable, i) => {
    const value = values[i];
    if (!within(value, variable.lower ?? 0, variable.upper ?? Infinity)) return false;
    return variable.integer !== true || Math.abs(value - Math.round(value)) <= TOLERANCE;
  });
  return (
    variablesOk &&
    model.constraints.every((row) => within(row.terms.reduce((sum, term) => sum + term.coefficient * values[term.variable], 0), row.lower, row.upper))
  );
}

function statusOf(status: string, hasSolution: boolean, nodeLimited: boolean): SolveStatus {
  switch (status) {
    case 'Optimal':
      return 'optimal';
    case 'Time limit reached':
    case 'Iteration limit reached':
      return hasSolution ? 'feasible' : 'timedout';
    // HiGHS names a node limit reached without a solution so.
    case 'Unknown':
      return nodeLimited && !hasSolution ? 'timedout' : 'error';
    case 'Infeasible':
      return 'infeasible';
    case 'Unbounded':
    case 'Primal infeasible or unbounded':
      return 'unbounded';
    default:
      return 'error';
  }
}

function objectiveOf(model: LinearModel, values: Float64Array): number {
  return model.objective.reduce((sum, term) => sum + term.coefficient * values[term.variable], 0);
}

/** The model in CPLEX LP format, variables named x0, x1, … (the names given are for callers only). */
export function lpFormat(model: LinearModel): string {
  const lines = [model.sense === 'minimize' ? 'Minimize' : 'Maximize', ` obj: ${expression(model.objective)}`, 'Subject To'];
  model.constraints.forEach((constraint, i) => {
    const body = expression(constraint.terms);
    const { lower, upper } = constraint;
    if (lower !== undefined && upper !== undefined && lower === upper) lines.push(` c${i}: ${body} = ${number(lower)}`);
    else {
      if (lower !== undefined && lower > -Infinity) lines.push(` c${i}l: ${body} >= ${number(lower)}`);
      if (upper !== undefined && upper < Infinity) lines.push(` c${i}u: ${body} <= ${number(upper)}`);
    }
  });
  lines.push('Bounds');
  model.variables.forEach((variable, i) => {
    const lower = variable.lower ?? 0;
    const upper = variable.upper ?? Infinity;
    lines.push(` ${lower === -Infinity ? '-inf' : number(lower)} <= x${i} <= ${upper === Infinity ? 'inf' : number(upper)}`);
  });
  const integers = model.variables.flatMap((variable, i) => (variable.integer === true ? [`x${i}`] : []));
  if (integers.length > 0) lines.push('General', ` ${integers.join(' ')}`);
  lines.push('End');
  return lines.join('\n');
}

function expression(terms: readonly LinearTerm[]): string {
  if (terms.length === 0) return '0 x0';
  return terms
    .map((term, i) => {
      const sign = term.coefficient < 0 ? '- ' : i === 0 ? '' : '+ ';
      return `${sign}${number(Math.abs(term.coefficient))} x${term.variable}`;
    })
    .join(' ');
}

/** A finite number as LP format writes it (JavaScript's shortest round-trip form, exponents included). */
function number(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return String(value);
}
