/** Where a marker first stands in a text, as the line and column a located problem gives. */
export function placeOf(text: string, marker: string): { line: number; column: number } {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker} in the text`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
