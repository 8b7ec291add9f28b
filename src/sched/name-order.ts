/** Names in code-unit order: the same on every machine and locale (pool and queue names break ties with it). */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
