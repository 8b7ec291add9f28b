// The rows a Gantt view shows: the nodes its filter keeps, in their order
// (node indices, rising), from row `r0` on for `rowsShown` rows; which
// rows it draws, and whether those hold some node of a range (the page
// loads the attempts of the nodes in view only).

/** @typedef {(first: number, last: number) => boolean} NodesShown whether a row in view is one of the nodes `first` to `last` */

/**
 * The first and last row drawn, a row partly in view counted.
 * @param {number} count rows kept by the filter
 * @param {number} r0 the view's first row (fractional)
 * @param {number} rowsShown rows the view's height spans
 * @returns {[number, number]}
 */
export function rowsDrawn(count, r0, rowsShown) {
  return [Math.max(0, Math.floor(r0)), Math.min(count - 1, Math.ceil(r0 + rowsShown))];
}

/**
 * Whether rows `from` to `to` (node indices, rising) hold a node from `first` to `last`.
 * @param {ArrayLike<number>} rows
 * @param {number} from
 * @param {number} to
 * @param {number} first
 * @param {number} last
 */
export function holdsNodeIn(rows, from, to, first, last) {
  // The first of those rows at or past `first`.
  let lo = from;
  let hi = to + 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid] < first) lo = mid + 1;
    else hi = mid;
  }
  return lo <= to && rows[lo] <= last;
}
