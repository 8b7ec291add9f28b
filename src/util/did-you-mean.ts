/**
 * "did you mean" for a mistyped name: the known name nearest to the one
 * found, by edit distance (insertions, deletions, substitutions and swaps of
 * neighbours, each one edit), when it is near enough to be a typo: at most 2
 * edits, and fewer than half the name's length.
 */

/** " (did you mean 'fair'?)" for `found` among `known`, or '' when nothing is near. */
export function didYouMean(found: string, known: readonly string[]): string {
  let best = '';
  let bestDistance = Infinity;
  for (const name of known) {
    const distance = editDistance(found.toLowerCase(), name.toLowerCase());
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return bestDistance <= 2 && bestDistance < Math.max(found.length, best.length) / 2 ? ` (did you mean '${best}'?)` : '';
}

/** Optimal string alignment distance: Levenshtein with adjacent transpositions. */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
