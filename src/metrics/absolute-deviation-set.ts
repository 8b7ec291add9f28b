/**
 * A fixed set of elements 0..n−1, each with a value and an on/off flag, that
 * answers Σ |x − mean| over the elements that are on, where mean is their
 * mean. The fairness metric needs this after every slot change, for the users
 * of one priority level.
 *
 * How: the elements are kept sorted by value in an array of positions, with
 * two Fenwick trees over the positions holding each on-element's count (1)
 * and value. With μ = S/n and (n_b, S_b) the count and sum of on-elements
 * below μ, Σ |x − μ| = (S − S_b) − (n − n_b)·μ + n_b·μ − S_b. A query is one
 * binary search and two prefix sums, O(log n).
 *
 * Changing a value moves the element to its new place. It first swaps with
 * the last (or first) element of its run of equal values, which costs two
 * tree updates, then shifts past any element strictly between the old and new
 * value, one tree update each. When values change by ±1 and all values differ
 * by integers (slot counts minus whole-slot min shares), nothing lies strictly
 * between, so an update is O(log n); arbitrary values still give the right
 * answer, at O(k log n) for k elements passed.
 */
export class AbsoluteDeviationSet {
  private readonly size: number;
  /** Element at each position; positions are sorted by value. */
  private readonly order: Int32Array;
  /** Position of each element. */
  private readonly position: Int32Array;
  /** Value at each position (ascending). */
  private readonly value: Float64Array;
  private readonly on: Uint8Array;
  /** What each position currently contributes to the trees. */
  private readonly countAt: Float64Array;
  private readonly sumAt: Float64Array;
  /** Fenwick trees, 1-based. */
  private readonly countTree: Float64Array;
  private readonly sumTree: Float64Array;

  /** All elements start off. */
  constructor(initialValues: ArrayLike<number>) {
    const n = initialValues.length;
    this.size = n;
    this.order = new Int32Array(n);
    this.position = new Int32Array(n);
    this.value = new Float64Array(n);
    this.on = new Uint8Array(n);
    this.countAt = new Float64Array(n);
    this.sumAt = new Float64Array(n);
    this.countTree = new Float64Array(n + 1);
    this.sumTree = new Float64Array(n + 1);
    const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) => initialValues[a] - initialValues[b] || a - b);
    sorted.forEach((element, p) => {
      this.order[p] = element;
      this.position[element] = p;
      this.value[p] = initialValues[element];
    });
  }

  valueOf(element: number): number {
    return this.value[this.position[element]];
  }

  isOn(element: number): boolean {
    return this.on[element] === 1;
  }

  setOn(element: number, on: boolean): void {
    const flag = on ? 1 : 0;
    if (this.on[element] === flag) return;
    this.on[element] = flag;
    const p = this.position[element];
    this.write(p, element, this.value[p]);
  }

  setValue(element: number, v: number): void {
    const p = this.position[element];
    const x = this.value[p];
    if (v === x) return;
    if (v > x) {
      // Swap to the end of the run of values equal to x, then shift past values in (x, v).
      const last = this.firstAbove(x) - 1;
      if (last !== p) this.write(p, this.order[last], x);
      const target = this.firstAtLeast(v) - 1;
      for (let k = last; k < target; k++) this.write(k, this.order[k + 1], this.value[k + 1]);
      this.write(target, element, v);
    } else {
      // Swap to the start of the run of values equal to x, then shift past values in (v, x).
      const first = this.firstAtLeast(x);
      if (first !== p) this.write(p, this.order[first], x);
      const target = this.firstAbove(v);
      for (let k = first; k > target; k--) this.write(k, this.order[k - 1], this.value[k - 1]);
      this.write(target, element, v);
    }
  }

  /** Number of elements that are on. */
  countOn(): number {
    return this.prefix(this.countTree, this.size);
  }

  /** Σ |x − mean| over the elements that are on; 0 when none is. */
  sumAbsoluteDeviation(): number {
    const n = this.prefix(this.countTree, this.size);
    if (n === 0) return 0;
    const total = this.prefix(this.sumTree, this.size);
    const mu = total / n;
    const below = this.firstAtLeast(mu);
    const nb = this.prefix(this.countTree, below);
    const sb = this.prefix(this.sumTree, below);
    const result = total - sb - (n - nb) * mu + nb * mu - sb;
    return result > 0 ? result : 0;
  }

  /** Puts `element` with value `v` at position `p` and updates the trees by the difference. */
  private write(p: number, element: number, v: number): void {
    this.order[p] = element;
    this.position[element] = p;
    this.value[p] = v;
    const count = this.on[element];
    const sum = count === 1 ? v : 0;
    const dc = count - this.countAt[p];
    const ds = sum - this.sumAt[p];
    if (dc === 0 && ds === 0) return;
    this.countAt[p] = count;
    this.sumAt[p] = sum;
    for (let i = p + 1; i <= this.size; i += i & -i) {
      this.countTree[i] += dc;
      this.sumTree[i] += ds;
    }
  }

  /** Σ of the first `k` positions. */
  private prefix(tree: Float64Array, k: number): number {
    let s = 0;
    for (let i = k; i > 0; i -= i & -i) s += tree[i];
    return s;
  }

  /** First position whose value is ≥ v (size if none). */
  private firstAtLeast(v: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.value[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First position whose value is > v (size if none). */
  private firstAbove(v: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.value[mid] <= v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
