/**
 * The suggested classes of every node kind, as the adaptive scheduler of
 * Rasooli and Down ("An Adaptive Scheduling Algorithm for Dynamic
 * Heterogeneous Hadoop Systems", CASCON 2011) uses them: the two
 * classifications of the estimated job types (min-share, JobClasses1;
 * fairness, JobClasses2), the LP of each with its canonical optimum
 * (`src/planners/adaptive/`), and for each job type and node kind whether
 * the type's class is in the kind's SC¹ and SC² sets.
 *
 * A job type the estimate leaves out (nothing is known of its shape yet) is
 * suggested everywhere: until its first tasks have run there is nothing to
 * steer it by, and holding its jobs back for the fallback would delay the very
 * tasks that would tell the scheduler about it.
 */
import type { LinearSolver } from '../../solvers/linear-program.js';
import { allocateClasses, classifyWorkload, type Classification, type ClassificationMethod } from '../../planners/adaptive/index.js';
import type { TypedEstimate } from './shape-profile.js';

export type SuggestionScope = 'min-share' | 'fairness';

export class ClassPlan {
  /** Per job type (table index) × node kind, 1 where suggested; types beyond `planned` are unknown. */
  private readonly minShare: Uint8Array;
  private readonly fairness: Uint8Array;
  private readonly planned: Uint8Array;

  constructor(
    private readonly kinds: number,
    types: number,
  ) {
    this.minShare = new Uint8Array(types * kinds);
    this.fairness = new Uint8Array(types * kinds);
    this.planned = new Uint8Array(types);
  }

  /** Whether jobs of `type` are of a class suggested to node kind `kind` in the scope's classification. */
  suggested(type: number, kind: number, scope: SuggestionScope): boolean {
    if (type >= this.planned.length || this.planned[type] === 0) return true;
    return (scope === 'min-share' ? this.minShare : this.fairness)[type * this.kinds + kind] === 1;
  }

  /**
   * The first kind suggested exactly what `kind` is, for every type in both
   * scopes: nodes of alike kinds offer their slots in the same order.
   */
  alike(kind: number): number {
    this.alikeKinds ??= Int32Array.from({ length: this.kinds }, (_, k) => {
      for (let first = 0; first < k; first++) if (this.sameColumns(first, k)) return first;
      return k;
    });
    return this.alikeKinds[kind];
  }

  private alikeKinds: Int32Array | undefined;

  private sameColumns(a: number, b: number): boolean {
    for (let t = 0; t < this.planned.length; t++) {
      const row = t * this.kinds;
      if (this.minShare[row + a] !== this.minShare[row + b] || this.fairness[row + a] !== this.fairness[row + b]) return false;
    }
    return true;
  }

  /** Marks `type` (a table index) as planned, suggested to the given kinds in each scope. */
  set(type: number, minShareKinds: readonly number[], fairnessKinds: readonly number[]): void {
    this.alikeKinds = undefined;
    this.planned[type] = 1;
    for (const k of minShareKinds) this.minShare[type * this.kinds + k] = 1;
    for (const k of fairnessKinds) this.fairness[type * this.kinds + k] = 1;
  }
}

/** Classify, solve both LPs, and record each type's suggested kinds; `types` is the size of the type table. */
export function planClasses(typed: TypedEstimate, types: number, method: ClassificationMethod, solver: LinearSolver): ClassPlan {
  const { estimate, typeIndices } = typed;
  const kinds = estimate.resources.length;
  const plan = new ClassPlan(kinds, types);
  const classifications = classifyWorkload(estimate, method);
  const minShare = suggestedKinds(classifications.minShare, typed, solver);
  const fairness = suggestedKinds(classifications.fairness, typed, solver);
  typeIndices.forEach((type, e) => plan.set(type, minShare[e], fairness[e]));
  return plan;
}

/** For each type of the estimate, the kinds its class is suggested to (none for a type the classification leaves out). */
function suggestedKinds(classification: Classification, typed: TypedEstimate, solver: LinearSolver): number[][] {
  const { resources } = typed.estimate;
  const allocation = allocateClasses({ resources, classes: classification.classes }, solver);
  const kindsOfClass: number[][] = classification.classes.map(() => []);
  allocation.suggested.forEach((classes, k) => {
    for (const c of classes) kindsOfClass[c].push(k);
  });
  return Array.from(classification.classOf, (c) => (c < 0 ? [] : kindsOfClass[c]));
}
